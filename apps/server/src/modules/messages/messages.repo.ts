import { and, desc, eq, gt, inArray, isNull, lt, lte, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '#src/core/db/client.js';
import {
  conversationMembers,
  conversations,
  messages,
  tribeMembers,
  users,
  type StoredAttachment,
} from '#src/core/db/schema/index.js';

export type { StoredAttachment };
export type ConversationRow = typeof conversations.$inferSelect;
export type MemberRow = typeof conversationMembers.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

/** A member with what the answers show of them and what the rules read (their account's age, their settings). */
export interface MemberView extends MemberRow {
  name: string;
  avatarKey: string | null;
  locale: string;
  settings: unknown;
}

/** Members still in the conversation: not left, not declined. */
const present = and(isNull(conversationMembers.leftAt), ne(conversationMembers.status, 'declined'));

/** The only file of the messages module that touches Drizzle: conversations, their members and messages. */
export function createMessagesRepo(db: Db) {
  const repo = {
    async findConversation(id: string): Promise<ConversationRow | undefined> {
      const [row] = await db.select().from(conversations).where(eq(conversations.id, id)).limit(1);
      return row;
    },

    async findDirect(directKey: string): Promise<ConversationRow | undefined> {
      const [row] = await db.select().from(conversations).where(eq(conversations.directKey, directKey)).limit(1);
      return row;
    },

    /** A new conversation with its members, in the caller's transaction; null when the pair's direct one was made meanwhile. */
    async insertConversation(
      tx: Tx,
      row: typeof conversations.$inferInsert,
      members: { userId: string; status: 'active' | 'pending' }[],
    ): Promise<ConversationRow | null> {
      const [created] = await tx.insert(conversations).values(row).onConflictDoNothing().returning();
      if (!created) return null;
      await tx
        .insert(conversationMembers)
        .values(
          members.map((m) => ({ conversationId: created.id, userId: m.userId, status: m.status, joinedAt: row.createdAt })),
        );
      return created;
    },

    async member(conversationId: string, userId: string): Promise<MemberRow | undefined> {
      const [row] = await db
        .select()
        .from(conversationMembers)
        .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)))
        .limit(1);
      return row;
    },

    async updateMember(conversationId: string, userId: string, patch: Partial<MemberRow>, tx: Db | Tx = db): Promise<void> {
      await tx
        .update(conversationMembers)
        .set(patch)
        .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)));
    },

    /** The members of conversations still in them (not left, not declined), in the order they joined, with their names. */
    async members(conversationIds: string[]): Promise<MemberView[]> {
      if (conversationIds.length === 0) return [];
      const rows = await db
        .select({
          m: conversationMembers,
          name: users.name,
          avatarKey: users.avatarKey,
          locale: users.locale,
          settings: users.notificationSettings,
        })
        .from(conversationMembers)
        .innerJoin(users, eq(users.id, conversationMembers.userId))
        .where(and(inArray(conversationMembers.conversationId, conversationIds), present))
        .orderBy(conversationMembers.joinedAt, conversationMembers.userId);
      return rows.map((r) => ({ ...r.m, name: r.name, avatarKey: r.avatarKey, locale: r.locale, settings: r.settings }));
    },

    /** My conversations (not left, not declined), latest activity first, after a keyset position. */
    async listFor(userId: string, after: { at: Date; id: string } | undefined, limit: number): Promise<ConversationRow[]> {
      return db
        .select({ c: conversations })
        .from(conversations)
        .innerJoin(conversationMembers, eq(conversationMembers.conversationId, conversations.id))
        .where(
          and(
            eq(conversationMembers.userId, userId),
            present,
            after
              ? or(
                  lt(conversations.lastActivityAt, after.at),
                  and(eq(conversations.lastActivityAt, after.at), lt(conversations.id, after.id)),
                )
              : undefined,
          ),
        )
        .orderBy(desc(conversations.lastActivityAt), desc(conversations.id))
        .limit(limit)
        .then((rows) => rows.map((r) => r.c));
    },

    /** Unread messages of a member per conversation: after their marker, from others, not deleted, not from `hidden`. */
    async unreadCounts(userId: string, conversationIds: string[], hidden: string[]): Promise<Map<string, number>> {
      if (conversationIds.length === 0) return new Map();
      const rows = await db
        .select({ id: messages.conversationId, n: sql<number>`count(*)::int` })
        .from(messages)
        .innerJoin(
          conversationMembers,
          and(eq(conversationMembers.conversationId, messages.conversationId), eq(conversationMembers.userId, userId)),
        )
        .where(
          and(
            inArray(messages.conversationId, conversationIds),
            gt(messages.seq, conversationMembers.lastReadSeq),
            ne(messages.senderId, userId),
            isNull(messages.deletedAt),
            hidden.length ? notInArray(messages.senderId, hidden) : undefined,
          ),
        )
        .groupBy(messages.conversationId);
      return new Map(rows.map((r) => [r.id, Number(r.n)]));
    },

    /** Each member's unread messages in one conversation (the fan-out of a new message tells each theirs). */
    async unreadByMember(conversationId: string): Promise<Map<string, number>> {
      const rows = await db
        .select({ id: conversationMembers.userId, n: sql<number>`count(${messages.id})::int` })
        .from(conversationMembers)
        .leftJoin(
          messages,
          and(
            eq(messages.conversationId, conversationMembers.conversationId),
            gt(messages.seq, conversationMembers.lastReadSeq),
            ne(messages.senderId, conversationMembers.userId),
            isNull(messages.deletedAt),
          ),
        )
        .where(eq(conversationMembers.conversationId, conversationId))
        .groupBy(conversationMembers.userId);
      return new Map(rows.map((r) => [r.id, Number(r.n)]));
    },

    /** Every unread message of a member over their active, unmuted conversations (the shell's badge). */
    async unreadTotal(userId: string, hidden: string[]): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(messages)
        .innerJoin(
          conversationMembers,
          and(eq(conversationMembers.conversationId, messages.conversationId), eq(conversationMembers.userId, userId)),
        )
        .where(
          and(
            present,
            eq(conversationMembers.muted, false),
            gt(messages.seq, conversationMembers.lastReadSeq),
            ne(messages.senderId, userId),
            isNull(messages.deletedAt),
            hidden.length ? notInArray(messages.senderId, hidden) : undefined,
          ),
        );
      return Number(row?.n ?? 0);
    },

    /** The latest message of each conversation not from `hidden`. */
    async lastMessages(conversationIds: string[], hidden: string[]): Promise<Map<string, MessageRow>> {
      if (conversationIds.length === 0) return new Map();
      const rows = await db
        .selectDistinctOn([messages.conversationId])
        .from(messages)
        .where(
          and(
            inArray(messages.conversationId, conversationIds),
            hidden.length ? notInArray(messages.senderId, hidden) : undefined,
          ),
        )
        .orderBy(messages.conversationId, desc(messages.seq));
      return new Map(rows.map((r) => [r.conversationId, r]));
    },

    /** A conversation's messages, newest first, below `beforeSeq`, leaving out those of `hidden`. */
    async listMessages(
      conversationId: string,
      beforeSeq: number | undefined,
      limit: number,
      hidden: string[],
    ): Promise<MessageRow[]> {
      return db
        .select()
        .from(messages)
        .where(
          and(
            eq(messages.conversationId, conversationId),
            beforeSeq !== undefined ? lt(messages.seq, beforeSeq) : undefined,
            hidden.length ? notInArray(messages.senderId, hidden) : undefined,
          ),
        )
        .orderBy(desc(messages.seq))
        .limit(limit);
    },

    async findMessage(id: string): Promise<MessageRow | undefined> {
      const [row] = await db.select().from(messages).where(eq(messages.id, id)).limit(1);
      return row;
    },

    async insertMessage(
      tx: Tx,
      row: { conversationId: string; senderId: string; body: string; attachments: StoredAttachment[]; createdAt: Date },
    ): Promise<MessageRow> {
      const [created] = await tx.insert(messages).values(row).returning();
      await tx.update(conversations).set({ lastActivityAt: row.createdAt }).where(eq(conversations.id, row.conversationId));
      return created!;
    },

    async updateMessage(
      id: string,
      patch: Partial<Pick<MessageRow, 'body' | 'attachments' | 'editedAt' | 'deletedAt'>>,
    ): Promise<MessageRow> {
      const [row] = await db.update(messages).set(patch).where(eq(messages.id, id)).returning();
      return row!;
    },

    /** Moves a member's read marker forward only (a late, older marker changes nothing); answers whether it moved. */
    async markRead(conversationId: string, userId: string, message: MessageRow, at: Date): Promise<boolean> {
      const moved = await db
        .update(conversationMembers)
        .set({ lastReadMessageId: message.id, lastReadSeq: message.seq, lastReadAt: at, noticeDueAt: null })
        .where(
          and(
            eq(conversationMembers.conversationId, conversationId),
            eq(conversationMembers.userId, userId),
            lt(conversationMembers.lastReadSeq, message.seq),
          ),
        )
        .returning({ id: conversationMembers.userId });
      return moved.length > 0;
    },

    /** The others' mail and push come due at `dueAt`, unless one is already waiting for them (one per burst). */
    async scheduleNotices(tx: Tx, conversationId: string, senderId: string, dueAt: Date): Promise<void> {
      await tx
        .update(conversationMembers)
        .set({ noticeDueAt: dueAt })
        .where(
          and(
            eq(conversationMembers.conversationId, conversationId),
            ne(conversationMembers.userId, senderId),
            isNull(conversationMembers.noticeDueAt),
            present,
          ),
        );
    },

    /** Members whose unread notice is due, oldest first. */
    async dueNotices(now: Date, limit: number): Promise<MemberRow[]> {
      return db
        .select()
        .from(conversationMembers)
        .where(lte(conversationMembers.noticeDueAt, now))
        .orderBy(conversationMembers.noticeDueAt)
        .limit(limit);
    },

    /** Clears a due notice, answering whether this call took it (so two nodes never send one twice). */
    async takeNotice(conversationId: string, userId: string, dueAt: Date): Promise<boolean> {
      const rows = await db
        .update(conversationMembers)
        .set({ noticeDueAt: null })
        .where(
          and(
            eq(conversationMembers.conversationId, conversationId),
            eq(conversationMembers.userId, userId),
            eq(conversationMembers.noticeDueAt, dueAt),
          ),
        )
        .returning({ id: conversationMembers.userId });
      return rows.length > 0;
    },

    /** Of `others`, who shares an active tribe with `userId`. */
    async tribeMates(userId: string, others: string[]): Promise<Set<string>> {
      if (others.length === 0) return new Set();
      const mine = db
        .select({ tribeId: tribeMembers.tribeId })
        .from(tribeMembers)
        .where(and(eq(tribeMembers.userId, userId), eq(tribeMembers.status, 'active')));
      const rows = await db
        .selectDistinct({ id: tribeMembers.userId })
        .from(tribeMembers)
        .where(and(inArray(tribeMembers.userId, others), eq(tribeMembers.status, 'active'), inArray(tribeMembers.tribeId, mine)));
      return new Set(rows.map((r) => r.id));
    },

    /** Accounts by id (those that exist), with what the rules read. */
    async accounts(ids: string[]): Promise<{ id: string; name: string; avatarKey: string | null; suspendedAt: Date | null }[]> {
      if (ids.length === 0) return [];
      return db
        .select({ id: users.id, name: users.name, avatarKey: users.avatarKey, suspendedAt: users.suspendedAt })
        .from(users)
        .where(inArray(users.id, ids));
    },

    /** A member's own messages, oldest first (their data export). */
    async sentBy(userId: string): Promise<MessageRow[]> {
      return db.select().from(messages).where(eq(messages.senderId, userId)).orderBy(messages.seq);
    },
  };
  return repo;
}

export type MessagesRepo = ReturnType<typeof createMessagesRepo>;
