import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '#src/core/db/client.js';
import { campaignMilestones, campaignUpdates, campaigns, donations, tribes, users } from '#src/core/db/schema/index.js';
import type { TimeCursor } from '#src/core/cursor.js';
import { olderThan } from '#src/core/db/keyset.js';

export type CampaignRow = typeof campaigns.$inferSelect;
export type MilestoneRow = typeof campaignMilestones.$inferSelect;
export type CampaignUpdateRow = typeof campaignUpdates.$inferSelect;
/** A person's public face, as campaigns show organisers and update authors. */
export interface PersonRow {
  id: string;
  name: string;
  avatarKey: string | null;
}
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

    /**
     * Open campaigns (active, deadline ahead) of every tribe, newest first, after the cursor; `q`
     * matches the title, the description or the tribe's name, case-insensitively, as plain text.
     */
    async searchOpen(q: {
      text: string | undefined;
      now: Date;
      after: TimeCursor | undefined;
      limit: number;
    }): Promise<CampaignRow[]> {
      const needle = q.text?.toLowerCase();
      const like = needle ? '%' + needle.replace(/[\\%_]/g, (c) => '\\' + c) + '%' : undefined;
      const rows = await db
        .select({ c: campaigns })
        .from(campaigns)
        .innerJoin(tribes, eq(tribes.id, campaigns.tribeId))
        .where(
          and(
            eq(campaigns.status, 'active'),
            gt(campaigns.endsAt, q.now),
            like
              ? sql`(lower(${campaigns.title}) like ${like} or lower(${campaigns.description}) like ${like} or lower(${tribes.name}) like ${like})`
              : undefined,
            olderThan(campaigns.createdAt, campaigns.id, q.after),
          ),
        )
        .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
        .limit(q.limit);
      return rows.map((r) => r.c);
    },

    /** The names of these tribes, by id. */
    async tribeNamesOf(tribeIds: string[]): Promise<{ id: string; name: string }[]> {
      if (tribeIds.length === 0) return [];
      return db.select({ id: tribes.id, name: tribes.name }).from(tribes).where(inArray(tribes.id, tribeIds));
    },

    /** The public faces of these people (organisers, update authors). */
    async peopleOf(userIds: string[]): Promise<PersonRow[]> {
      if (userIds.length === 0) return [];
      return db
        .select({ id: users.id, name: users.name, avatarKey: users.avatarKey })
        .from(users)
        .where(inArray(users.id, userIds));
    },

    async insertUpdate(update: typeof campaignUpdates.$inferInsert): Promise<CampaignUpdateRow> {
      const [row] = await db.insert(campaignUpdates).values(update).returning();
      return row!;
    },

    /** A campaign's updates, newest first, after the cursor. */
    async updatesOf(campaignId: string, q: { after: TimeCursor | undefined; limit: number }): Promise<CampaignUpdateRow[]> {
      return db
        .select()
        .from(campaignUpdates)
        .where(and(eq(campaignUpdates.campaignId, campaignId), olderThan(campaignUpdates.createdAt, campaignUpdates.id, q.after)))
        .orderBy(desc(campaignUpdates.createdAt), desc(campaignUpdates.id))
        .limit(q.limit);
    },

    /** Everyone who gave to a campaign, once each (anonymous givers too: they are told privately). */
    async donorIdsOf(campaignId: string): Promise<string[]> {
      const rows = await db
        .selectDistinct({ id: donations.donorId })
        .from(donations)
        .where(and(eq(donations.campaignId, campaignId), isNotNull(donations.donorId)));
      return rows.map((r) => r.id!).filter(Boolean);
    },

    /** A campaign's largest givers by total; a donor's anonymous and named gifts are counted apart. */
    async topDonors(
      campaignId: string,
      limit: number,
    ): Promise<{ donor: { id: string; name: string }; anonymous: boolean; amount: number }[]> {
      const total = sql<string>`sum(${donations.amount})`;
      const rows = await db
        .select({ id: users.id, name: users.name, anonymous: donations.anonymous, amount: total })
        .from(donations)
        .innerJoin(users, eq(users.id, donations.donorId))
        .where(eq(donations.campaignId, campaignId))
        .groupBy(users.id, users.name, donations.anonymous)
        .orderBy(desc(total), asc(users.id))
        .limit(limit);
      return rows.map((r) => ({ donor: { id: r.id, name: r.name }, anonymous: r.anonymous, amount: Number(r.amount) }));
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
    /** Closes a campaign (again is a no-op); `closedNow` is true only for the call that closed it. */
    async close(id: string, at: Date): Promise<CampaignRow & { closedNow: boolean }> {
      const [changed] = await db
        .update(campaigns)
        .set({ status: 'closed', closedAt: sql`coalesce(${campaigns.closedAt}, ${at})` })
        .where(and(eq(campaigns.id, id), eq(campaigns.status, 'active')))
        .returning();
      if (changed) return { ...changed, closedNow: true };
      const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
      return { ...row!, closedNow: false };
    },

    /** Closes every active campaign whose deadline has passed, as of its deadline; returns those it closed. */
    async closeEnded(now: Date): Promise<CampaignRow[]> {
      return db
        .update(campaigns)
        .set({ status: 'closed', closedAt: sql`coalesce(${campaigns.closedAt}, ${campaigns.endsAt})` })
        .where(and(eq(campaigns.status, 'active'), lte(campaigns.endsAt, now)))
        .returning();
    },

    /** Adds a donation to the campaign's running totals, counting its donor once. */
    async addDonation(tx: Tx, id: string, amount: number, newDonor: boolean): Promise<void> {
      await tx
        .update(campaigns)
        .set({ raised: sql`${campaigns.raised} + ${amount}`, donorCount: sql`${campaigns.donorCount} + ${newDonor ? 1 : 0}` })
        .where(eq(campaigns.id, id));
    },

    /** Tokens given to a campaign per UTC day, oldest first (refunded gifts left out, as in its total). */
    async dailyTotals(id: string): Promise<{ date: string; amount: number }[]> {
      const day = sql<string>`to_char(${donations.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
      const rows = await db
        .select({ date: day, amount: sql<string>`sum(${donations.amount})` })
        .from(donations)
        .where(and(eq(donations.campaignId, id), isNull(donations.refundedAt)))
        .groupBy(day)
        .orderBy(day);
      return rows.map((r) => ({ date: r.date, amount: Number(r.amount) }));
    },
  };
}

export type CampaignsRepo = ReturnType<typeof createCampaignsRepo>;
