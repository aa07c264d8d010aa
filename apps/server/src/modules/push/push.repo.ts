import { and, asc, eq, notInArray } from 'drizzle-orm';
import type { Db } from '#src/core/db/client.js';
import { pushSubscriptions } from '#src/core/db/schema/index.js';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** The only place that touches push_subscriptions. */
export function createPushRepo(db: Db) {
  return {
    /** Stores a browser's subscription; the same endpoint again (a re-subscribe) takes the new keys and owner. */
    async upsert(values: {
      userId: string;
      endpoint: string;
      p256dh: string;
      auth: string;
      userAgent: string | null;
      createdAt: Date;
    }): Promise<PushSubscriptionRow> {
      const [row] = await db
        .insert(pushSubscriptions)
        .values(values)
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: {
            userId: values.userId,
            p256dh: values.p256dh,
            auth: values.auth,
            userAgent: values.userAgent,
            createdAt: values.createdAt,
          },
        })
        .returning();
      return row!;
    },
    /** Keeps a user's `keep` newest subscriptions (browsers come and go; dead ones are learnt only on sending). */
    async trim(userId: string, keep: number): Promise<void> {
      const newest = await db
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .orderBy(asc(pushSubscriptions.createdAt))
        .then((rows) => rows.slice(-keep).map((r) => r.id));
      if (newest.length < keep) return;
      await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newest)));
    },
    forUser(userId: string): Promise<PushSubscriptionRow[]> {
      return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    },
    async find(id: string): Promise<PushSubscriptionRow | undefined> {
      const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
      return row;
    },
    /** Deletes one of the user's subscriptions by endpoint; whether there was one. */
    async deleteForUser(userId: string, endpoint: string): Promise<boolean> {
      const rows = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
        .returning({ id: pushSubscriptions.id });
      return rows.length > 0;
    },
    async delete(id: string): Promise<void> {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    },
    async markSent(id: string, at: Date): Promise<void> {
      await db.update(pushSubscriptions).set({ lastSentAt: at }).where(eq(pushSubscriptions.id, id));
    },
  };
}

export type PushRepo = ReturnType<typeof createPushRepo>;
