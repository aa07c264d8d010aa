import { and, asc, desc, eq, inArray, lte } from 'drizzle-orm';
import type { Db } from '#src/core/db/client.js';
import { campaigns, pledgeRuns, pledges, tribes } from '#src/core/db/schema/index.js';

export type PledgeRow = typeof pledges.$inferSelect;
export type PledgeRunRow = typeof pledgeRuns.$inferSelect;

/** Pledges and their monthly runs: the only Drizzle of the pledges. */
export function createPledgesRepo(db: Db) {
  return {
    async insert(values: typeof pledges.$inferInsert): Promise<PledgeRow> {
      const [row] = await db.insert(pledges).values(values).returning();
      return row!;
    },

    async find(id: string): Promise<PledgeRow | undefined> {
      const [row] = await db.select().from(pledges).where(eq(pledges.id, id)).limit(1);
      return row;
    },

    async ofUser(userId: string): Promise<PledgeRow[]> {
      return db.select().from(pledges).where(eq(pledges.userId, userId)).orderBy(desc(pledges.createdAt), desc(pledges.id));
    },

    async update(id: string, patch: Partial<typeof pledges.$inferInsert>): Promise<PledgeRow> {
      const [row] = await db.update(pledges).set(patch).where(eq(pledges.id, id)).returning();
      return row!;
    },

    /**
     * Moves a pledge on from `month` only if it is still due for that month (and, given `failures`, still
     * has that many failed tries): two nodes finishing the same run move it once. Answers whether this
     * call moved it.
     */
    async advanceFrom(
      id: string,
      month: string,
      patch: Partial<typeof pledges.$inferInsert>,
      failures?: number,
    ): Promise<boolean> {
      const rows = await db
        .update(pledges)
        .set(patch)
        .where(
          and(
            eq(pledges.id, id),
            eq(pledges.dueMonth, month),
            failures === undefined ? undefined : eq(pledges.failures, failures),
          ),
        )
        .returning({ id: pledges.id });
      return rows.length > 0;
    },

    /** Active pledges due by `now`, oldest due first. */
    async due(now: Date, limit: number): Promise<PledgeRow[]> {
      return db
        .select()
        .from(pledges)
        .where(and(eq(pledges.status, 'active'), lte(pledges.nextRunAt, now)))
        .orderBy(asc(pledges.nextRunAt))
        .limit(limit);
    },

    async runOf(pledgeId: string, month: string): Promise<PledgeRunRow | undefined> {
      const [row] = await db
        .select()
        .from(pledgeRuns)
        .where(and(eq(pledgeRuns.pledgeId, pledgeId), eq(pledgeRuns.month, month)))
        .limit(1);
      return row;
    },

    /** Records a month's outcome; a later payment of a failed month replaces the failure, never a payment. */
    async recordRun(values: typeof pledgeRuns.$inferInsert): Promise<void> {
      await db
        .insert(pledgeRuns)
        .values(values)
        .onConflictDoUpdate({
          target: [pledgeRuns.pledgeId, pledgeRuns.month],
          set: { status: values.status, donationId: values.donationId ?? null, at: values.at },
          setWhere: eq(pledgeRuns.status, 'failed'),
        });
    },

    /** The names pledges show: their campaigns' titles and their tribes' names. */
    async targetNames(rows: PledgeRow[]): Promise<Map<string, string>> {
      const campaignIds = rows.map((r) => r.campaignId).filter((x): x is string => Boolean(x));
      const tribeIds = rows.map((r) => r.tribeId);
      const names = new Map<string, string>();
      if (tribeIds.length)
        for (const t of await db.select({ id: tribes.id, name: tribes.name }).from(tribes).where(inArray(tribes.id, tribeIds)))
          names.set(t.id, t.name);
      if (campaignIds.length)
        for (const c of await db
          .select({ id: campaigns.id, title: campaigns.title })
          .from(campaigns)
          .where(inArray(campaigns.id, campaignIds)))
          names.set(c.id, c.title);
      return names;
    },
  };
}

export type PledgesRepo = ReturnType<typeof createPledgesRepo>;
