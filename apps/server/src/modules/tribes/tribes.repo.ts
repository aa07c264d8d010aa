import { and, asc, eq, gt, inArray, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { searchPhrase } from '#src/core/search-text.js';
import type { Db, Tx } from '#src/core/db/client.js';
import { tribeMembers, tribes, users, villages } from '#src/core/db/schema/index.js';

export type TribeRow = typeof tribes.$inferSelect;
export type MemberRow = typeof tribeMembers.$inferSelect;
type Conn = Db | Tx;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Keyset cursor over (lower(name), id): stable while tribes are added. */
export interface NameCursor {
  name: string;
  id: string;
}

/** The only place that reads and writes tribes and their memberships. */
export function createTribesRepo(db: Db) {
  return {
    /** By uuid or by slug. */
    async findByRef(ref: string, conn: Conn = db): Promise<TribeRow | undefined> {
      const where = UUID.test(ref) ? eq(tribes.id, ref) : eq(tribes.slug, ref.toLowerCase());
      const [row] = await conn.select().from(tribes).where(where).limit(1);
      return row;
    },
    async slugExists(slug: string, conn: Conn = db): Promise<boolean> {
      const [row] = await conn.select({ id: tribes.id }).from(tribes).where(eq(tribes.slug, slug)).limit(1);
      return row !== undefined;
    },
    async list(opts: { q?: string; after?: NameCursor; limit: number }): Promise<TribeRow[]> {
      const where: SQL[] = [];
      if (opts.q) {
        const q = opts.q.toLowerCase();
        const haystack = sql`lower(${tribes.name} || ' ' || ${tribes.region})`;
        // Substring for short or exact queries, trigram similarity for typos ("atals" finds "Atlas").
        where.push(
          or(
            sql`${haystack} like ${'%' + q.replace(/[\\%_]/g, (c) => '\\' + c) + '%'}`,
            sql`word_similarity(${q}, ${haystack}) > 0.4`,
          )!,
        );
      }
      if (opts.after) {
        where.push(
          or(
            gt(sql`lower(${tribes.name})`, opts.after.name),
            and(eq(sql`lower(${tribes.name})`, opts.after.name), gt(tribes.id, opts.after.id)),
          )!,
        );
      }
      // A suspended tribe is in no list, search or map (DESIGN 11.2).
      where.push(isNull(tribes.suspendedAt));
      return db
        .select()
        .from(tribes)
        .where(and(...where))
        .orderBy(asc(sql`lower(${tribes.name})`), asc(tribes.id))
        .limit(opts.limit);
    },
    async listForMap(limit: number): Promise<TribeRow[]> {
      return db.select().from(tribes).where(isNull(tribes.suspendedAt)).orderBy(asc(tribes.name)).limit(limit);
    },
    async insert(values: typeof tribes.$inferInsert, conn: Conn = db): Promise<TribeRow> {
      const [row] = await conn.insert(tribes).values(values).returning();
      return row!;
    },
    async update(id: string, patch: Partial<typeof tribes.$inferInsert>, conn: Conn = db): Promise<TribeRow> {
      const [row] = await conn.update(tribes).set(patch).where(eq(tribes.id, id)).returning();
      return row!;
    },

    async membership(tribeId: string, userId: string, conn: Conn = db): Promise<MemberRow | undefined> {
      const [row] = await conn
        .select()
        .from(tribeMembers)
        .where(and(eq(tribeMembers.tribeId, tribeId), eq(tribeMembers.userId, userId)))
        .limit(1);
      return row;
    },
    /** The user's memberships in these tribes, keyed by tribe id. */
    async membershipsOf(userId: string, tribeIds: string[]): Promise<Map<string, MemberRow>> {
      if (tribeIds.length === 0) return new Map();
      const rows = await db
        .select()
        .from(tribeMembers)
        .where(and(eq(tribeMembers.userId, userId), inArray(tribeMembers.tribeId, tribeIds)));
      return new Map(rows.map((r) => [r.tribeId, r]));
    },
    /** Locks the membership row for the rest of the transaction. */
    async membershipForUpdate(tribeId: string, userId: string, tx: Tx): Promise<MemberRow | undefined> {
      const [row] = await tx
        .select()
        .from(tribeMembers)
        .where(and(eq(tribeMembers.tribeId, tribeId), eq(tribeMembers.userId, userId)))
        .for('update')
        .limit(1);
      return row;
    },
    /** Inserts a membership unless one exists; answers the row that stands either way. */
    async insertMembership(values: typeof tribeMembers.$inferInsert, conn: Conn = db): Promise<MemberRow> {
      await conn.insert(tribeMembers).values(values).onConflictDoNothing();
      const [row] = await conn
        .select()
        .from(tribeMembers)
        .where(and(eq(tribeMembers.tribeId, values.tribeId), eq(tribeMembers.userId, values.userId)))
        .limit(1);
      return row!;
    },
    async updateMembership(
      tribeId: string,
      userId: string,
      patch: Partial<typeof tribeMembers.$inferInsert>,
      conn: Conn = db,
    ): Promise<MemberRow> {
      const [row] = await conn
        .update(tribeMembers)
        .set(patch)
        .where(and(eq(tribeMembers.tribeId, tribeId), eq(tribeMembers.userId, userId)))
        .returning();
      return row!;
    },
    async deleteMembership(tribeId: string, userId: string, conn: Conn = db): Promise<void> {
      await conn.delete(tribeMembers).where(and(eq(tribeMembers.tribeId, tribeId), eq(tribeMembers.userId, userId)));
    },
    /** Locks the tribe row: membership changes of one tribe run one at a time, so "at least one leader" cannot race. */
    async lockTribe(tribeId: string, tx: Tx): Promise<void> {
      await tx.select({ id: tribes.id }).from(tribes).where(eq(tribes.id, tribeId)).for('update');
    },
    /** The ids of a tribe's active leaders (who decide on its expenses). */
    async activeLeaderIds(tribeId: string): Promise<string[]> {
      const rows = await db
        .select({ id: tribeMembers.userId })
        .from(tribeMembers)
        .where(and(eq(tribeMembers.tribeId, tribeId), eq(tribeMembers.role, 'leader'), eq(tribeMembers.status, 'active')));
      return rows.map((r) => r.id);
    },
    /** The ids of a tribe's active members of these roles (who are told what needs them). */
    async activeIdsOfRoles(tribeId: string, roles: readonly ('leader' | 'moderator')[]): Promise<string[]> {
      const rows = await db
        .select({ id: tribeMembers.userId })
        .from(tribeMembers)
        .where(and(eq(tribeMembers.tribeId, tribeId), inArray(tribeMembers.role, [...roles]), eq(tribeMembers.status, 'active')));
      return rows.map((r) => r.id);
    },
    /** What waits for a tribe's leaders and moderators: pending join requests and villages awaiting review. */
    async waitingCounts(tribeId: string): Promise<{ joinRequests: number; villages: number }> {
      const n = sql<number>`count(*)::int`;
      const [requests] = await db
        .select({ n })
        .from(tribeMembers)
        .where(and(eq(tribeMembers.tribeId, tribeId), eq(tribeMembers.status, 'pending')));
      const [pendingVillages] = await db
        .select({ n })
        .from(villages)
        .where(and(eq(villages.tribeId, tribeId), eq(villages.status, 'pending')));
      return { joinRequests: requests?.n ?? 0, villages: pendingVillages?.n ?? 0 };
    },
    async countActiveLeaders(tribeId: string, conn: Conn = db): Promise<number> {
      const [row] = await conn
        .select({ n: sql<number>`count(*)::int` })
        .from(tribeMembers)
        .where(and(eq(tribeMembers.tribeId, tribeId), eq(tribeMembers.role, 'leader'), eq(tribeMembers.status, 'active')));
      return row?.n ?? 0;
    },
    /** Recounts the tribe's active members and approved villages from their rows. */
    async recount(tribeId: string, conn: Conn = db): Promise<void> {
      await conn
        .update(tribes)
        .set({
          memberCount: sql`(select count(*)::int from ${tribeMembers} where ${tribeMembers.tribeId} = ${tribeId} and ${tribeMembers.status} = 'active')`,
          villageCount: sql`(select count(*)::int from ${villages} where ${villages.tribeId} = ${tribeId} and ${villages.status} = 'approved')`,
        })
        .where(eq(tribes.id, tribeId));
    },
    /** A tribe's members of one status by name, page by page, without the `except` people. */
    async listMembers(
      tribeId: string,
      opts: { status: string; q?: string; after?: NameCursor; limit: number; except?: readonly string[] },
    ) {
      const where: SQL[] = [eq(tribeMembers.tribeId, tribeId), eq(tribeMembers.status, opts.status)];
      if (opts.except?.length) where.push(notInArray(tribeMembers.userId, [...opts.except]));
      // Folded like search (DESIGN 11.5): the name contains the query whatever its case, accents or marks;
      // strpos, not LIKE, so a typed % or _ is a character, not a pattern. A name not folded yet is matched
      // lower-cased.
      if (opts.q) {
        const phrase = searchPhrase(opts.q);
        const folded = sql`coalesce(${users.searchName}, ' ' || lower(${users.name}) || ' ')`;
        where.push(phrase ? sql`strpos(${folded}, ${phrase}) > 0` : sql`strpos(lower(${users.name}), lower(${opts.q})) > 0`);
      }
      if (opts.after) {
        where.push(
          or(
            gt(sql`lower(${users.name})`, opts.after.name),
            and(eq(sql`lower(${users.name})`, opts.after.name), gt(users.id, opts.after.id)),
          )!,
        );
      }
      return db
        .select({ member: tribeMembers, user: { id: users.id, name: users.name, avatarKey: users.avatarKey } })
        .from(tribeMembers)
        .innerJoin(users, eq(users.id, tribeMembers.userId))
        .where(and(...where))
        .orderBy(asc(sql`lower(${users.name})`), asc(users.id))
        .limit(opts.limit);
    },
  };
}

export type TribesRepo = ReturnType<typeof createTribesRepo>;
