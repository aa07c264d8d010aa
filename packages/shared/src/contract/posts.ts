import { z } from 'zod';
import { IdParamsSchema } from '../schemas/common.js';
import {
  CommentBodySchema,
  CommentSchema,
  CreatePostFieldsSchema,
  ExplorePageSchema,
  ExploreQuerySchema,
  ModerationEntrySchema,
  PageQuerySchema,
  PostPageSchema,
  PostReportSchema,
  POST_LIMITS,
  PostSchema,
  ReportBodySchema,
  ReportListQuerySchema,
  ResolveReportBodySchema,
  UpdateCommentBodySchema,
  UpdatePostBodySchema,
} from '../schemas/posts.js';
import { TribeRefParamsSchema } from '../schemas/tribes.js';
import { EmptyDataSchema, endpoint } from './endpoint.js';

/**
 * Posts, the feed, explore, reactions, comments, reports and moderation (DESIGN section 5, "Posts
 * and people").
 *
 * A post is public or visible to its tribe's active members only; nobody sees the posts of someone
 * across a block, and a post the reader may not see answers 404 as if absent. Lists are newest
 * first, pages of `items` and the `next_cursor` of the next page (null at the end). Every write
 * needs `Authorization: Bearer` and is rate limited (60 per minute per user); a write may send
 * `X-Socket-Id` (Echo's socket id) so its realtime event does not come back to the same tab.
 *
 * Who may do what: the author edits a post; the author and the tribe's leaders and moderators
 * delete it (a moderator's deletion is logged). Comments are deleted by their author, the post's
 * author or the tribe's moderators. A member banned from the post's tribe may no longer like,
 * comment, edit or report there (403). Likes, favourites and hides are idempotent both ways and
 * answer the post as the reader now sees it. The 409s of reports name their conflict in the message
 * (posts.report_own, posts.already_reported, reports.already_handled), without an error_type.
 */

const PostData = z.object({ post: PostSchema });
const CommentData = z.object({ comment: CommentSchema });
const pageOf = <S extends z.ZodType>(item: S) => z.object({ items: z.array(item), next_cursor: z.string().nullable() });

const tags = ['posts'] as const;

/** Like, favourite or hide (POST sets it, DELETE clears it). */
const mark = (kind: 'like' | 'favourite' | 'hide', method: 'POST' | 'DELETE', summary: string) =>
  endpoint({
    method,
    path: `/v1/posts/{id}/${kind}`,
    summary,
    tags,
    auth: 'user',
    params: IdParamsSchema,
    data: PostData,
    errors: [401, 403, 404],
  });

export const postsEndpoints = {
  feed: endpoint({
    method: 'GET',
    path: '/v1/feed',
    summary:
      'My feed: public posts and the posts of my tribes, newest first, page by page, without the ones I hid ' +
      'or those of people across a block.',
    tags,
    auth: 'user',
    query: PageQuerySchema,
    data: PostPageSchema,
    errors: [401],
  }),
  explore: endpoint({
    method: 'GET',
    path: '/v1/explore',
    summary:
      'Public posts by engagement (likes, comments, age): of the last 30 days, or matching q; on the first page ' +
      'of a search also up to five matching tribes and people.',
    tags,
    auth: 'optional',
    query: ExploreQuerySchema,
    data: ExplorePageSchema,
    errors: [],
  }),
  tribePosts: endpoint({
    method: 'GET',
    path: '/v1/tribes/{id}/posts',
    summary: "A tribe's posts ({id}: uuid or slug) the reader may see, newest first, page by page.",
    tags,
    auth: 'optional',
    params: TribeRefParamsSchema,
    query: PageQuerySchema,
    data: PostPageSchema,
    errors: [404],
  }),
  userPosts: endpoint({
    method: 'GET',
    path: '/v1/users/{id}/posts',
    summary: "A person's posts the reader may see, newest first; 403 for a private profile, 404 across a block.",
    tags,
    auth: 'optional',
    params: IdParamsSchema,
    query: PageQuerySchema,
    data: PostPageSchema,
    errors: [403, 404],
  }),
  create: endpoint({
    method: 'POST',
    path: '/v1/posts',
    summary:
      'Publishes a post: multipart/form-data with the text fields, up to four files named "images" (JPEG, PNG, ' +
      'WebP, GIF or AVIF, 10 MB each; anything else 415) and one "alt" per image; JSON without images is ' +
      'taken too. A tribe post needs an active membership of the tribe.',
    tags,
    auth: 'user',
    body: CreatePostFieldsSchema,
    multipart: true,
    files: [{ name: 'images', max: POST_LIMITS.maxImages }],
    consumes: ['multipart/form-data', 'application/json'],
    idempotencyKey: 'optional',
    data: PostData,
    status: 201,
    errors: [401, 403, 413, 415, 503],
  }),
  show: endpoint({
    method: 'GET',
    path: '/v1/posts/{id}',
    summary: 'A post the reader may see, with their marks and rights on it.',
    tags,
    auth: 'optional',
    params: IdParamsSchema,
    data: PostData,
    errors: [404],
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/v1/posts/{id}',
    summary: "Changes a post's text (its language is detected again) or corrects its `lang` (its author).",
    tags,
    auth: 'user',
    params: IdParamsSchema,
    body: UpdatePostBodySchema,
    data: PostData,
    errors: [401, 403, 404],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/v1/posts/{id}',
    summary: "Deletes a post (its author, or the tribe's leaders and moderators, which is logged).",
    tags,
    auth: 'user',
    params: IdParamsSchema,
    data: EmptyDataSchema,
    errors: [401, 403, 404],
  }),
  like: mark('like', 'POST', 'Likes a post.'),
  unlike: mark('like', 'DELETE', 'Takes a like back.'),
  favourite: mark('favourite', 'POST', 'Keeps a post among my favourites.'),
  unfavourite: mark('favourite', 'DELETE', 'Takes a post out of my favourites.'),
  hide: mark('hide', 'POST', 'Hides a post from my lists.'),
  unhide: mark('hide', 'DELETE', 'Shows a hidden post again.'),
  comments: endpoint({
    method: 'GET',
    path: '/v1/posts/{id}/comments',
    summary: "A post's comments, oldest first, page by page, each with whether the reader may delete it.",
    tags,
    auth: 'optional',
    params: IdParamsSchema,
    query: PageQuerySchema,
    data: pageOf(CommentSchema),
    errors: [404],
  }),
  addComment: endpoint({
    method: 'POST',
    path: '/v1/posts/{id}/comments',
    summary: 'Comments on a post the reader may see; its author is notified.',
    tags,
    auth: 'user',
    params: IdParamsSchema,
    body: CommentBodySchema,
    idempotencyKey: 'optional',
    data: CommentData,
    status: 201,
    errors: [401, 403, 404],
  }),
  deleteComment: endpoint({
    method: 'DELETE',
    path: '/v1/comments/{id}',
    summary: "Deletes a comment (its author, the post's author, or the tribe's moderators).",
    tags,
    auth: 'user',
    params: IdParamsSchema,
    data: EmptyDataSchema,
    errors: [401, 403, 404],
  }),
  updateComment: endpoint({
    method: 'PATCH',
    path: '/v1/comments/{id}',
    summary: "Corrects a comment's detected language (its author).",
    tags,
    auth: 'user',
    params: IdParamsSchema,
    body: UpdateCommentBodySchema,
    data: CommentData,
    errors: [401, 403, 404],
  }),
  report: endpoint({
    method: 'POST',
    path: '/v1/posts/{id}/report',
    summary: "Reports a post to its tribe's moderators; 409 for one's own post or a report already open.",
    tags,
    auth: 'user',
    params: IdParamsSchema,
    body: ReportBodySchema,
    data: EmptyDataSchema,
    status: 201,
    errors: [401, 403, 404, 409],
  }),
  reports: endpoint({
    method: 'GET',
    path: '/v1/tribes/{id}/reports',
    summary: "A tribe's reports by status, oldest first, page by page (its leaders and moderators).",
    tags,
    auth: 'user',
    params: TribeRefParamsSchema,
    query: ReportListQuerySchema,
    data: pageOf(PostReportSchema),
    errors: [401, 403, 404],
  }),
  resolveReport: endpoint({
    method: 'POST',
    path: '/v1/reports/{id}/resolve',
    summary:
      "Closes a report: dismiss it, delete the post or ban its author from the tribe (the tribe's leaders and " +
      'moderators, within the membership rules); logged with its note; 409 reports.already_handled.',
    tags,
    auth: 'user',
    params: IdParamsSchema,
    body: ResolveReportBodySchema,
    data: EmptyDataSchema,
    errors: [401, 403, 404, 409],
  }),
  moderationLog: endpoint({
    method: 'GET',
    path: '/v1/tribes/{id}/moderation_log',
    summary: "The tribe's last 200 moderation acts, oldest first, in one page (its leaders and moderators).",
    tags,
    auth: 'user',
    params: TribeRefParamsSchema,
    data: pageOf(ModerationEntrySchema),
    errors: [401, 403, 404],
  }),
  favourites: endpoint({
    method: 'GET',
    path: '/v1/me/favourite_posts',
    summary: 'My favourite posts I may still see, the latest favourite first, page by page.',
    tags,
    auth: 'user',
    query: PageQuerySchema,
    data: PostPageSchema,
    errors: [401],
  }),
  hidden: endpoint({
    method: 'GET',
    path: '/v1/me/hidden_posts',
    summary: 'The posts I hid, the latest first, page by page.',
    tags,
    auth: 'user',
    query: PageQuerySchema,
    data: PostPageSchema,
    errors: [401],
  }),
} as const;
