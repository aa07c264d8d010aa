import {
  MODERATION_ERRORS,
  MONEY_ERRORS,
  PLEDGE_RETRY_DAYS,
  type CreatePledgeBody,
  type Locale,
  type Pledge,
  type UpdatePledgeBody,
} from '@tribes/shared';
import { isLocale } from '@tribes/shared';
import type { Clock } from '#src/core/clock.js';
import { HttpError, conflict, notFound } from '#src/core/errors.js';
import type { NotificationsService } from '../notifications/index.js';
import { refuseBanned, type TribeReads } from '../tribes/index.js';
import type { UserRow, UserAccounts } from '../users/index.js';
import { type CampaignReads, isOpen, type DonationsService } from '../wallet/index.js';
import type { PledgeRow, PledgesRepo } from './pledges.repo.js';

/** The queue of the job that takes the pledges due (every 15 minutes; a month's gift is taken once). */
export const RUN_PLEDGES_QUEUE = 'pledges.run';
/** The hour (UTC) of the day a pledge is taken. */
const RUN_HOUR_UTC = 8;
const DAY_MS = 24 * 3600 * 1000;

/** The month (YYYY-MM, UTC) of a date. */
export const monthOf = (d: Date) => d.toISOString().slice(0, 7);
/** The month after `month`. */
export function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return monthOf(new Date(Date.UTC(y, m, 1)));
}
/** When a month's gift is due: its day, at RUN_HOUR_UTC. */
export function runAt(month: string, day: number): Date {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1, day, RUN_HOUR_UTC));
}
/** The first month a new (or moved) pledge pays for: this month if its day is still ahead, else the next. */
function firstMonth(now: Date, day: number): string {
  const month = monthOf(now);
  return runAt(month, day) > now ? month : nextMonth(month);
}

interface Deps {
  repo: PledgesRepo;
  donations: Pick<DonationsService, 'donate'>;
  tribes: TribeReads;
  campaigns: Pick<CampaignReads, 'find'>;
  users: Pick<UserAccounts, 'findById'>;
  clock: Clock;
  notifications: Pick<NotificationsService, 'notify'>;
}

/**
 * Monthly pledges (DESIGN 10.4): a member's gift taken from their wallet by the job queue once per
 * month. Each month's gift is a donation with the Idempotency-Key `pledge:<id>:<month>`, so two nodes
 * (or a retry after a crash) running the same month give once; the pledge then moves to the next month
 * only if it is still on this one. A wallet short of tokens: the member is told, and it is tried again
 * three days later, for the same month.
 */
export function createPledgesService({ repo, donations, tribes, campaigns, users, clock, notifications }: Deps) {
  async function present(rows: PledgeRow[]): Promise<Pledge[]> {
    const names = await repo.targetNames(rows);
    return rows.map((r) => ({
      id: r.id,
      target_type: r.targetType as Pledge['target_type'],
      target_id: r.campaignId ?? r.tribeId,
      target_name: names.get(r.campaignId ?? r.tribeId) ?? '',
      tribe_id: r.tribeId,
      amount: r.amount,
      day_of_month: r.dayOfMonth,
      status: r.status as Pledge['status'],
      next_run_at: r.status === 'active' ? r.nextRunAt.toISOString() : null,
      due_month: r.dueMonth,
      failures: r.failures,
      created_at: r.createdAt.toISOString(),
    }));
  }
  const one = async (row: PledgeRow) => (await present([row]))[0]!;

  async function mine(id: string, user: UserRow): Promise<PledgeRow> {
    const row = await repo.find(id);
    if (!row || row.userId !== user.id) throw notFound();
    return row;
  }

  /** Takes one month of one pledge; answers what happened. */
  async function runOne(p: PledgeRow, now: Date): Promise<'paid' | 'failed' | 'stopped' | 'paused' | 'done'> {
    const month = p.dueMonth;
    const moveOn = () =>
      repo.advanceFrom(p.id, month, {
        dueMonth: nextMonth(month),
        nextRunAt: runAt(nextMonth(month), p.dayOfMonth),
        failures: 0,
      });
    const earlier = await repo.runOf(p.id, month);
    if (earlier && earlier.status !== 'failed') {
      await moveOn();
      return 'done';
    }
    const user = await users.findById(p.userId);
    if (!user) {
      await repo.update(p.id, { status: 'cancelled' });
      return 'stopped';
    }
    const locale: Locale = isLocale(user.locale) ? user.locale : 'en';
    try {
      const answer = await donations.donate(
        user,
        {
          target_type: p.targetType as 'tribe' | 'campaign',
          target_id: p.campaignId ?? p.tribeId,
          amount: p.amount,
          message: '',
          anonymous: false,
        },
        { key: `pledge:${p.id}:${month}`, locale },
      );
      await repo.recordRun({ pledgeId: p.id, month, status: 'paid', donationId: answer.body.donation.id, at: now });
      await moveOn();
      return 'paid';
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      const subject = {
        type: 'donation' as const,
        id: p.id,
        title: (await repo.targetNames([p])).get(p.campaignId ?? p.tribeId) ?? '',
        tribe_id: p.tribeId,
      };
      if (err.errorType === MODERATION_ERRORS.tribeSuspended) {
        // The tribe is suspended (DESIGN 11.2): the pledge pauses, its month waits, and it is tried again
        // daily; nothing is taken, counted as failed or stopped until the suspension is lifted.
        await repo.advanceFrom(p.id, month, { nextRunAt: new Date(now.getTime() + DAY_MS) }, p.failures);
        return 'paused';
      }
      if (err.errorType === MONEY_ERRORS.insufficientFunds) {
        await repo.recordRun({ pledgeId: p.id, month, status: 'failed', donationId: null, at: now });
        // Counted only from the failure count this run read: of two nodes failing the same try at
        // once, one moves the retry on and tells the giver; the other finds the count changed.
        const moved = await repo.advanceFrom(
          p.id,
          month,
          { failures: p.failures + 1, nextRunAt: new Date(now.getTime() + PLEDGE_RETRY_DAYS * DAY_MS) },
          p.failures,
        );
        if (!moved) return 'done';
        await notifications.notify(p.userId, 'pledge_failed', null, subject).catch(() => undefined);
        return 'failed';
      }
      // The campaign closed, the tribe is gone or banned the member: the pledge stops, and they are told.
      await repo.update(p.id, { status: 'cancelled' });
      await notifications.notify(p.userId, 'pledge_stopped', null, subject).catch(() => undefined);
      return 'stopped';
    }
  }

  return {
    async create(user: UserRow, body: CreatePledgeBody): Promise<Pledge> {
      const now = clock.now();
      let tribeId: string;
      let campaignId: string | null = null;
      if (body.target_type === 'tribe') {
        const tribe = await tribes.findByRef(body.target_id);
        if (!tribe) throw notFound();
        tribeId = tribe.id;
      } else {
        const campaign = await campaigns.find(body.target_id);
        if (!campaign) throw notFound();
        if (!isOpen(campaign, now)) throw conflict(MONEY_ERRORS.campaignClosed, 'campaigns.closed');
        tribeId = campaign.tribeId;
        campaignId = campaign.id;
      }
      await refuseBanned(tribes, tribeId, user.id);
      const month = firstMonth(now, body.day_of_month);
      const row = await repo.insert({
        userId: user.id,
        targetType: body.target_type,
        tribeId,
        campaignId,
        amount: body.amount,
        dayOfMonth: body.day_of_month,
        dueMonth: month,
        nextRunAt: runAt(month, body.day_of_month),
        createdAt: now,
      });
      return one(row);
    },

    async mine(user: UserRow): Promise<{ items: Pledge[] }> {
      return { items: await present(await repo.ofUser(user.id)) };
    },

    async update(id: string, user: UserRow, body: UpdatePledgeBody): Promise<Pledge> {
      const row = await mine(id, user);
      if (row.status === 'cancelled') throw conflict('pledge_cancelled', 'pledges.cancelled');
      const now = clock.now();
      const day = body.day_of_month ?? row.dayOfMonth;
      const patch: Partial<PledgeRow> = {};
      if (body.amount !== undefined) patch.amount = body.amount;
      if (body.status) patch.status = body.status;
      let month = row.dueMonth;
      // Resumed or moved to another day: due from the next such day; skipped: the month after the due one.
      if ((body.status === 'active' && row.status === 'paused') || body.day_of_month !== undefined)
        month = firstMonth(now, day) > month ? firstMonth(now, day) : month;
      if (body.skip_next) {
        await repo.recordRun({ pledgeId: row.id, month, status: 'skipped', donationId: null, at: now });
        month = nextMonth(month);
      }
      Object.assign(patch, {
        dayOfMonth: day,
        dueMonth: month,
        nextRunAt: runAt(month, day),
        failures: month === row.dueMonth ? row.failures : 0,
      });
      return one(await repo.update(row.id, patch));
    },

    async cancel(id: string, user: UserRow): Promise<Pledge> {
      const row = await mine(id, user);
      return one(row.status === 'cancelled' ? row : await repo.update(row.id, { status: 'cancelled' }));
    },

    /** The job: every active pledge due by `now`, one month each. */
    async runDue(now: Date): Promise<Record<string, number>> {
      const counts: Record<string, number> = {};
      for (const p of await repo.due(now, 200)) {
        const outcome = await runOne(p, now);
        counts[outcome] = (counts[outcome] ?? 0) + 1;
      }
      return counts;
    },
  };
}

export type PledgesService = ReturnType<typeof createPledgesService>;
