import { and, asc, desc, eq, gt, inArray, lt, or } from 'drizzle-orm';
import type { Db, Tx } from '#src/core/db/client.js';
import {
  adminAuditLog,
  moderationAppeals,
  moderationNotices,
  postReports,
  tribeMembers,
  tribes,
  users,
} from '#src/core/db/schema/index.js';
import type { TimeCursor } from '#src/core/cursor.js';

type Conn = Db | Tx;
export type ReportRow = typeof postReports.$inferSelect;
export type NoticeRow = typeof moderationNotices.$inferSelect;
export type AppealRow = typeof moderationAppeals.$inferSelect;

/** An oldest-first keyset condition on (created_at, id). */
function after(at: { createdAt: Parameters<typeof eq>[0]; id: Parameters<typeof eq>[0] }, cursor: TimeCursor | undefined) {
  if (!cursor) return undefined;
  const when = new Date(cursor.at);
  return or(gt(at.createdAt, when), and(eq(at.createdAt, when), gt(at.id, cursor.id)));
}

/** Reports that reach the operators, notices and appeals: the only place this module touches the database. */
export function createModerationRepo(db: Db) {
  return {
    async findUser(id: string) {
      const [row] = await db
        .select({ id: users.id, name: users.name, bio: users.bio, avatarKey: users.avatarKey, createdAt: users.createdAt })
        .from(users)
        .where(eq(users.id, id))
        .limit(1);
      return row;
    },
    async names(ids: string[]): Promise<Map<string, string>> {
      if (!ids.length) return new Map();
      const rows = await db
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(inArray(users.id, [...new Set(ids)]));
      return new Map(rows.map((r) => [r.id, r.name]));
    },
    async findTribe(id: string) {
      const [row] = await db
        .select({
          id: tribes.id,
          name: tribes.name,
          slug: tribes.slug,
          description: tribes.description,
          createdAt: tribes.createdAt,
        })
        .from(tribes)
        .where(eq(tribes.id, id))
        .limit(1);
      return row;
    },
    async tribesByIds(ids: string[]) {
      if (!ids.length) return new Map<string, { id: string; name: string; slug: string }>();
      const rows = await db
        .select({ id: tribes.id, name: tribes.name, slug: tribes.slug })
        .from(tribes)
        .where(inArray(tribes.id, [...new Set(ids)]));
      return new Map(rows.map((r) => [r.id, r]));
    },
    async tribeLeaderIds(tribeId: string): Promise<string[]> {
      const rows = await db
        .select({ id: tribeMembers.userId })
        .from(tribeMembers)
        .where(and(eq(tribeMembers.tribeId, tribeId), eq(tribeMembers.role, 'leader'), eq(tribeMembers.status, 'active')));
      return rows.map((r) => r.id);
    },
    async tribeRole(tribeId: string, userId: string) {
      const [row] = await db
        .select({ role: tribeMembers.role, status: tribeMembers.status })
        .from(tribeMembers)
        .where(and(eq(tribeMembers.tribeId, tribeId), eq(tribeMembers.userId, userId)))
        .limit(1);
      return row;
    },

    async openReportBy(targetType: string, targetId: string, reporterId: string) {
      const [row] = await db
        .select({ id: postReports.id })
        .from(postReports)
        .where(
          and(
            eq(postReports.targetType, targetType),
            eq(postReports.targetId, targetId),
            eq(postReports.reporterId, reporterId),
            eq(postReports.status, 'open'),
          ),
        )
        .limit(1);
      return row;
    },
    async insertReport(values: typeof postReports.$inferInsert): Promise<ReportRow> {
      const [row] = await db.insert(postReports).values(values).returning();
      return row!;
    },
    async findReport(id: string, conn: Conn = db): Promise<ReportRow | undefined> {
      const [row] = await conn.select().from(postReports).where(eq(postReports.id, id)).limit(1);
      return row;
    },
    /** Hands an open tribe report to the operators; undefined when it was not open with the tribe any more. */
    async escalate(id: string, by: string, note: string | null, now: Date) {
      const [row] = await db
        .update(postReports)
        .set({ handler: 'operators', escalatedAt: now, escalatedBy: by, escalationNote: note })
        .where(and(eq(postReports.id, id), eq(postReports.status, 'open'), eq(postReports.handler, 'tribe')))
        .returning();
      return row;
    },
    /** The operators' queue, oldest first: open, or closed (dismissed or actioned). */
    async operatorReports(status: 'open' | 'closed', cursor: TimeCursor | undefined, limit: number) {
      return db
        .select()
        .from(postReports)
        .where(
          and(
            eq(postReports.handler, 'operators'),
            status === 'open' ? eq(postReports.status, 'open') : inArray(postReports.status, ['dismissed', 'actioned']),
            after(postReports, cursor),
          ),
        )
        .orderBy(asc(postReports.createdAt), asc(postReports.id))
        .limit(limit);
    },
    /** Closes an open report in the caller's transaction; undefined when another act closed it first. */
    async closeReport(
      tx: Tx,
      id: string,
      values: { status: 'dismissed' | 'actioned'; action: string; note: string; handledBy: string; handledAt: Date },
    ) {
      const [row] = await tx
        .update(postReports)
        .set(values)
        .where(and(eq(postReports.id, id), eq(postReports.status, 'open')))
        .returning();
      return row;
    },

    async insertNotice(conn: Conn, values: typeof moderationNotices.$inferInsert): Promise<NoticeRow> {
      const [row] = await conn.insert(moderationNotices).values(values).returning();
      return row!;
    },
    /** A member's notices, newest first, each with its appeal if one was made. */
    async noticesOf(userId: string, cursor: TimeCursor | undefined, limit: number) {
      const when = cursor ? new Date(cursor.at) : undefined;
      return db
        .select({ notice: moderationNotices, appeal: moderationAppeals })
        .from(moderationNotices)
        .leftJoin(moderationAppeals, eq(moderationAppeals.noticeId, moderationNotices.id))
        .where(
          and(
            eq(moderationNotices.userId, userId),
            cursor && when
              ? or(
                  lt(moderationNotices.createdAt, when),
                  and(eq(moderationNotices.createdAt, when), lt(moderationNotices.id, cursor.id)),
                )
              : undefined,
          ),
        )
        .orderBy(desc(moderationNotices.createdAt), desc(moderationNotices.id))
        .limit(limit);
    },
    async findNotice(id: string) {
      const [row] = await db
        .select({ notice: moderationNotices, appeal: moderationAppeals })
        .from(moderationNotices)
        .leftJoin(moderationAppeals, eq(moderationAppeals.noticeId, moderationNotices.id))
        .where(eq(moderationNotices.id, id))
        .limit(1);
      return row;
    },
    /** The appeal, unless the notice has one already (the unique index decides under concurrency). */
    async insertAppeal(values: typeof moderationAppeals.$inferInsert): Promise<AppealRow | undefined> {
      const [row] = await db.insert(moderationAppeals).values(values).onConflictDoNothing().returning();
      return row;
    },
    async findAppeal(id: string, conn: Conn = db) {
      const [row] = await conn
        .select({ appeal: moderationAppeals, notice: moderationNotices })
        .from(moderationAppeals)
        .innerJoin(moderationNotices, eq(moderationNotices.id, moderationAppeals.noticeId))
        .where(eq(moderationAppeals.id, id))
        .limit(1);
      return row;
    },
    async listAppeals(status: string, cursor: TimeCursor | undefined, limit: number) {
      return db
        .select({ appeal: moderationAppeals, notice: moderationNotices })
        .from(moderationAppeals)
        .innerJoin(moderationNotices, eq(moderationNotices.id, moderationAppeals.noticeId))
        .where(and(eq(moderationAppeals.status, status), after(moderationAppeals, cursor)))
        .orderBy(asc(moderationAppeals.createdAt), asc(moderationAppeals.id))
        .limit(limit);
    },
    /** Decides an open appeal in the caller's transaction; undefined when it was decided already. */
    async decideAppeal(
      tx: Tx,
      id: string,
      values: { status: 'upheld' | 'overturned'; note: string; decidedBy: string; decidedAt: Date },
    ) {
      const [row] = await tx
        .update(moderationAppeals)
        .set(values)
        .where(and(eq(moderationAppeals.id, id), eq(moderationAppeals.status, 'open')))
        .returning();
      return row;
    },

    /** One operator act in the append-only audit log (DESIGN 11.2), in the act's transaction. */
    async audit(conn: Conn, values: typeof adminAuditLog.$inferInsert) {
      await conn.insert(adminAuditLog).values(values);
    },
  };
}

export type ModerationRepo = ReturnType<typeof createModerationRepo>;
