import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ContentSnapshot } from '@tribes/shared';
import { tribes } from './tribes.js';
import { users } from './users.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const posts = pgTable(
  'posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tribeId: uuid('tribe_id').references(() => tribes.id, { onDelete: 'cascade' }),
    /** public: everyone; tribe: that tribe's active members only. */
    visibility: text('visibility').notNull().default('public'),
    body: text('body').notNull(),
    /** ISO 639-1 language, detected when written or corrected by the author; null when unknown (DESIGN 11.5). */
    lang: text('lang'),
    /**
     * The body's search words (foldText, words padded by spaces); null until the search module folds it:
     * a trigger clears it when the body changes (migration 0023), so no write path can leave it stale.
     */
    searchText: text('search_text'),
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    editedAt: ts('edited_at'),
    /** Soft delete: reports and the moderation log keep pointing at it. */
    deletedAt: ts('deleted_at'),
    deletedBy: uuid('deleted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('posts_created_idx').on(t.createdAt, t.id),
    index('posts_tribe_created_idx').on(t.tribeId, t.createdAt),
    index('posts_author_created_idx').on(t.authorId, t.createdAt),
    index('posts_body_trgm_idx').using('gin', sql`lower(${t.body}) gin_trgm_ops`),
    index('posts_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('posts_search_pending_idx')
      .on(t.id)
      .where(sql`${t.searchText} is null`),
    check('posts_visibility', sql`${t.visibility} in ('public', 'tribe')`),
    check('posts_tribe_visibility', sql`${t.visibility} = 'public' or ${t.tribeId} is not null`),
    check('posts_counts', sql`${t.likeCount} >= 0 and ${t.commentCount} >= 0`),
  ],
);

export const postImages = pgTable(
  'post_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    alt: text('alt').notNull().default(''),
    position: integer('position').notNull(),
    /** The widths of the smaller copies stored beside it (`<key>-<width>.webp`), for srcset; none on older rows. */
    variantWidths: integer('variant_widths').array().notNull().default([]),
  },
  (t) => [index('post_images_post_idx').on(t.postId, t.position)],
);

const pair = (name: string) =>
  pgTable(
    name,
    {
      postId: uuid('post_id')
        .notNull()
        .references(() => posts.id, { onDelete: 'cascade' }),
      userId: uuid('user_id')
        .notNull()
        .references(() => users.id, { onDelete: 'cascade' }),
      createdAt: ts('created_at').notNull().defaultNow(),
    },
    (t) => [primaryKey({ columns: [t.postId, t.userId] }), index(`${name}_user_idx`).on(t.userId, t.createdAt)],
  );

export const postLikes = pair('post_likes');
export const postFavourites = pair('post_favourites');
export const postHides = pair('post_hides');

export const comments = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    /** ISO 639-1 language, detected when written or corrected by the author; null when unknown (DESIGN 11.5). */
    lang: text('lang'),
    createdAt: ts('created_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [index('comments_post_created_idx').on(t.postId, t.createdAt)],
);

export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('user_blocks_blocked_idx').on(t.blockedId),
    check('user_blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

/**
 * Reports on anything (DESIGN 11.2): a post (to its tribe's moderators first, who may escalate it to the
 * operators), a comment, a person, a tribe or a message (to the operators). The table began with post
 * reports only, hence its name; `post_id` is set for a post report, `target_type`/`target_id` for all.
 */
export const postReports = pgTable(
  'post_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The reported post (post reports only). */
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    /** What is reported: post, comment, user, tribe or message, and its id (no foreign key: any table). */
    targetType: text('target_type').notNull().default('post'),
    targetId: uuid('target_id').notNull(),
    /** The tribe whose moderators handle it; null for posts outside any tribe. */
    tribeId: uuid('tribe_id').references(() => tribes.id, { onDelete: 'cascade' }),
    /** Who handles it now: 'tribe' (its leaders and moderators) or 'operators'. */
    handler: text('handler').notNull().default('tribe'),
    /** The reported content as it was when reported, so an edit or deletion does not erase the evidence. */
    snapshot: jsonb('snapshot').$type<ContentSnapshot>(),
    /** When a tribe's leader or moderator handed it to the operators, and their note. */
    escalatedAt: ts('escalated_at'),
    escalatedBy: uuid('escalated_by').references(() => users.id, { onDelete: 'set null' }),
    escalationNote: text('escalation_note'),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    status: text('status').notNull().default('open'),
    action: text('action'),
    note: text('note'),
    handledBy: uuid('handled_by').references(() => users.id, { onDelete: 'set null' }),
    handledAt: ts('handled_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('post_reports_tribe_status_idx').on(t.tribeId, t.status, t.createdAt),
    index('post_reports_post_reporter_idx').on(t.postId, t.reporterId),
    index('post_reports_handler_status_idx').on(t.handler, t.status, t.createdAt),
    index('post_reports_target_idx').on(t.targetType, t.targetId, t.reporterId),
    check('post_reports_status', sql`${t.status} in ('open', 'dismissed', 'actioned')`),
    check('post_reports_target_type', sql`${t.targetType} in ('post', 'comment', 'user', 'tribe', 'message')`),
    check('post_reports_handler', sql`${t.handler} in ('tribe', 'operators')`),
    check('post_reports_post_target', sql`${t.targetType} <> 'post' or ${t.postId} is not null`),
  ],
);

/** Every moderation act, with who did it and why. */
export const moderationLog = pgTable(
  'moderation_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tribeId: uuid('tribe_id')
      .notNull()
      .references(() => tribes.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'set null' }),
    targetUserId: uuid('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    reportId: uuid('report_id').references(() => postReports.id, { onDelete: 'set null' }),
    reason: text('reason').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('moderation_log_tribe_idx').on(t.tribeId, t.createdAt)],
);
