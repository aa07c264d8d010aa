import type { CreateVillageBody, MapVillage, Page, UpdateVillageBody, Village } from '@tribes/shared';
import type { Clock } from '#src/core/clock.js';
import type { NotificationsService } from '../notifications/index.js';
import { encodeCursor, readCursor } from '#src/core/cursor.js';
import { fieldError, forbidden, notFound } from '#src/core/errors.js';
import { isUniqueViolation, type UserRow } from '../users/index.js';
import { canModerate, isLeader, type TribeReads } from '../tribes/index.js';
import { presentVillage } from './villages.presenter.js';
import type { VillagesRepo } from './villages.repo.js';
import type { Transact } from '#src/core/db/transaction.js';

interface Deps {
  /** Transactions (core/db): the repos never hand their connection out. */
  transact: Transact;
  notifications?: Pick<NotificationsService, 'notify' | 'notifyMany'>;
  repo: VillagesRepo;
  tribes: TribeReads;
  clock: Clock;
}

/** Villages: registered by active members, shown on the map once a leader approves them. */
export function createVillagesService({ repo, tribes, clock, notifications, transact }: Deps) {
  const nameTaken = (err: unknown) => {
    if (isUniqueViolation(err)) return fieldError('name', 'validation.village_name_taken');
    return err;
  };

  async function tribeOf(ref: string) {
    const tribe = await tribes.findByRef(ref);
    if (!tribe) throw notFound();
    return tribe;
  }

  return {
    /** Approved villages for everyone; pending and rejected ones for moderators, and each member's own. */
    async list(
      ref: string,
      user: UserRow | null,
      query: { status: string; cursor?: string; limit: number },
    ): Promise<Page<Village>> {
      const tribe = await tribeOf(ref);
      let createdBy: string | undefined;
      if (query.status !== 'approved') {
        if (!user) throw forbidden();
        if (!canModerate(await tribes.membership(tribe.id, user.id))) createdBy = user.id;
      }
      const after = readCursor(query.cursor, { at: 'date', id: 'uuid' });
      const rows = await repo.list(tribe.id, { status: query.status, createdBy, after, limit: query.limit + 1 });
      const page = rows.slice(0, query.limit);
      const last = page[page.length - 1];
      return {
        items: page.map((r) => presentVillage(r.village, r.creator)),
        next_cursor:
          rows.length > query.limit && last
            ? encodeCursor({ at: last.village.createdAt.toISOString(), id: last.village.id })
            : null,
      };
    },

    async create(ref: string, user: UserRow, body: CreateVillageBody): Promise<Village> {
      const tribe = await tribeOf(ref);
      const mine = await tribes.membership(tribe.id, user.id);
      if (mine?.status !== 'active') throw forbidden();
      let row: Awaited<ReturnType<VillagesRepo['insert']>>;
      try {
        row = await repo.insert({
          ...body,
          population: body.population ?? null,
          tribeId: tribe.id,
          createdBy: user.id,
          createdAt: clock.now(),
        });
      } catch (err) {
        throw nameTaken(err);
      }
      // A village awaiting review: its tribe's leaders (who review) are told, the registrant excepted.
      if (row.status === 'pending' && notifications) {
        const leaders = await tribes.activeIdsOfRoles(tribe.id, ['leader']);
        await notifications.notifyMany(leaders, 'village_submitted', user, {
          type: 'village',
          id: row.id,
          title: row.name,
          tribe_id: tribe.id,
        });
      }
      return presentVillage(row, { id: user.id, name: user.name });
    },

    /**
     * Leaders review (approve or reject) and may edit any village; the member who registered a
     * village may edit it while it is pending.
     */
    async update(id: string, user: UserRow, body: UpdateVillageBody): Promise<Village> {
      const village = await repo.findById(id);
      if (!village) throw notFound();
      const mine = await tribes.membership(village.tribeId, user.id);
      const leader = isLeader(mine);
      // The registrant edits while pending and while still an active member: never once banned (or gone).
      const ownPending = village.createdBy === user.id && village.status === 'pending' && mine?.status === 'active';
      if (!leader && (body.status !== undefined || !ownPending)) throw forbidden();
      const now = clock.now();
      try {
        await transact(async (tx) => {
          await repo.update(
            id,
            { ...body, ...(body.status ? { status: body.status, reviewedBy: user.id, reviewedAt: now } : {}) },
            tx,
          );
          if (body.status) await tribes.recount(village.tribeId, tx);
        });
      } catch (err) {
        throw nameTaken(err);
      }
      if (body.status === 'approved' && village.status !== 'approved' && village.createdBy) {
        await notifications?.notify(village.createdBy, 'village_approved', user, {
          type: 'village',
          id: village.id,
          title: village.name,
          tribe_id: village.tribeId,
        });
      }
      const fresh = (await repo.findWithCreator(id))!;
      return presentVillage(fresh.village, fresh.creator);
    },

    async forMap(limit = 5000): Promise<MapVillage[]> {
      const rows = await repo.approvedForMap(limit);
      return rows.map((r) => ({ id: r.id, tribe_id: r.tribeId, tribe_slug: r.tribeSlug, name: r.name, lat: r.lat, lng: r.lng }));
    },
  };
}

export type VillagesService = ReturnType<typeof createVillagesService>;
