import { and, count, desc, eq, gt, ilike, inArray, isNotNull, isNull, lt, max, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '#src/core/db/client.js';
import {
  adminAuditLog,
  authTokens,
  moderationAppeals,
  moderationNotices,
  tribeMembers,
  tribes,
  users,
} from '#src/core/db/schema/index.js';
import type { TimeCursor } from '#src/core/cursor.js';

type Conn = Db | Tx;
export type AuditRow = typeof adminAuditLog.$inferSelect;
export type NoticeRow = typeof moderationNotices.$inferSelect;
export type AppealRow = typeof moderationAppeals.$inferSelect;
export type AdminUserRow = typeof users.$inferSelect & { lastSeenAt: Date | null };

/** `%text%` for ILIKE, with the pattern's own characters taken literally. */
const contains = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A newest-first keyset condition on (created_at, id). */
function before(at: { createdAt: Parameters<typeof eq>[0]; id: Parameters<typeof eq>[0] }, after: TimeCursor | undefined) {
  if (!after) return undefined;
  const when = new Date(after.at);
  return or(lt(at.createdAt, when), and(eq(at.createdAt, when), lt(at.id, after.id)));
}

/** The operators' console: the only place it touches the database (users, tribes, reports, notices, audit). */
export function createAdminRepo(db: Db) {
  const lastSeen = db
    .select({ userId: authTokens.userId, at: max(authTokens.lastUsedAt).as('last_seen_at') })
    .from(authTokens)
    .groupBy(authTokens.userId)
    .as('last_seen');

  return {
    async findUser(id: string, conn: Conn = db) {
      const [row] = await conn.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    async findUserWithLastSeen(id: string): Promise<AdminUserRow | undefined> {
      const [row] = await db
        .select({ user: users, lastSeenAt: lastSeen.at })
        .from(users)
        .leftJoin(lastSeen, eq(lastSeen.userId, users.id))
        .where(eq(users.id, id))
        .limit(1);
      return row && { ...row.user, lastSeenAt: row.lastSeenAt ?? null };
    },

    /** People newest first; `q` in name, email or phone; `suspended` a suspension in force at `now`. */
    async listUsers(
      filter: { q?: string; status?: 'active' | 'suspended'; now: Date },
      after: TimeCursor | undefined,
      limit: number,
    ): Promise<AdminUserRow[]> {
      const inForce = and(isNotNull(users.suspendedAt), or(isNull(users.suspendedUntil), gt(users.suspendedUntil, filter.now)));
      const q = filter.q?.trim();
      const rows = await db
        .select({ user: users, lastSeenAt: lastSeen.at })
        .from(users)
        .leftJoin(lastSeen, eq(lastSeen.userId, users.id))
        .where(
          and(
            q ? or(ilike(users.name, contains(q)), ilike(users.email, contains(q)), ilike(users.phone, contains(q))) : undefined,
            filter.status === 'suspended'
              ? inForce
              : filter.status === 'active'
                ? sql`not coalesce(${inForce}, false)`
                : undefined,
            before({ createdAt: users.createdAt, id: users.id }, after),
          ),
        )
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(limit);
      return rows.map((r) => ({ ...r.user, lastSeenAt: r.lastSeenAt ?? null }));
    },

    async userTribes(userId: string) {
      return db
        .select({ id: tribes.id, name: tribes.name, slug: tribes.slug, role: tribeMembers.role, status: tribeMembers.status })
        .from(tribeMembers)
        .innerJoin(tribes, eq(tribes.id, tribeMembers.tribeId))
        .where(eq(tribeMembers.userId, userId))
        .orderBy(tribes.name);
    },

    /** Operators who are not suspended now, but `exceptId`. */
    async countActiveOperators(now: Date, exceptId?: string, conn: Conn = db): Promise<number> {
      const [row] = await conn
        .select({ n: count() })
        .from(users)
        .where(
          and(
            eq(users.platformRole, 'operator'),
            or(isNull(users.suspendedAt), and(isNotNull(users.suspendedUntil), lt(users.suspendedUntil, now))),
            exceptId ? ne(users.id, exceptId) : undefined,
          ),
        );
      return row?.n ?? 0;
    },

    async setSuspension(
      conn: Conn,
      userId: string,
      values: { suspendedAt: Date | null; suspensionReason: string | null; suspendedUntil: Date | null },
      now: Date,
    ) {
      const [row] = await conn
        .update(users)
        .set({ ...values, updatedAt: now })
        .where(eq(users.id, userId))
        .returning();
      return row;
    },

    /** A suspension whose end has passed is lifted (answers whether one was). */
    async liftExpiredSuspension(userId: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ suspendedAt: null, suspensionReason: null, suspendedUntil: null, updatedAt: now })
        .where(and(eq(users.id, userId), isNotNull(users.suspendedUntil), lt(users.suspendedUntil, now)))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    /** Makes operators of the verified accounts with these emails that are not yet; answers them. */
    async grantOperatorsByEmail(emails: readonly string[], now: Date, conn: Conn = db) {
      if (emails.length === 0) return [];
      return conn
        .update(users)
        .set({ platformRole: 'operator', updatedAt: now })
        .where(and(inArray(users.email, [...emails]), isNotNull(users.emailVerifiedAt), isNull(users.platformRole)))
        .returning({ id: users.id, email: users.email });
    },

    async findUserByEmail(email: string) {
      const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return row;
    },

    async setPlatformRole(conn: Conn, userId: string, role: 'operator' | null, now: Date) {
      await conn.update(users).set({ platformRole: role, updatedAt: now }).where(eq(users.id, userId));
    },

    async findTribe(id: string, conn: Conn = db) {
      const [row] = await conn.select().from(tribes).where(eq(tribes.id, id)).limit(1);
      return row;
    },

    async setTribeSuspension(
      conn: Conn,
      tribeId: string,
      values: { suspendedAt: Date | null; suspensionReason: string | null },
      now: Date,
    ) {
      const [row] = await conn
        .update(tribes)
        .set({ ...values, updatedAt: now })
        .where(eq(tribes.id, tribeId))
        .returning();
      return row;
    },

    async tribeLeaderIds(tribeId: string, conn: Conn = db): Promise<string[]> {
      const rows = await conn
        .select({ id: tribeMembers.userId })
        .from(tribeMembers)
        .where(and(eq(tribeMembers.tribeId, tribeId), eq(tribeMembers.role, 'leader'), eq(tribeMembers.status, 'active')));
      return rows.map((r) => r.id);
    },

    async insertNotice(conn: Conn, values: typeof moderationNotices.$inferInsert): Promise<NoticeRow> {
      const [row] = await conn.insert(moderationNotices).values(values).returning();
      return row!;
    },

    /** A member's notices, newest first, each with its appeal if one was made. */
    async noticesOf(userId: string, after: TimeCursor | undefined, limit: number) {
      return db
        .select({ notice: moderationNotices, appeal: moderationAppeals })
        .from(moderationNotices)
        .leftJoin(moderationAppeals, eq(moderationAppeals.noticeId, moderationNotices.id))
        .where(and(eq(moderationNotices.userId, userId), before(moderationNotices, after)))
        .orderBy(desc(moderationNotices.createdAt), desc(moderationNotices.id))
        .limit(limit);
    },

    async insertAudit(conn: Conn, values: typeof adminAuditLog.$inferInsert): Promise<AuditRow> {
      const [row] = await conn.insert(adminAuditLog).values(values).returning();
      return row!;
    },

    /** The audit log newest first, by actor, target or action, each entry with its actor's name. */
    async listAudit(
      filter: { actorId?: string; targetId?: string; action?: string },
      after: TimeCursor | undefined,
      limit: number,
    ) {
      return db
        .select({ entry: adminAuditLog, actorName: users.name })
        .from(adminAuditLog)
        .leftJoin(users, eq(users.id, adminAuditLog.actorId))
        .where(
          and(
            filter.actorId ? eq(adminAuditLog.actorId, filter.actorId) : undefined,
            filter.targetId ? eq(adminAuditLog.targetId, filter.targetId) : undefined,
            filter.action ? eq(adminAuditLog.action, filter.action) : undefined,
            before(adminAuditLog, after),
          ),
        )
        .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
        .limit(limit);
    },
  };
}

export type AdminRepo = ReturnType<typeof createAdminRepo>;
