import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ContentSnapshot } from '@tribes/shared';
import { users } from './users.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Every operator act (DESIGN 11.2): append-only. A trigger (migration 0019) refuses UPDATE and DELETE,
 * so no code path can edit or remove an entry. No foreign keys: an entry outlives its actor and its
 * target (a deleted account would otherwise set the actor to null, an UPDATE the trigger refuses).
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The operator; null for an act of the command line (`npm run operator`). */
    actorId: uuid('actor_id'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: uuid('target_id'),
    /** The act's reason (an appeal decision's note). */
    reason: text('reason').notNull().default(''),
    ip: text('ip'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('admin_audit_log_created_idx').on(t.createdAt, t.id),
    index('admin_audit_log_actor_idx').on(t.actorId, t.createdAt),
    index('admin_audit_log_target_idx').on(t.targetId, t.createdAt),
  ],
);

/** What a member is told about an act on their content, account or tribe, with the reason and a snapshot. */
export const moderationNotices = pgTable(
  'moderation_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    reason: text('reason').notNull(),
    /** The content acted on as it was (null for an act on the account itself). */
    snapshot: jsonb('snapshot').$type<ContentSnapshot>(),
    /** What the act was done to: post, comment, user, tribe or message, and its id. */
    targetType: text('target_type'),
    targetId: uuid('target_id'),
    /** The report the act answered, if any. */
    reportId: uuid('report_id'),
    /** A suspension's end (null: until lifted). */
    until: ts('until'),
    /** The operator who acted (null once their account is gone). */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('moderation_notices_user_idx').on(t.userId, t.createdAt),
    check('moderation_notices_kind', sql`${t.kind} in ('content_removed', 'warning', 'suspension', 'tribe_suspended')`),
  ],
);

/** A member's one appeal of a notice, and the operators' decision. */
export const moderationAppeals = pgTable(
  'moderation_appeals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    noticeId: uuid('notice_id')
      .notNull()
      .references(() => moderationNotices.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    status: text('status').notNull().default('open'),
    note: text('note'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: ts('decided_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('moderation_appeals_notice_unique').on(t.noticeId),
    index('moderation_appeals_status_idx').on(t.status, t.createdAt),
    check('moderation_appeals_status', sql`${t.status} in ('open', 'upheld', 'overturned')`),
  ],
);
