import { z } from 'zod';
import { PAGINATION } from '../constants.js';
import { PersonRefSchema, UuidSchema } from './common.js';
import { TribeSchema } from './tribes.js';
import { POST_LIMITS } from '../rules/posts.js';
import { CONTENT_LANGS } from '../rules/search.js';

export * from '../rules/posts.js';

export const POST_VISIBILITIES = ['public', 'tribe'] as const;
export type PostVisibility = (typeof POST_VISIBILITIES)[number];

/** The text fields of POST /v1/posts (multipart); images come as files named "images". */
export const CreatePostFieldsSchema = z
  .strictObject({
    body: z.string().trim().max(POST_LIMITS.bodyMax).default(''),
    tribe_id: UuidSchema.optional(),
    visibility: z.enum(POST_VISIBILITIES).default('public'),
    alt: z.array(z.string().trim().max(POST_LIMITS.altMax)).max(POST_LIMITS.maxImages).default([]),
  })
  .refine((v) => v.visibility === 'public' || v.tribe_id !== undefined, {
    error: 'validation.tribe_required',
    path: ['tribe_id'],
  });
export type CreatePostFields = z.infer<typeof CreatePostFieldsSchema>;

/** The edit dialog's form: a post's new text (the web validates with it; the API takes UpdatePostBodySchema). */
export const EditPostTextSchema = z.strictObject({ body: z.string().trim().min(1).max(POST_LIMITS.bodyMax) });

/** PATCH /v1/posts/{id}: new text (its language is detected again) and/or the author's correction of `lang` (null: unknown). */
export const UpdatePostBodySchema = z
  .strictObject({
    body: z.string().trim().min(1).max(POST_LIMITS.bodyMax).optional(),
    lang: z.enum(CONTENT_LANGS).nullable().optional(),
  })
  .refine((b) => b.body !== undefined || b.lang !== undefined, { error: 'validation.required', path: ['body'] });
export type UpdatePostBody = z.infer<typeof UpdatePostBodySchema>;

export const CommentBodySchema = z.strictObject({ body: z.string().trim().min(1).max(POST_LIMITS.commentMax) });

/** PATCH /v1/comments/{id}: the author's correction of the comment's detected language (null: unknown). */
export const UpdateCommentBodySchema = z.strictObject({ lang: z.enum(CONTENT_LANGS).nullable() });
export type UpdateCommentBody = z.infer<typeof UpdateCommentBodySchema>;

export const ReportBodySchema = z.strictObject({ reason: z.string().trim().min(1).max(POST_LIMITS.reasonMax) });

export const REPORT_ACTIONS = ['dismiss', 'delete_post', 'ban_author'] as const;
export const REPORT_STATUSES = ['open', 'dismissed', 'actioned'] as const;
export const ResolveReportBodySchema = z.strictObject({
  action: z.enum(REPORT_ACTIONS),
  note: z.string().trim().max(POST_LIMITS.reasonMax).default(''),
});

export const PageQuerySchema = z.strictObject({
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(PAGINATION.maxLimit).default(PAGINATION.defaultLimit),
});

export const ExploreQuerySchema = z.strictObject({
  q: z.string().trim().max(100).optional(),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(PAGINATION.maxLimit).default(PAGINATION.defaultLimit),
});

export const ReportListQuerySchema = z.strictObject({
  status: z.enum(REPORT_STATUSES).default('open'),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(PAGINATION.maxLimit).default(PAGINATION.defaultLimit),
});

/** Someone named in moderation: a reporter, a moderator. */
const NamedSchema = z.object({ id: z.string(), name: z.string() });
/** A tribe named on a post or a profile. */
const TribeRefSchema = z.object({ id: z.string(), name: z.string(), slug: z.string() });

/** A smaller copy of a photo, `width` pixels wide, for `srcset` (the data saver shows the smallest). */
export const ImageVariantSchema = z.object({ width: z.number().int(), url: z.string() });
export type ImageVariant = z.infer<typeof ImageVariantSchema>;

export const PostImageSchema = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  alt: z.string(),
  /** Smaller copies, narrowest first (320, 640, 1280 px wide where the photo is wider); may be empty. */
  variants: z.array(ImageVariantSchema),
});
export type PostImage = z.infer<typeof PostImageSchema>;

/** A post as the API presents it (DESIGN section 5), with what the reader may do to it. */
export const PostSchema = z.object({
  id: z.string(),
  author: PersonRefSchema,
  tribe: TribeRefSchema.nullable(),
  visibility: z.enum(POST_VISIBILITIES),
  body: z.string(),
  /** The text's language (ISO 639-1), detected when written or corrected by the author; null when unknown. */
  lang: z.string().nullable(),
  images: z.array(PostImageSchema),
  like_count: z.number().int(),
  comment_count: z.number().int(),
  liked: z.boolean(),
  favourited: z.boolean(),
  hidden: z.boolean(),
  can_edit: z.boolean(),
  can_delete: z.boolean(),
  created_at: z.string(),
  edited_at: z.string().nullable(),
});
export type Post = z.infer<typeof PostSchema>;

export const CommentSchema = z.object({
  id: z.string(),
  post_id: z.string(),
  author: PersonRefSchema,
  body: z.string(),
  /** The text's language (ISO 639-1), detected when written or corrected by the author; null when unknown. */
  lang: z.string().nullable(),
  can_delete: z.boolean(),
  /** The reader wrote it (and may correct its `lang`). */
  can_edit: z.boolean(),
  created_at: z.string(),
});
export type Comment = z.infer<typeof CommentSchema>;

/** A report in a tribe's queue, with the post as its moderator sees it (null once the post is gone). */
export const PostReportSchema = z.object({
  id: z.string(),
  post: PostSchema.nullable(),
  reporter: NamedSchema,
  reason: z.string(),
  status: z.enum(REPORT_STATUSES),
  action: z.enum(REPORT_ACTIONS).nullable(),
  note: z.string().nullable(),
  handled_by: NamedSchema.nullable(),
  handled_at: z.string().nullable(),
  created_at: z.string(),
});
export type PostReport = z.infer<typeof PostReportSchema>;

/** Another person's profile, as far as their privacy lets the reader see. */
export const UserProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  avatar_url: z.string().nullable(),
  bio: z.string(),
  role: z.string().nullable(),
  created_at: z.string(),
  primary_tribe: TribeRefSchema.nullable(),
  post_count: z.number().int(),
  blocked_by_me: z.boolean(),
  is_me: z.boolean(),
});
export type UserProfile = z.infer<typeof UserProfileSchema>;

/** One act of GET /v1/tribes/{id}/moderation_log: who did what, to which post or person, and why. */
export const ModerationEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  actor: NamedSchema.nullable(),
  post_id: z.string().nullable(),
  target_user_id: z.string().nullable(),
  report_id: z.string().nullable(),
  reason: z.string(),
  created_at: z.string(),
});
export type ModerationEntry = z.infer<typeof ModerationEntrySchema>;

/** A page of posts and the cursor of the next page (null at the end). */
export const PostPageSchema = z.object({ items: z.array(PostSchema), next_cursor: z.string().nullable() });

/** GET /v1/explore: a page of posts, plus tribes and people matching q (first page only). */
export const ExplorePageSchema = PostPageSchema.extend({
  tribes: z.array(TribeSchema),
  people: z.array(PersonRefSchema),
});
export type ExplorePage = z.infer<typeof ExplorePageSchema>;

/** One person of GET /v1/me/blocked_users. */
export const BlockedUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  avatar_url: z.string().nullable(),
  blocked_at: z.string(),
});
export type BlockedUser = z.infer<typeof BlockedUserSchema>;
