import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '#src/core/db/client.js';
import { notifications, users } from '#src/core/db/schema/index.js';
import { olderThan } from '#src/core/db/keyset.js';

export type NotificationRow = typeof notifications.$inferSelect;

/** The only place that touches the notifications table. */
export function createNotificationsRepo(db: Db) {
  return {
    async insert(values: typeof notifications.$inferInsert): Promise<NotificationRow> {
      const [row] = await db.insert(notifications).values(values).returning();
      return row!;
    },
    async list(userId: string, after: { at: string; id: string } | undefined, limit: number) {
      const cursor = olderThan(notifications.createdAt, notifications.id, after);
      return db
        .select({ n: notifications, actor: { id: users.id, name: users.name, avatarKey: users.avatarKey } })
        .from(notifications)
        .leftJoin(users, eq(users.id, notifications.actorId))
        .where(and(eq(notifications.userId, userId), cursor))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(limit);
    },
    async unreadCount(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
      return row?.n ?? 0;
    },
    async markRead(userId: string, ids: string[] | 'all', now: Date): Promise<void> {
      const where = [eq(notifications.userId, userId), isNull(notifications.readAt)];
      if (ids !== 'all') where.push(inArray(notifications.id, ids));
      await db
        .update(notifications)
        .set({ readAt: now })
        .where(and(...where));
    },
  };
}

export type NotificationsRepo = ReturnType<typeof createNotificationsRepo>;
