import { randomBytes } from 'node:crypto';
import {
  MONEY_ERRORS,
  POST_LIMITS,
  type Campaign,
  type CampaignUpdate,
  type CreateCampaignBody,
  type TopDonor,
  type Page,
  type UpdateCampaignBody,
} from '@tribes/shared';
import type { Clock } from '#src/core/clock.js';
import type { Transact } from '#src/core/db/transaction.js';
import { conflict, fieldError, forbidden, notFound } from '#src/core/errors.js';
import type { Storage } from '#src/core/storage.js';
import { type TribeReads, canModerate } from '../tribes/index.js';
import type { UserRow } from '../users/index.js';
import { readTimeCursor, timeCursor } from '#src/core/cursor.js';
import { reencodeImage } from '#src/core/images.js';
import type { NotificationsService } from '../notifications/index.js';
import type { CampaignChanges, CampaignRow, CampaignsRepo } from './campaigns.repo.js';
import type { Ledger } from './ledger.repo.js';
import { presentCampaign, presentCampaignUpdate, presentTopDonor } from './wallet.presenter.js';

interface Deps {
  ledger: Ledger;
  repo: CampaignsRepo;
  transact: Transact;
  tribes: TribeReads;
  storage: Pick<Storage, 'url' | 'put' | 'delete'>;
  clock: Clock;
  notifications: Pick<NotificationsService, 'notify'>;
}

/** Re-encodes a cover by its content (EXIF stripped, WebP, longest side at most 2048 px) and stores it publicly: campaigns are public. */
async function storeCover(storage: Pick<Storage, 'put'>, upload: Buffer): Promise<string> {
  const webp = await reencodeImage(upload, 'cover', POST_LIMITS.imageMaxSide);
  const key = `campaigns/${randomBytes(16).toString('hex')}.webp`;
  await storage.put(key, webp, 'image/webp');
  return key;
}

/** Closed when closed by hand or when its deadline has passed. */
export const isOpen = (c: CampaignRow, now: Date) => c.status === 'active' && c.endsAt > now;

/** Campaigns of a tribe: created, edited and closed by its leaders and moderators; progress from the ledger. */
export function createCampaignsService({ ledger, repo, transact, tribes, storage, clock, notifications }: Deps) {
  async function present(rows: CampaignRow[], viewer: UserRow | null): Promise<Campaign[]> {
    if (rows.length === 0) return [];
    const now = clock.now();
    const tribeIds = [...new Set(rows.map((r) => r.tribeId))];
    const [milestones, tribeNames, organisers] = await Promise.all([
      repo.milestonesOf(rows.map((r) => r.id)),
      repo.tribeNamesOf(tribeIds),
      repo.peopleOf([...new Set(rows.flatMap((r) => (r.createdBy ? [r.createdBy] : [])))]),
    ]);
    const names = new Map(tribeNames.map((t) => [t.id, t.name]));
    const people = new Map(organisers.map((p) => [p.id, p]));
    const manages = new Map<string, boolean>();
    for (const tribeId of tribeIds) {
      manages.set(tribeId, !!viewer && canModerate(await tribes.membership(tribeId, viewer.id)));
    }
    return rows.map((c) =>
      presentCampaign(
        c,
        {
          milestones,
          open: isOpen(c, now),
          canManage: manages.get(c.tribeId) === true,
          tribeName: names.get(c.tribeId) ?? '',
          organiser: c.createdBy ? people.get(c.createdBy) : undefined,
        },
        storage,
      ),
    );
  }

  async function find(id: string): Promise<CampaignRow> {
    const row = await repo.find(id);
    if (!row) throw notFound();
    return row;
  }

  async function assertManager(tribeId: string, user: UserRow) {
    if (!canModerate(await tribes.membership(tribeId, user.id))) throw forbidden();
  }

  /**
   * Tells a campaign's organiser and its donors that it closed (the 'campaigns' type), once each; only
   * the call whose UPDATE closed it gets here, so a campaign is told once. Never the person who closed it.
   */
  async function tellClosed(row: CampaignRow, closer: UserRow | null): Promise<void> {
    const subject = { type: 'campaign' as const, id: row.id, title: row.title, tribe_id: row.tribeId };
    const people = new Set([...(row.createdBy ? [row.createdBy] : []), ...(await repo.donorIdsOf(row.id))]);
    for (const userId of people) await notifications.notify(userId, 'campaign_closed', closer, subject);
  }

  return {
    find,
    present,

    async list(tribeRef: string, viewer: UserRow | null, q: { cursor?: string; limit: number }): Promise<Page<Campaign>> {
      const tribe = await tribes.findByRef(tribeRef);
      if (!tribe) throw notFound();
      const after = readTimeCursor(q.cursor);
      const rows = await repo.listOf(tribe.id, { after, limit: q.limit + 1 });
      const items = rows.slice(0, q.limit);
      const last = items[items.length - 1];
      return {
        items: await present(items, viewer),
        next_cursor: rows.length > q.limit && last ? timeCursor(last.createdAt, last.id) : null,
      };
    },

    async get(id: string, viewer: UserRow | null): Promise<Campaign> {
      return (await present([await find(id)], viewer))[0]!;
    },

    /** Open campaigns across every tribe, newest first; `q` searches titles, descriptions and tribe names. */
    async search(viewer: UserRow | null, q: { q?: string; cursor?: string; limit: number }): Promise<Page<Campaign>> {
      const rows = await repo.searchOpen({
        text: q.q || undefined,
        now: clock.now(),
        after: readTimeCursor(q.cursor),
        limit: q.limit + 1,
      });
      const items = rows.slice(0, q.limit);
      const last = items[items.length - 1];
      return {
        items: await present(items, viewer),
        next_cursor: rows.length > q.limit && last ? timeCursor(last.createdAt, last.id) : null,
      };
    },

    /** A campaign's ten largest givers (public: anonymous gifts without a name). */
    async topDonors(id: string): Promise<{ items: TopDonor[] }> {
      const c = await find(id);
      return { items: (await repo.topDonors(c.id, 10)).map(presentTopDonor) };
    },

    /** A campaign's updates, newest first, page by page. */
    async updates(id: string, q: { cursor?: string; limit: number }): Promise<Page<CampaignUpdate>> {
      const c = await find(id);
      const rows = await repo.updatesOf(c.id, { after: readTimeCursor(q.cursor), limit: q.limit + 1 });
      const items = rows.slice(0, q.limit);
      const last = items[items.length - 1];
      const authors = new Map(
        (await repo.peopleOf([...new Set(items.flatMap((u) => (u.authorId ? [u.authorId] : [])))])).map((p) => [p.id, p]),
      );
      return {
        items: items.map((u) => presentCampaignUpdate(u, u.authorId ? authors.get(u.authorId) : undefined, storage)),
        next_cursor: rows.length > q.limit && last ? timeCursor(last.createdAt, last.id) : null,
      };
    },

    /**
     * Posts an update (the campaign's managers, as for edits; closed campaigns too: donors still
     * hear how their money was spent) and tells each donor in the app, once each, never the author.
     */
    async postUpdate(id: string, user: UserRow, body: { body: string }): Promise<CampaignUpdate> {
      const c = await find(id);
      await assertManager(c.tribeId, user);
      const row = await repo.insertUpdate({ campaignId: c.id, authorId: user.id, body: body.body, createdAt: clock.now() });
      const subject = { type: 'campaign' as const, id: c.id, title: c.title, tribe_id: c.tribeId };
      for (const donorId of await repo.donorIdsOf(c.id)) {
        await notifications.notify(donorId, 'campaign_update', user, subject);
      }
      return presentCampaignUpdate(row, { id: user.id, name: user.name, avatarKey: user.avatarKey }, storage);
    },

    async create(tribeRef: string, user: UserRow, body: CreateCampaignBody, cover: Buffer | null = null): Promise<Campaign> {
      const tribe = await tribes.findByRef(tribeRef);
      if (!tribe) throw notFound();
      await assertManager(tribe.id, user);
      const now = clock.now();
      const endsAt = new Date(body.ends_at);
      if (endsAt <= now) throw fieldError('ends_at', 'validation.date_future');
      if (body.milestones.some((m) => m.amount > body.goal)) throw fieldError('milestones', 'validation.milestone_over_goal');
      const coverKey = cover ? await storeCover(storage, cover) : null;
      const milestones = [...body.milestones].sort((a, b) => a.amount - b.amount);
      const row = await transact(async (tx) => {
        const c = await repo.create(
          tx,
          {
            tribeId: tribe.id,
            title: body.title,
            description: body.description,
            goal: body.goal,
            monthlyGoal: body.monthly_goal ?? null,
            endsAt,
            coverKey,
            createdBy: user.id,
            createdAt: now,
          },
          milestones,
        );
        await ledger.accountOf('campaign', c.id, tx);
        return c;
      }).catch(async (err: unknown) => {
        if (coverKey) await storage.delete(coverKey).catch(() => undefined);
        throw err;
      });
      return (await present([row], user))[0]!;
    },

    /** Edits an open campaign; a new cover replaces the old one, `cover: null` removes it. */
    async update(id: string, user: UserRow, body: UpdateCampaignBody, cover: Buffer | null = null): Promise<Campaign> {
      const c = await find(id);
      await assertManager(c.tribeId, user);
      if (!isOpen(c, clock.now())) throw conflict(MONEY_ERRORS.campaignClosed, 'campaigns.closed');
      if (body.ends_at && new Date(body.ends_at) <= clock.now()) throw fieldError('ends_at', 'validation.date_future');
      const coverKey = cover ? await storeCover(storage, cover) : body.cover === null ? null : undefined;
      const changes: CampaignChanges = {
        ...(body.title !== undefined ? { title: body.title } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.goal !== undefined ? { goal: body.goal } : {}),
        ...(body.monthly_goal !== undefined ? { monthlyGoal: body.monthly_goal } : {}),
        ...(body.ends_at !== undefined ? { endsAt: new Date(body.ends_at) } : {}),
        ...(coverKey !== undefined ? { coverKey } : {}),
      };
      // An edit that changes nothing (PATCH {}) answers the campaign as it is: Drizzle refuses an UPDATE without values.
      const row = Object.keys(changes).length === 0 ? c : await repo.update(c.id, changes);
      if (coverKey !== undefined && c.coverKey && c.coverKey !== coverKey)
        await storage.delete(c.coverKey).catch(() => undefined);
      return (await present([row], user))[0]!;
    },

    async close(id: string, user: UserRow): Promise<Campaign> {
      const c = await find(id);
      await assertManager(c.tribeId, user);
      const { closedNow, ...row } = await repo.close(c.id, clock.now());
      if (closedNow) await tellClosed(row, user);
      return (await present([row], user))[0]!;
    },

    /** The scheduled close (DESIGN 10.3): campaigns past their deadline, each closed and told once. */
    async closeEnded(now = clock.now()): Promise<number> {
      const closed = await repo.closeEnded(now);
      for (const row of closed) await tellClosed(row, null);
      return closed.length;
    },
  };
}

export type CampaignsService = ReturnType<typeof createCampaignsService>;
