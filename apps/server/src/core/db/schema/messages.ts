import { sql } from 'drizzle-orm';
import {
  bigserial,
  bigint,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A stored attachment: the file's storage key (private/), never its URL, with what the API shows of it. */
export interface StoredAttachment {
  kind: 'photo' | 'voice';
  key: string;
  mime: string;
  width?: number;
  height?: number;
  duration_ms?: number;
  waveform?: number[];
}

/** A direct conversation (one per pair, `direct_key` the two ids in order) or a group of up to 32 (DESIGN 11.4). */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    title: text('title'),
    /** `<smaller id>:<larger id>` for a direct conversation, so a pair has one; null for a group. */
    directKey: text('direct_key'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** The latest message's time (or the start): the list's order. */
    lastActivityAt: ts('last_activity_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_direct_key_unique').on(t.directKey),
    check('conversations_kind', sql`${t.kind} in ('direct', 'group')`),
  ],
);

/**
 * A member's side of a conversation: `active`, `pending` (a request to accept or decline) or
 * `declined`; `left_at` once they left. Read marker, mute, and when their unread notice is due.
 */
export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('active'),
    joinedAt: ts('joined_at').notNull().defaultNow(),
    leftAt: ts('left_at'),
    /** The last message read (null: none yet) and its sequence number, which unread counts compare with. */
    lastReadMessageId: uuid('last_read_message_id'),
    lastReadSeq: bigint('last_read_seq', { mode: 'number' }).notNull().default(0),
    lastReadAt: ts('last_read_at'),
    muted: boolean('muted').notNull().default(false),
    /** When this member's mail and push about unread messages is due (one per burst); null when none waits. */
    noticeDueAt: ts('notice_due_at'),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index('conversation_members_user_idx').on(t.userId),
    index('conversation_members_notice_due_idx').on(t.noticeDueAt),
    check('conversation_members_status', sql`${t.status} in ('active', 'pending', 'declined')`),
  ],
);

/** A message: text, one photo or one voice note; a deletion keeps the row as a tombstone (body and files gone). */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Order within and across conversations; read markers and unread counts compare it. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull().default(''),
    attachments: jsonb('attachments').$type<StoredAttachment[]>().notNull().default([]),
    createdAt: ts('created_at').notNull().defaultNow(),
    editedAt: ts('edited_at'),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    uniqueIndex('messages_seq_unique').on(t.seq),
    index('messages_conversation_seq_idx').on(t.conversationId, t.seq),
    index('messages_sender_idx').on(t.senderId, t.createdAt),
  ],
);
