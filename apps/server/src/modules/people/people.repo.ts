import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '#src/core/db/client.js';
import { posts, tribeMembers, tribes, userBlocks, users } from '#src/core/db/schema/index.js';

/** Blocks and the facts a profile shows: the only place that touches user_blocks. */
export function createPeopleRepo(db: Db) {
  return {
    async block(blockerId: string, blockedId: string, now: Date): Promise<void> {
      await db.insert(userBlocks).values({ blockerId, blockedId, createdAt: now }).onConflictDoNothing();
    },
    async unblock(blockerId: string, blockedId: string): Promise<void> {
      await db.delete(userBlocks).where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
    },
    /** Whether either has blocked the other, and whether a blocked b. */
    async blocks(a: string, b: string): Promise<{ either: boolean; aBlockedB: boolean }> {
      const rows = await db
        .select({ blocker: userBlocks.blockerId })
        .from(userBlocks)
        .where(
          sql`(${userBlocks.blockerId} = ${a} and ${userBlocks.blockedId} = ${b}) or (${userBlocks.blockerId} = ${b} and ${userBlocks.blockedId} = ${a})`,
        );
      return { either: rows.length > 0, aBlockedB: rows.some((r) => r.blocker === a) };
    },
    /** Everyone on either side of a block with this user: whom they blocked and who blocked them. */
    async blockPartners(userId: string): Promise<string[]> {
      const rows = await db
        .select({ blocker: userBlocks.blockerId, blocked: userBlocks.blockedId })
        .from(userBlocks)
        .where(or(eq(userBlocks.blockerId, userId), eq(userBlocks.blockedId, userId)));
      return rows.map((r) => (r.blocker === userId ? r.blocked : r.blocker));
    },
    async blockedBy(blockerId: string) {
      return db
        .select({ id: users.id, name: users.name, avatarKey: users.avatarKey, blockedAt: userBlocks.createdAt })
        .from(userBlocks)
        .innerJoin(users, eq(users.id, userBlocks.blockedId))
        .where(eq(userBlocks.blockerId, blockerId))
        .orderBy(desc(userBlocks.createdAt))
        .limit(500);
    },
    /** Whether two people are active members of at least one same tribe. */
    async shareTribe(a: string, b: string): Promise<boolean> {
      const other = alias(tribeMembers, 'other');
      const rows = await db
        .select({ tribeId: tribeMembers.tribeId })
        .from(tribeMembers)
        .innerJoin(other, eq(other.tribeId, tribeMembers.tribeId))
        .where(
          and(eq(tribeMembers.userId, a), eq(other.userId, b), eq(tribeMembers.status, 'active'), eq(other.status, 'active')),
        )
        .limit(1);
      return rows.length > 0;
    },
    /** People whose public profile matches a name, without those across a block with the viewer. */
    async searchPublic(q: string, viewerId: string | null, limit: number) {
      const needle = '%' + q.toLowerCase().replace(/[\\%_]/g, (c) => '\\' + c) + '%';
      const notBlocked = viewerId
        ? sql`not exists (select 1 from ${userBlocks} where (${userBlocks.blockerId} = ${viewerId} and ${userBlocks.blockedId} = ${users.id}) or (${userBlocks.blockerId} = ${users.id} and ${userBlocks.blockedId} = ${viewerId}))`
        : sql`true`;
      return db
        .select({ id: users.id, name: users.name, avatarKey: users.avatarKey })
        .from(users)
        .where(and(eq(users.profileVisibility, 'public'), sql`lower(${users.name}) like ${needle}`, notBlocked))
        .orderBy(users.name)
        .limit(limit);
    },
    async primaryTribe(tribeId: string | null) {
      if (!tribeId) return null;
      const [row] = await db
        .select({ id: tribes.id, name: tribes.name, slug: tribes.slug })
        .from(tribes)
        .where(eq(tribes.id, tribeId))
        .limit(1);
      return row ?? null;
    },
    async publicPostCount(authorId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(posts)
        .where(and(eq(posts.authorId, authorId), isNull(posts.deletedAt), eq(posts.visibility, 'public')));
      return row?.n ?? 0;
    },
  };
}

export type PeopleRepo = ReturnType<typeof createPeopleRepo>;
