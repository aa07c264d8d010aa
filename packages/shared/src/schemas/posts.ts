import { z } from 'zod';
import { PAGINATION } from '../constants.js';
import type { Page } from './common.js';
import type { Tribe } from './tribes.js';
import { UuidSchema } from './common.js';

export const POST_LIMITS = {
  bodyMax: 5000,
  commentMax: 2000,
  reasonMax: 500,
  altMax: 300,
  maxImages: 4,
  imageMaxBytes: 10 * 1024 * 1024,
  imageMaxSide: 2048,
} as const;

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

export const UpdatePostBodySchema = z.strictObject({ body: z.string().trim().min(1).max(POST_LIMITS.bodyMax) });

export const CommentBodySchema = z.strictObject({ body: z.string().trim().min(1).max(POST_LIMITS.commentMax) });

export const ReportBodySchema = z.strictObject({ reason: z.string().trim().min(1).max(POST_LIMITS.reasonMax) });

export const REPORT_ACTIONS = ['dismiss', 'delete_post', 'ban_author'] as const;
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
  status: z.enum(['open', 'dismissed', 'actioned']).default('open'),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(PAGINATION.maxLimit).default(PAGINATION.defaultLimit),
});

export interface PostImage {
  url: string;
  width: number;
  height: number;
  alt: string;
}

/** A post as the API presents it (DESIGN section 5), with what the reader may do to it. */
export interface Post {
  id: string;
  author: { id: string; name: string; avatar_url: string | null };
  tribe: { id: string; name: string; slug: string } | null;
  visibility: PostVisibility;
  body: string;
  images: PostImage[];
  like_count: number;
  comment_count: number;
  liked: boolean;
  favourited: boolean;
  hidden: boolean;
  can_edit: boolean;
  can_delete: boolean;
  created_at: string;
  edited_at: string | null;
}

export interface Comment {
  id: string;
  post_id: string;
  author: { id: string; name: string; avatar_url: string | null };
  body: string;
  can_delete: boolean;
  created_at: string;
}

export interface PostReport {
  id: string;
  post: Post | null;
  reporter: { id: string; name: string };
  reason: string;
  status: 'open' | 'dismissed' | 'actioned';
  action: (typeof REPORT_ACTIONS)[number] | null;
  note: string | null;
  handled_by: { id: string; name: string } | null;
  handled_at: string | null;
  created_at: string;
}

/** Another person's profile, as far as their privacy lets the reader see. */
export interface UserProfile {
  id: string;
  name: string;
  avatar_url: string | null;
  bio: string;
  role: string | null;
  created_at: string;
  primary_tribe: { id: string; name: string; slug: string } | null;
  post_count: number;
  blocked_by_me: boolean;
  is_me: boolean;
}

/** One act of GET /v1/tribes/{id}/moderation_log: who did what, to which post or person, and why. */
export interface ModerationEntry {
  id: string;
  action: string;
  actor: { id: string; name: string } | null;
  post_id: string | null;
  target_user_id: string | null;
  report_id: string | null;
  reason: string;
  created_at: string;
}

/** GET /v1/explore: a page of posts, plus tribes and people matching q (first page only). */
export interface ExplorePage extends Page<Post> {
  tribes: Tribe[];
  people: { id: string; name: string; avatar_url: string | null }[];
}

/** One person of GET /v1/me/blocked_users. */
export interface BlockedUser {
  id: string;
  name: string;
  avatar_url: string | null;
  blocked_at: string;
}

export type PostToken =
  | { type: 'text'; value: string }
  | { type: 'link'; value: string; href: string }
  | { type: 'hashtag'; value: string; tag: string }
  | { type: 'mention'; value: string; name: string };

const TOKEN =
  /(https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]}»])|(^|[^\p{L}\p{N}_])#([\p{L}\p{N}_]{1,50})|(^|[^\p{L}\p{N}_@.])@([\p{L}\p{N}_.]{1,50}[\p{L}\p{N}_])/gu;

/**
 * Splits post text into plain text, links, #hashtags and @mentions, in any script. Rendering is
 * the client's job; the server uses the same function to index hashtags.
 */
export function tokenizePost(text: string): PostToken[] {
  const out: PostToken[] = [];
  let last = 0;
  const pushText = (value: string) => {
    if (!value) return;
    const prev = out[out.length - 1];
    if (prev?.type === 'text') prev.value += value;
    else out.push({ type: 'text', value });
  };
  for (const m of text.matchAll(TOKEN)) {
    const start = m.index;
    if (m[1]) {
      pushText(text.slice(last, start));
      out.push({ type: 'link', value: m[1], href: m[1] });
      last = start + m[1].length;
    } else if (m[3]) {
      const lead = m[2] ?? '';
      pushText(text.slice(last, start + lead.length));
      out.push({ type: 'hashtag', value: `#${m[3]}`, tag: m[3].toLowerCase() });
      last = start + lead.length + 1 + m[3].length;
    } else if (m[5]) {
      const lead = m[4] ?? '';
      pushText(text.slice(last, start + lead.length));
      out.push({ type: 'mention', value: `@${m[5]}`, name: m[5] });
      last = start + lead.length + 1 + m[5].length;
    }
  }
  pushText(text.slice(last));
  return out;
}

/** The hashtags of a text, lower-cased and unique. */
export function hashtagsOf(text: string): string[] {
  return [...new Set(tokenizePost(text).flatMap((t) => (t.type === 'hashtag' ? [t.tag] : [])))];
}
