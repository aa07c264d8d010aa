import { and, asc, eq, gt, or } from 'drizzle-orm';
import type { Db, Tx } from '#src/core/db/client.js';
import { moderationLog, postReports, users } from '#src/core/db/schema/index.js';

export type ReportRow = typeof postReports.$inferSelect;
type Conn = Db | Tx;

/** Reports and the moderation log: the only place that touches their tables. */
export function createModerationRepo(db: Db) {
  return {
    /** A post report targets its post; one on a post in no tribe goes straight to the operators (DESIGN 11.2). */
    async insertReport(values: Omit<typeof postReports.$inferInsert, 'targetId'> & { postId: string }): Promise<ReportRow> {
      const [row] = await db
        .insert(postReports)
        .values({ targetType: 'post', targetId: values.postId, handler: values.tribeId ? 'tribe' : 'operators', ...values })
        .returning();
      return row!;
    },
    async openReportBy(postId: string, reporterId: string): Promise<ReportRow | undefined> {
      const [row] = await db
        .select()
        .from(postReports)
        .where(and(eq(postReports.postId, postId), eq(postReports.reporterId, reporterId), eq(postReports.status, 'open')))
        .limit(1);
      return row;
    },
    async findReport(id: string): Promise<ReportRow | undefined> {
      const [row] = await db.select().from(postReports).where(eq(postReports.id, id)).limit(1);
      return row;
    },
    async listReports(tribeId: string, status: string, after: { at: string; id: string } | undefined, limit: number) {
      const cursor = after
        ? or(
            gt(postReports.createdAt, new Date(after.at)),
            and(eq(postReports.createdAt, new Date(after.at)), gt(postReports.id, after.id)),
          )
        : undefined;
      return db
        .select({ report: postReports, reporter: { id: users.id, name: users.name } })
        .from(postReports)
        .innerJoin(users, eq(users.id, postReports.reporterId))
        .where(and(eq(postReports.tribeId, tribeId), eq(postReports.status, status), cursor))
        .orderBy(asc(postReports.createdAt), asc(postReports.id))
        .limit(limit);
    },
    /** Closes an open report once; false when someone else closed it first. */
    async closeReport(
      id: string,
      patch: Pick<ReportRow, 'status' | 'action' | 'note' | 'handledBy' | 'handledAt'>,
      conn: Conn = db,
    ): Promise<boolean> {
      const rows = await conn
        .update(postReports)
        .set(patch)
        .where(and(eq(postReports.id, id), eq(postReports.status, 'open')))
        .returning({ id: postReports.id });
      return rows.length > 0;
    },
    async log(values: typeof moderationLog.$inferInsert, conn: Conn = db): Promise<void> {
      await conn.insert(moderationLog).values(values);
    },
    async listLog(tribeId: string, limit: number) {
      return db
        .select({ entry: moderationLog, actor: { id: users.id, name: users.name } })
        .from(moderationLog)
        .leftJoin(users, eq(users.id, moderationLog.actorId))
        .where(eq(moderationLog.tribeId, tribeId))
        .orderBy(asc(moderationLog.createdAt))
        .limit(limit);
    },
    async userName(id: string | null): Promise<{ id: string; name: string } | null> {
      if (!id) return null;
      const [row] = await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, id)).limit(1);
      return row ?? null;
    },
  };
}

export type ModerationRepo = ReturnType<typeof createModerationRepo>;
