import { and, desc, eq, gt, isNotNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '#src/core/db/client.js';
import { dataExports } from '#src/core/db/schema/index.js';

export type DataExportRow = typeof dataExports.$inferSelect;

/** The only place that reads and writes `data_exports`. */
export function createExportsRepo(db: Db) {
  return {
    /**
     * Records a new pending export unless the user has one not failed since `since`: null then. The
     * check and the insert hold a lock on the user's exports, so two requests at once make one export.
     */
    async createUnlessRecent(userId: string, since: Date, now: Date): Promise<DataExportRow | null> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`data_exports:${userId}`}))`);
        const [recent] = await tx
          .select({ id: dataExports.id })
          .from(dataExports)
          .where(and(eq(dataExports.userId, userId), gt(dataExports.createdAt, since), ne(dataExports.status, 'failed')))
          .limit(1);
        if (recent) return null;
        const [row] = await tx.insert(dataExports).values({ userId, createdAt: now }).returning();
        return row!;
      });
    },
    async find(id: string): Promise<DataExportRow | undefined> {
      const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id)).limit(1);
      return row;
    },
    async markReady(id: string, values: { storageKey: string; sizeBytes: number; readyAt: Date; expiresAt: Date }) {
      await db
        .update(dataExports)
        .set({ ...values, status: 'ready' })
        .where(eq(dataExports.id, id));
    },
    async setStatus(id: string, status: 'failed' | 'expired') {
      await db.update(dataExports).set({ status }).where(eq(dataExports.id, id));
    },
    /** The storage keys of a user's stored ZIPs. */
    async filesOf(userId: string): Promise<string[]> {
      const rows = await db
        .select({ key: dataExports.storageKey })
        .from(dataExports)
        .where(and(eq(dataExports.userId, userId), isNotNull(dataExports.storageKey), ne(dataExports.status, 'expired')));
      return rows.map((r) => r.key!);
    },
    /** Ready exports whose link has expired: their files are to be deleted. */
    async expiredReady(now: Date, limit = 100): Promise<DataExportRow[]> {
      return db
        .select()
        .from(dataExports)
        .where(and(eq(dataExports.status, 'ready'), lt(dataExports.expiresAt, now)))
        .orderBy(desc(dataExports.expiresAt))
        .limit(limit);
    },
  };
}

export type ExportsRepo = ReturnType<typeof createExportsRepo>;
