import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  CHANNELS,
  MONEY_ERRORS,
  isLocale,
  localeDir,
  translate,
  type CampaignDay,
  type Donation,
  type DonationBody,
  type Locale,
  type Page,
} from '@tribes/shared';
import type { Mailer } from '#src/core/mail/mailer.js';
import type { Realtime } from '#src/realtime/realtime.js';
import type { Clock } from '#src/core/clock.js';
import type { Tx } from '#src/core/db/client.js';
import { campaigns, donations, users } from '#src/core/db/schema/index.js';
import { conflict, notFound } from '#src/core/errors.js';
import { readTimeCursor, timeCursor } from '#src/core/cursor.js';
import type { TribesRepo } from '../tribes/tribes.repo.js';
import type { UserRow } from '../users/users.repo.js';
import { refuseBanned } from '../tribes/tribe-roles.js';
import { isOpen } from './campaigns.service.js';
import type { Ledger } from './ledger.repo.js';
import { olderThan } from '#src/core/db/keyset.js';

export type DonationRow = typeof donations.$inferSelect;

interface Deps {
  ledger: Ledger;
  tribes: TribesRepo;
  clock: Clock;
  mailer: Pick<Mailer, 'enqueue'>;
  realtime: Pick<Realtime, 'emit'>;
}

/** A donation as its donor sees it. */
export function presentDonation(d: DonationRow, donor: { id: string; name: string } | null): Donation {
  return {
    id: d.id,
    target_type: d.targetType as Donation['target_type'],
    tribe_id: d.tribeId,
    campaign_id: d.campaignId,
    amount: d.amount,
    message: d.message,
    anonymous: d.anonymous,
    donor,
    created_at: d.createdAt.toISOString(),
  };
}

/** A donation as the public sees it: an anonymous donor has neither name nor message, as in the public ledger. */
export function presentPublicDonation(d: DonationRow, donor: { id: string; name: string } | null): Donation {
  return d.anonymous ? { ...presentDonation(d, null), message: '' } : presentDonation(d, donor);
}

/** Donations from a wallet to a tribe or to one of its open campaigns, through the ledger only. */
export function createDonationsService({ ledger, tribes, clock, mailer, realtime }: Deps) {
  const db = ledger.db;

  async function campaignExists(id: string) {
    const [row] = await db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, id)).limit(1);
    if (!row) throw notFound();
  }

  return {
    /**
     * Moves the tokens and records the donation in the caller's transaction (the idempotency
     * transaction), so a donation is written exactly once with its transfer, or not at all.
     */
    async donate(user: UserRow, body: DonationBody, tx: Tx): Promise<{ donation: Donation; balance: number }> {
      const now = clock.now();
      let tribeId: string;
      let campaignId: string | null = null;
      let toAccountId: string;
      if (body.target_type === 'tribe') {
        const tribe = await tribes.findByRef(body.target_id, tx);
        if (!tribe) throw notFound();
        tribeId = tribe.id;
        toAccountId = (await ledger.accountOf('tribe', tribe.id, tx)).id;
      } else {
        // Lock the campaign: a donation and a closing cannot cross.
        const [campaign] = await tx.select().from(campaigns).where(eq(campaigns.id, body.target_id)).for('update').limit(1);
        if (!campaign) throw notFound();
        if (!isOpen(campaign, now)) throw conflict(MONEY_ERRORS.campaignClosed, 'campaigns.closed');
        tribeId = campaign.tribeId;
        campaignId = campaign.id;
        toAccountId = (await ledger.accountOf('campaign', campaign.id, tx)).id;
      }
      // A donation carries a public name and message into the tribe's ledger: not from someone it banned.
      await refuseBanned(tribes, tribeId, user.id, tx);
      const from = await ledger.accountOf('user', user.id, tx);
      const donationId = randomUUID();
      const transferId = randomUUID();
      // Everything but the transfer is written first: the accounts are locked only for the
      // transfer and the commit, so donations from one wallet queue as briefly as they can.
      if (campaignId) {
        const [{ n }] = (await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(donations)
          .where(and(eq(donations.campaignId, campaignId), eq(donations.donorId, user.id)))) as [{ n: number }];
        await tx
          .update(campaigns)
          .set({
            raised: sql`${campaigns.raised} + ${body.amount}`,
            donorCount: sql`${campaigns.donorCount} + ${n === 0 ? 1 : 0}`,
          })
          .where(eq(campaigns.id, campaignId));
      }
      const transfer = await ledger.transfer(tx, {
        id: transferId,
        fromId: from.id,
        toId: toAccountId,
        amount: body.amount,
        kind: 'donation',
        referenceId: donationId,
        at: now,
      });
      const [linked] = await tx
        .insert(donations)
        .values({
          id: donationId,
          donorId: user.id,
          targetType: body.target_type,
          tribeId,
          campaignId,
          amount: body.amount,
          message: body.message,
          anonymous: body.anonymous,
          transferId: transfer.id,
          createdAt: now,
        })
        .returning();
      const balance = transfer.fromBalance;
      return { donation: presentDonation(linked!, { id: user.id, name: user.name }), balance };
    },

    /** After the commit: the receipt by mail, and the news on the tribe's and the campaign's channels. */
    afterCommit(user: UserRow, donation: Donation, locale: Locale): void {
      void (async () => {
        const tribe = await tribes.findByRef(donation.tribe_id);
        const [campaign] = donation.campaign_id
          ? await db.select().from(campaigns).where(eq(campaigns.id, donation.campaign_id)).limit(1)
          : [];
        const target = campaign?.title ?? tribe?.name ?? '';
        const lang = isLocale(user.locale) ? user.locale : locale;
        const params = {
          amount: new Intl.NumberFormat(lang).format(donation.amount),
          count: donation.amount,
          target,
          id: donation.id.slice(0, 8).toUpperCase(),
        };
        const subject = translate(lang, 'mail.receipt.subject', params);
        const text = translate(lang, 'mail.receipt.body', params);
        mailer.enqueue({
          to: user.email,
          subject,
          text: `${text}\n`,
          html: `<p dir="${localeDir(lang)}">${text.replace(/[<>&]/g, '')}</p>`,
        });
        const publicDonation = donation.anonymous ? { ...donation, donor: null, message: '' } : donation;
        realtime.emit(CHANNELS.tribe(donation.tribe_id), 'donation.received', { donation: publicDonation });
        if (campaign)
          realtime.emit(CHANNELS.campaign(campaign.id), 'campaign.updated', {
            campaign_id: campaign.id,
            raised: campaign.raised,
            donor_count: campaign.donorCount,
          });
      })().catch(() => undefined);
    },

    async mine(user: UserRow) {
      const rows = await db
        .select()
        .from(donations)
        .where(eq(donations.donorId, user.id))
        .orderBy(desc(donations.createdAt))
        .limit(100);
      return { items: rows.map((d) => presentDonation(d, { id: user.id, name: user.name })), next_cursor: null };
    },

    /** A tribe's donations as the public sees them: anonymous donors hidden. */
    async ofTribe(tribeRef: string) {
      const tribe = await tribes.findByRef(tribeRef);
      if (!tribe) throw notFound();
      const rows = await db
        .select({ d: donations, donor: { id: users.id, name: users.name } })
        .from(donations)
        .innerJoin(users, eq(users.id, donations.donorId))
        .where(eq(donations.tribeId, tribe.id))
        .orderBy(desc(donations.createdAt))
        .limit(100);
      return { items: rows.map((r) => presentPublicDonation(r.d, r.donor)), next_cursor: null };
    },

    /** A campaign's donations as the public sees them, newest first, page by page. */
    async ofCampaign(campaignId: string, q: { cursor?: string; limit: number }): Promise<Page<Donation>> {
      await campaignExists(campaignId);
      const after = readTimeCursor(q.cursor);
      const rows = await db
        .select({ d: donations, donor: { id: users.id, name: users.name } })
        .from(donations)
        .innerJoin(users, eq(users.id, donations.donorId))
        .where(and(eq(donations.campaignId, campaignId), olderThan(donations.createdAt, donations.id, after)))
        .orderBy(desc(donations.createdAt), desc(donations.id))
        .limit(q.limit + 1);
      const items = rows.slice(0, q.limit);
      const last = items[items.length - 1];
      return {
        items: items.map((r) => presentPublicDonation(r.d, r.donor)),
        next_cursor: rows.length > q.limit && last ? timeCursor(last.d.createdAt, last.d.id) : null,
      };
    },

    /** Tokens given to a campaign per UTC day, oldest first: the whole history in one small answer for its chart. */
    async dailyOfCampaign(campaignId: string): Promise<{ items: CampaignDay[] }> {
      await campaignExists(campaignId);
      const day = sql<string>`to_char(${donations.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
      const rows = await db
        .select({ date: day, amount: sql<string>`sum(${donations.amount})` })
        .from(donations)
        .where(eq(donations.campaignId, campaignId))
        .groupBy(day)
        .orderBy(day);
      return { items: rows.map((r) => ({ date: r.date, amount: Number(r.amount) })) };
    },
  };
}

export type DonationsService = ReturnType<typeof createDonationsService>;
