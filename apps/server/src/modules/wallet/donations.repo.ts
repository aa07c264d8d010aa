import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '#src/core/db/client.js';
import { donations, users } from '#src/core/db/schema/index.js';
import type { TimeCursor } from '#src/core/cursor.js';
import { olderThan } from '#src/core/db/keyset.js';

export type DonationRow = typeof donations.$inferSelect;

/** A donation with its donor's public name; null once the donor deleted their account (the gift stays). */
export interface DonationWithDonor {
  d: DonationRow;
  donor: { id: string; name: string } | null;
}

/** The only place that reads and writes donations. */
export function createDonationsRepo(db: Db) {
  return {
    async insert(tx: Tx, donation: typeof donations.$inferInsert): Promise<DonationRow> {
      const [row] = await tx.insert(donations).values(donation).returning();
      return row!;
    },

    /** How many donations this donor already gave to this campaign. */
    async countOfDonorInCampaign(tx: Tx, campaignId: string, donorId: string): Promise<number> {
      const [{ n }] = (await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(donations)
        .where(and(eq(donations.campaignId, campaignId), eq(donations.donorId, donorId)))) as [{ n: number }];
      return n;
    },

    /** A donor's donations, newest first. */
    async ofDonor(donorId: string, limit: number): Promise<DonationRow[]> {
      return db.select().from(donations).where(eq(donations.donorId, donorId)).orderBy(desc(donations.createdAt)).limit(limit);
    },

    /** A tribe's donations with their donors, newest first. */
    async ofTribe(tribeId: string, limit: number): Promise<DonationWithDonor[]> {
      return db
        .select({ d: donations, donor: { id: users.id, name: users.name } })
        .from(donations)
        .leftJoin(users, eq(users.id, donations.donorId))
        .where(eq(donations.tribeId, tribeId))
        .orderBy(desc(donations.createdAt))
        .limit(limit);
    },

    /** A campaign's donations with their donors, newest first, after the cursor. */
    async ofCampaign(campaignId: string, q: { after: TimeCursor | undefined; limit: number }): Promise<DonationWithDonor[]> {
      return db
        .select({ d: donations, donor: { id: users.id, name: users.name } })
        .from(donations)
        .leftJoin(users, eq(users.id, donations.donorId))
        .where(and(eq(donations.campaignId, campaignId), olderThan(donations.createdAt, donations.id, q.after)))
        .orderBy(desc(donations.createdAt), desc(donations.id))
        .limit(q.limit);
    },
  };
}

export type DonationsRepo = ReturnType<typeof createDonationsRepo>;
