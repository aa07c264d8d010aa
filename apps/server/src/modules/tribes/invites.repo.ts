import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '#src/core/db/client.js';
import { tribeInvites } from '#src/core/db/schema/index.js';

export type InviteRow = typeof tribeInvites.$inferSelect;
type Conn = Db | Tx;

/** The only place that reads and writes invite links. */
export function createInvitesRepo(db: Db) {
  return {
    async insert(values: typeof tribeInvites.$inferInsert, conn: Conn = db): Promise<InviteRow> {
      const [row] = await conn.insert(tribeInvites).values(values).returning();
      return row!;
    },
    async find(code: string, conn: Conn = db): Promise<InviteRow | undefined> {
      const [row] = await conn.select().from(tribeInvites).where(eq(tribeInvites.code, code)).limit(1);
      return row;
    },
    /**
     * Counts one use when the invite is still usable at `now` (not revoked, not expired, uses left),
     * in one statement: concurrent accepts queue on the row, and each re-reads `uses` after the one
     * before commits, so a link of N uses is never used N + 1 times. Answers whether it was counted.
     */
    async use(code: string, now: Date, conn: Conn = db): Promise<boolean> {
      const rows = await conn
        .update(tribeInvites)
        .set({ uses: sql`${tribeInvites.uses} + 1` })
        .where(
          and(
            eq(tribeInvites.code, code),
            isNull(tribeInvites.revokedAt),
            or(isNull(tribeInvites.expiresAt), gt(tribeInvites.expiresAt, now)),
            or(isNull(tribeInvites.maxUses), lt(tribeInvites.uses, tribeInvites.maxUses)),
          ),
        )
        .returning({ code: tribeInvites.code });
      return rows.length === 1;
    },
  };
}

export type InvitesRepo = ReturnType<typeof createInvitesRepo>;
