import { randomUUID } from 'node:crypto';
import {
  CHANNELS,
  MODERATION_ERRORS,
  MONEY_ERRORS,
  isLocale,
  localeDir,
  translate,
  type CampaignDay,
  type Donation,
  type DonationBody,
  type DonationResult,
  type Locale,
  type Page,
} from '@tribes/shared';
import type { Mailer } from '#src/core/mail/mailer.js';
import type { NotificationsService } from '../notifications/index.js';
import type { Realtime } from '#src/realtime/realtime.js';
import type { Clock } from '#src/core/clock.js';
import { idempotent, requestHash, type Answer } from '#src/core/db/idempotency.js';
import type { Transact } from '#src/core/db/transaction.js';
import { conflict, notFound } from '#src/core/errors.js';
import { readTimeCursor, timeCursor } from '#src/core/cursor.js';
import { type TribeReads, refuseBanned } from '../tribes/index.js';
import type { UserRow } from '../users/index.js';
import type { CampaignsRepo } from './campaigns.repo.js';
import { isOpen } from './campaigns.service.js';
import type { DonationsRepo } from './donations.repo.js';
import type { Ledger } from './ledger.repo.js';
import { presentDonation, presentPublicDonation, publicDonation } from './wallet.presenter.js';

interface Deps {
  ledger: Ledger;
  repo: DonationsRepo;
  campaigns: CampaignsRepo;
  transact: Transact;
  tribes: TribeReads;
  clock: Clock;
  mailer: Pick<Mailer, 'enqueue'>;
  realtime: Pick<Realtime, 'emit'>;
  /** The tribe's leaders are told of each gift to it or to its campaigns (issue 37.8). */
  notifications?: Pick<NotificationsService, 'notifyMany'>;
}

/** The request a donation comes with: its Idempotency-Key, and the language of its receipt when the donor has none. */
export interface DonationRequest {
  key: string;
  locale: Locale;
  /** Whether the receipt and the realtime news go out after the commit (the demo seed loads history without them). */
  notify?: boolean;
}

/** Donations from a wallet to a tribe or to one of its open campaigns, through the ledger only. */
export function createDonationsService({
  ledger,
  repo,
  campaigns,
  transact,
  tribes,
  clock,
  mailer,
  realtime,
  notifications,
}: Deps) {
  async function campaignExists(id: string) {
    if (!(await campaigns.exists(id))) throw notFound();
  }

  /**
   * The tribe's leaders told of a gift: to the campaign or to the tribe, with its amount. An anonymous
   * donor stays unnamed to them too; blocks and the donor's own gift are still judged on the donor.
   */
  async function tellLeaders(donor: UserRow, donation: Donation, target: { campaignId: string | null; title: string }) {
    if (!notifications) return;
    const leaders = await tribes.activeIdsOfRoles(donation.tribe_id, ['leader']);
    const subject = target.campaignId
      ? {
          type: 'campaign' as const,
          id: target.campaignId,
          title: target.title,
          tribe_id: donation.tribe_id,
          amount: donation.amount,
        }
      : {
          type: 'tribe' as const,
          id: donation.tribe_id,
          title: target.title,
          tribe_id: donation.tribe_id,
          amount: donation.amount,
        };
    await notifications.notifyMany(leaders, 'donation_received', donor, subject, { anonymous: donation.anonymous });
  }

  /** After the commit: the receipt by mail, the news on the tribe's and the campaign's channels, the leaders told. */
  function announce(user: UserRow, donation: Donation, locale: Locale): void {
    void (async () => {
      const tribe = await tribes.findByRef(donation.tribe_id);
      const campaign = donation.campaign_id ? await campaigns.find(donation.campaign_id) : undefined;
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
      // An account made from a phone identity may have no email yet: no receipt by mail then.
      if (user.email)
        mailer.enqueue({
          to: user.email,
          subject,
          text: `${text}\n`,
          html: `<p dir="${localeDir(lang)}">${text.replace(/[<>&]/g, '')}</p>`,
        });
      realtime.emit(CHANNELS.tribe(donation.tribe_id), 'donation.received', { donation: publicDonation(donation) });
      if (campaign)
        realtime.emit(CHANNELS.campaign(campaign.id), 'campaign.updated', {
          campaign_id: campaign.id,
          raised: campaign.raised,
          donor_count: campaign.donorCount,
        });
      await tellLeaders(user, donation, { campaignId: campaign?.id ?? null, title: target });
    })().catch(() => undefined);
  }

  return {
    /**
     * The exactly-once donation. In one transaction: the Idempotency-Key is claimed (a replay
     * answers the first answer and its status, the same key with another body is 409), the tokens
     * move through the ledger, the donation and the campaign's totals are written, and the answer
     * is stored with the key; so a donation is written exactly once with its transfer, or not at
     * all. Only a first answer, once committed, sends the receipt and the realtime news.
     */
    async donate(user: UserRow, body: DonationBody, request: DonationRequest): Promise<Answer<DonationResult>> {
      const now = clock.now();
      return transact((tx, afterCommit) =>
        idempotent(tx, { userId: user.id, key: request.key, hash: requestHash('donation', body), now, status: 201 }, async () => {
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
            const campaign = await campaigns.findForUpdate(tx, body.target_id);
            if (!campaign) throw notFound();
            if (!isOpen(campaign, now)) throw conflict(MONEY_ERRORS.campaignClosed, 'campaigns.closed');
            tribeId = campaign.tribeId;
            campaignId = campaign.id;
            toAccountId = (await ledger.accountOf('campaign', campaign.id, tx)).id;
          }
          // A tribe an operator suspended takes no gift, to itself or its campaigns (DESIGN 11.2).
          if ((await tribes.findByRef(tribeId, tx))?.suspendedAt) {
            throw conflict(MODERATION_ERRORS.tribeSuspended, 'errors.tribe_suspended');
          }
          // A donation carries a public name and message into the tribe's ledger: not from someone it banned.
          await refuseBanned(tribes, tribeId, user.id, tx);
          const from = await ledger.accountOf('user', user.id, tx);
          const donationId = randomUUID();
          const transferId = randomUUID();
          // Everything but the transfer is written first: the accounts are locked only for the
          // transfer and the commit, so donations from one wallet queue as briefly as they can.
          if (campaignId) {
            const earlier = await repo.countOfDonorInCampaign(tx, campaignId, user.id);
            await campaigns.addDonation(tx, campaignId, body.amount, earlier === 0);
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
          const row = await repo.insert(tx, {
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
          });
          const donation = presentDonation(row, { id: user.id, name: user.name });
          if (request.notify !== false) afterCommit(() => announce(user, donation, request.locale));
          return { donation, balance: transfer.fromBalance };
        }),
      );
    },

    async mine(user: UserRow) {
      const rows = await repo.ofDonor(user.id, 100);
      return { items: rows.map((d) => presentDonation(d, { id: user.id, name: user.name })), next_cursor: null };
    },

    /** A tribe's donations as the public sees them: anonymous donors hidden. */
    async ofTribe(tribeRef: string) {
      const tribe = await tribes.findByRef(tribeRef);
      if (!tribe) throw notFound();
      const rows = await repo.ofTribe(tribe.id, 100);
      return { items: rows.map((r) => presentPublicDonation(r.d, r.donor)), next_cursor: null };
    },

    /** A campaign's donations as the public sees them, newest first, page by page. */
    async ofCampaign(campaignId: string, q: { cursor?: string; limit: number }): Promise<Page<Donation>> {
      await campaignExists(campaignId);
      const rows = await repo.ofCampaign(campaignId, { after: readTimeCursor(q.cursor), limit: q.limit + 1 });
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
      return { items: await campaigns.dailyTotals(campaignId) };
    },
  };
}

export type DonationsService = ReturnType<typeof createDonationsService>;
