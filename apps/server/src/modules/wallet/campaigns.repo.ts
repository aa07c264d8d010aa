import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '#src/core/db/client.js';
import { campaignMilestones, campaigns, donations } from '#src/core/db/schema/index.js';
import type { TimeCursor } from '#src/core/cursor.js';
import { olderThan } from '#src/core/db/keyset.js';

export type CampaignRow = typeof campaigns.$inferSelect;
export type MilestoneRow = typeof campaignMilestones.$inferSelect;
type Conn = Db | Tx;

/** The fields of a campaign an edit may change. */
export type CampaignChanges = Partial<
  Pick<CampaignRow, 'title' | 'description' | 'goal' | 'monthlyGoal' | 'endsAt' | 'coverKey'>
>;

/** The only place that reads and writes campaigns, their milestones, their running totals and daily totals. */
export function createCampaignsRepo(db: Db) {
  return {
    async find(id: string, conn: Conn = db): Promise<CampaignRow | undefined> {
      const [row] = await conn.select().from(campaigns).where(eq(campaigns.id, id)).limit(1);
      return row;
    },

    /** The campaign, locked until the transaction ends (a donation and a closing cannot cross). */
    async findForUpdate(tx: Tx, id: string): Promise<CampaignRow | undefined> {
      const [row] = await tx.select().from(campaigns).where(eq(campaigns.id, id)).for('update').limit(1);
      return row;
    },

    async exists(id: string): Promise<boolean> {
      const [row] = await db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, id)).limit(1);
      return row !== undefined;
    },

    /** A tribe's campaigns, newest first, after the cursor. */
    async listOf(tribeId: string, q: { after: TimeCursor | undefined; limit: number }): Promise<CampaignRow[]> {
      return db
        .select()
        .from(campaigns)
        .where(and(eq(campaigns.tribeId, tribeId), olderThan(campaigns.createdAt, campaigns.id, q.after)))
        .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
        .limit(q.limit);
    },

    /** Every campaign of a tribe, by id and title. */
    async titlesOf(tribeId: string): Promise<{ id: string; title: string }[]> {
      return db.select({ id: campaigns.id, title: campaigns.title }).from(campaigns).where(eq(campaigns.tribeId, tribeId));
    },

    /** The milestones of these campaigns, in their order. */
    async milestonesOf(campaignIds: string[]): Promise<MilestoneRow[]> {
      return db
        .select()
        .from(campaignMilestones)
        .where(inArray(campaignMilestones.campaignId, campaignIds))
        .orderBy(asc(campaignMilestones.position));
    },

    /** A campaign and its milestones (already in their order). */
    async create(
      tx: Tx,
      campaign: typeof campaigns.$inferInsert,
      milestones: { title: string; amount: number }[],
    ): Promise<CampaignRow> {
      const [c] = await tx.insert(campaigns).values(campaign).returning();
      if (milestones.length)
        await tx
          .insert(campaignMilestones)
          .values(milestones.map((m, i) => ({ campaignId: c!.id, title: m.title, amount: m.amount, position: i })));
      return c!;
    },

    async update(id: string, changes: CampaignChanges): Promise<CampaignRow> {
      const [row] = await db.update(campaigns).set(changes).where(eq(campaigns.id, id)).returning();
      return row!;
    },

    /** Closes a campaign; closing it again keeps its first closing time. */
    async close(id: string, at: Date): Promise<CampaignRow> {
      const [row] = await db
        .update(campaigns)
        .set({ status: 'closed', closedAt: sql`coalesce(${campaigns.closedAt}, ${at})` })
        .where(eq(campaigns.id, id))
        .returning();
      return row!;
    },

    /** Adds a donation to the campaign's running totals, counting its donor once. */
    async addDonation(tx: Tx, id: string, amount: number, newDonor: boolean): Promise<void> {
      await tx
        .update(campaigns)
        .set({ raised: sql`${campaigns.raised} + ${amount}`, donorCount: sql`${campaigns.donorCount} + ${newDonor ? 1 : 0}` })
        .where(eq(campaigns.id, id));
    },

    /** Tokens given to a campaign per UTC day, oldest first. */
    async dailyTotals(id: string): Promise<{ date: string; amount: number }[]> {
      const day = sql<string>`to_char(${donations.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
      const rows = await db
        .select({ date: day, amount: sql<string>`sum(${donations.amount})` })
        .from(donations)
        .where(eq(donations.campaignId, id))
        .groupBy(day)
        .orderBy(day);
      return rows.map((r) => ({ date: r.date, amount: Number(r.amount) }));
    },
  };
}

export type CampaignsRepo = ReturnType<typeof createCampaignsRepo>;
