import { and, count, desc, eq, inArray, isNull, notInArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '#src/core/db/client.js';
import { notifications, users } from '#src/core/db/schema/index.js';
import { olderThan } from '#src/core/db/keyset.js';

export type NotificationRow = typeof notifications.$inferSelect;

/** SQL: the notification has no actor, or one outside `actorIds` (a NULL actor passes, unlike with NOT IN alone). */
const actorNotIn = (actorIds: readonly string[]): SQL | undefined =>
  actorIds.length ? or(isNull(notifications.actorId), notInArray(notifications.actorId, [...actorIds])) : undefined;

/** The only place that touches the notifications table. */
export function createNotificationsRepo(db: Db) {
  return {
    async insert(values: typeof notifications.$inferInsert): Promise<NotificationRow> {
      const [row] = await db.insert(notifications).values(values).returning();
      return row!;
    },
    /** The user's notifications, newest first, without those whose actor is one of `hiddenActors`. */
    async list(
      userId: string,
      after: { at: string; id: string } | undefined,
      limit: number,
      hiddenActors: readonly string[] = [],
    ) {
      const cursor = olderThan(notifications.createdAt, notifications.id, after);
      return db
        .select({ n: notifications, actor: { id: users.id, name: users.name, avatarKey: users.avatarKey } })
        .from(notifications)
        .leftJoin(users, eq(users.id, notifications.actorId))
        .where(and(eq(notifications.userId, userId), cursor, actorNotIn(hiddenActors)))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(limit);
    },
    async unreadCount(userId: string, hiddenActors: readonly string[] = []): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), actorNotIn(hiddenActors)));
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
