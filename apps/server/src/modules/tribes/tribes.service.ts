import { randomBytes } from 'node:crypto';
import type {
  CreateTribeBody,
  MapTribe,
  Membership,
  Page,
  Tribe,
  TribeApprovals,
  TribeMember,
  UpdateMemberBody,
  UpdateTribeBody,
} from '@tribes/shared';
import type { Clock } from '#src/core/clock.js';
import type { NotificationsService } from '../notifications/index.js';
import { encodeCursor, readCursor } from '#src/core/cursor.js';
import { fieldError, forbidden, HttpError, notFound } from '#src/core/errors.js';
import type { Storage } from '#src/core/storage.js';
import { isUniqueViolation, type UserRow, type UserAccounts } from '../users/index.js';
import { openImage } from '#src/core/images.js';
import { presentMapTribe, presentMember, presentMembership, presentTribe } from './tribes.presenter.js';
import type { MemberRow, TribeRow, TribesRepo } from './tribes.repo.js';
import { canModerate, isActive, isLeader } from './tribe-roles.js';
import type { Transact } from '#src/core/db/transaction.js';
import type { Realtime } from '#src/realtime/realtime.js';
import type { BlockSource } from '#src/realtime/blocks.js';

interface Deps {
  /** Transactions (core/db): the repos never hand their connection out. */
  transact: Transact;
  notifications?: Pick<NotificationsService, 'notify' | 'notifyMany'>;
  /** Told when an active membership ends, so the member's live channels of the tribe end on every node. */
  realtime?: Pick<Realtime, 'membershipEnded'>;
  repo: TribesRepo;
  users: UserAccounts;
  storage: Storage;
  clock: Clock;
  /** Everyone on either side of a block with a user (the people module): the members list hides them. */
  blocks: BlockSource;
  /** How many of a tribe's proposed expenses a person may decide on now (the treasury's port). */
  expensesAwaiting?: (tribeId: string, userId: string) => Promise<number>;
}

/** Arabic harakat, superscript alef and tatweel; Hebrew points and cantillation: marks, not letters, in a slug. */
const NON_LETTER_MARKS = /[\u0591-\u05bd\u05bf\u05c1\u05c2\u05c4\u05c5\u05c7\u0610-\u061a\u064b-\u065f\u0670\u0640]/g;

/**
 * A URL-safe slug from a name in any script: "Aït Atlas" → "ait-atlas", "قبيلة آيت بوكماز" →
 * "قبيلة-آيت-بوكماز". Only Latin letters lose their accents; every other letter stays whole in its
 * composed form (NFKD would split أ إ آ ؤ ئ into a letter and a combining hamza or madda, which the
 * separator rule then cut into two words).
 */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFC')
    .replace(NON_LETTER_MARKS, '')
    .toLowerCase()
    .replace(/\p{Script=Latin}/gu, (letter) => letter.normalize('NFKD').replace(/\p{M}/gu, ''))
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'tribe';
}

const lastLeader = () => new HttpError(409, 'tribes.last_leader');

/** The faces of a tribe: a 3:1 cover and a square logo, each cropped around its centre. */
export const TRIBE_IMAGES = {
  cover: { width: 1500, height: 500 },
  logo: { width: 512, height: 512 },
} as const;
export type TribeImageKind = keyof typeof TRIBE_IMAGES;

/**
 * Decodes an upload by its content (anything but JPEG, PNG, WebP, GIF or AVIF is 415 before sharp
 * parses it), turns it upright, crops it to the kind's aspect and size and re-encodes it as WebP
 * without EXIF or GPS data.
 */
export async function cropTribeImage(upload: Buffer, kind: TribeImageKind): Promise<Buffer> {
  const opened = await openImage(upload, kind, 50_000_000);
  const { width, height } = TRIBE_IMAGES[kind];
  try {
    return await opened.rotate().resize(width, height, { fit: 'cover', position: 'centre' }).webp({ quality: 82 }).toBuffer();
  } catch {
    throw fieldError(kind, 'validation.image_invalid');
  }
}

/** Tribes and their memberships: who may create, join, leave, approve, ban and lead. */
export function createTribesService({
  repo,
  users,
  storage,
  clock,
  notifications,
  realtime,
  transact,
  blocks,
  expensesAwaiting,
}: Deps) {
  const present = (row: TribeRow, m?: MemberRow | null) => presentTribe(row, storage, m);

  async function get(ref: string): Promise<TribeRow> {
    const tribe = await repo.findByRef(ref);
    if (!tribe) throw notFound();
    return tribe;
  }

  async function uniqueSlug(name: string): Promise<string> {
    const base = slugify(name);
    for (let i = 1; i < 50; i++) {
      const candidate = i === 1 ? base : `${base}-${i}`;
      if (!(await repo.slugExists(candidate))) return candidate;
    }
    return `${base}-${Date.now().toString(36)}`;
  }

  /**
   * After a commit, the tribe's people told what needs them (issue 37.8): a join request to its leaders and
   * moderators (either may approve it), a new member to its leaders, never the one who let them in.
   */
  async function tellStaff(tribe: TribeRow, member: UserRow, kind: 'join_requested' | 'member_joined', except?: string) {
    if (!notifications) return;
    const roles = kind === 'join_requested' ? (['leader', 'moderator'] as const) : (['leader'] as const);
    const ids = (await repo.activeIdsOfRoles(tribe.id, roles)).filter((id) => id !== except);
    await notifications.notifyMany(ids, kind, member, { type: 'tribe', id: tribe.id, title: tribe.name, tribe_id: tribe.id });
  }

  /** Joins for the user: open tribes at once, request tribes as pending; a ban is final. */
  async function join(tribe: TribeRow, user: UserRow): Promise<MemberRow> {
    let created = false;
    const row = await transact(async (tx) => {
      await repo.lockTribe(tribe.id, tx);
      const existing = await repo.membership(tribe.id, user.id, tx);
      if (existing?.status === 'banned') throw new HttpError(403, 'tribes.banned');
      if (existing) return existing;
      created = true;
      const now = clock.now();
      const row = await repo.insertMembership(
        {
          tribeId: tribe.id,
          userId: user.id,
          role: 'member',
          status: tribe.visibility === 'open' ? 'active' : 'pending',
          joinedAt: now,
          updatedAt: now,
        },
        tx,
      );
      await repo.recount(tribe.id, tx);
      return row;
    });
    if (created) await tellStaff(tribe, user, row.status === 'active' ? 'member_joined' : 'join_requested');
    return row;
  }

  return {
    get,
    /** A tribe's answer object for one viewer (their membership decides what it shows). */
    present,
    /** A membership's answer object (join, a member's change, a selection, an invite accepted). */
    presentMembership: (row: MemberRow): Membership => presentMembership(row),

    async list(user: UserRow | null, query: { q?: string; cursor?: string; limit: number }): Promise<Page<Tribe>> {
      const after = readCursor(query.cursor, { name: 'text', id: 'uuid' });
      const rows = await repo.list({ q: query.q || undefined, after, limit: query.limit + 1 });
      const page = rows.slice(0, query.limit);
      const mine = user
        ? await repo.membershipsOf(
            user.id,
            page.map((r) => r.id),
          )
        : new Map<string, MemberRow>();
      const last = page[page.length - 1];
      return {
        items: page.map((r) => present(r, mine.get(r.id))),
        next_cursor: rows.length > query.limit && last ? encodeCursor({ name: last.name.toLowerCase(), id: last.id }) : null,
      };
    },

    async show(ref: string, user: UserRow | null): Promise<Tribe> {
      const tribe = await get(ref);
      const membership = user ? await repo.membership(tribe.id, user.id) : null;
      // A suspended tribe is hidden from all but its leaders (DESIGN 11.2): to anyone else it is not there.
      if (tribe.suspendedAt && !(membership?.role === 'leader' && membership.status === 'active')) throw notFound();
      return present(tribe, membership);
    },

    /** Only users who chose the leader role create tribes; the creator becomes its first leader. */
    async create(user: UserRow, body: CreateTribeBody): Promise<Tribe> {
      if (user.role !== 'leader') throw forbidden();
      const now = clock.now();
      const slug = await uniqueSlug(body.name);
      try {
        const { tribe, member } = await transact(async (tx) => {
          const tribe = await repo.insert({ ...body, slug, createdBy: user.id, createdAt: now, updatedAt: now }, tx);
          const member = await repo.insertMembership(
            { tribeId: tribe.id, userId: user.id, role: 'leader', status: 'active', joinedAt: now, updatedAt: now },
            tx,
          );
          await repo.recount(tribe.id, tx);
          return { tribe: (await repo.findByRef(tribe.id, tx))!, member };
        });
        // A leader's first tribe becomes their primary tribe.
        if (!user.primaryTribeId) await users.update(user.id, { primaryTribeId: tribe.id, updatedAt: now });
        return present(tribe, member);
      } catch (err) {
        if (isUniqueViolation(err)) throw fieldError('name', 'validation.tribe_name_taken');
        throw err;
      }
    },

    async update(ref: string, user: UserRow, body: UpdateTribeBody): Promise<Tribe> {
      const tribe = await get(ref);
      const mine = await repo.membership(tribe.id, user.id);
      if (!isLeader(mine)) throw forbidden();
      const { allow_translation: allowTranslation, ...fields } = body;
      try {
        const patch = { ...fields, ...(allowTranslation === undefined ? {} : { allowTranslation }), updatedAt: clock.now() };
        return present(await repo.update(tribe.id, patch), mine);
      } catch (err) {
        if (isUniqueViolation(err)) throw fieldError('name', 'validation.tribe_name_taken');
        throw err;
      }
    },

    /**
     * Sets the cover or the logo (leaders). Stored under a public key (tribes/{id}/...): tribes are
     * public, and the Open Graph image of a shared link must load without a signature. Each upload
     * gets a new name, so the URL can be cached for a year; the old file goes.
     */
    async setImage(ref: string, user: UserRow, kind: TribeImageKind, upload: Buffer): Promise<Tribe> {
      const tribe = await get(ref);
      const mine = await repo.membership(tribe.id, user.id);
      if (!isLeader(mine)) throw forbidden();
      const webp = await cropTribeImage(upload, kind);
      const key = `tribes/${tribe.id}/${kind}-${randomBytes(12).toString('hex')}.webp`;
      await storage.put(key, webp, 'image/webp');
      const column = kind === 'cover' ? 'coverKey' : 'logoKey';
      const row = await repo.update(tribe.id, { [column]: key, updatedAt: clock.now() });
      const old = tribe[column];
      if (old && old !== key) await storage.delete(old).catch(() => undefined);
      return present(row, mine);
    },

    async join(ref: string, user: UserRow) {
      const tribe = await get(ref);
      if (tribe.suspendedAt) throw notFound();
      return join(tribe, user);
    },

    /** Onboarding: joins the tribe, makes it the user's primary tribe and completes the step. */
    async select(user: UserRow, tribeId: string): Promise<{ user: UserRow; membership: MemberRow; tribe: TribeRow }> {
      const tribe = await get(tribeId);
      const membership = await join(tribe, user);
      const updated = await users.update(user.id, {
        primaryTribeId: tribe.id,
        lastStep: 'tribe-selection-completed',
        updatedAt: clock.now(),
      });
      return { user: updated!, membership, tribe: (await repo.findByRef(tribe.id))! };
    },

    async leave(ref: string, user: UserRow): Promise<void> {
      const tribe = await get(ref);
      await transact(async (tx, afterCommit) => {
        await repo.lockTribe(tribe.id, tx);
        const mine = await repo.membership(tribe.id, user.id, tx);
        if (!mine) throw notFound();
        if (mine.status === 'banned') throw forbidden();
        if (isLeader(mine) && (await repo.countActiveLeaders(tribe.id, tx)) <= 1) throw lastLeader();
        await repo.deleteMembership(tribe.id, user.id, tx);
        await repo.recount(tribe.id, tx);
        if (isActive(mine)) afterCommit(() => realtime?.membershipEnded(tribe.id, user.id));
      });
      if (user.primaryTribeId === tribe.id) await users.update(user.id, { primaryTribeId: null, updatedAt: clock.now() });
    },

    /**
     * What waits for the reader in a tribe they run: join requests (leaders, moderators); villages
     * (leaders); expenses the reader may decide on now (the treasury's rule, decision 023: a leader, a
     * moderator standing in for missing leaders, a sole leader approving their own).
     */
    async approvals(ref: string, user: UserRow): Promise<TribeApprovals> {
      const tribe = await get(ref);
      const mine = await repo.membership(tribe.id, user.id);
      if (!canModerate(mine)) throw forbidden();
      const [counts, expenses] = await Promise.all([
        repo.waitingCounts(tribe.id),
        expensesAwaiting ? expensesAwaiting(tribe.id, user.id) : Promise.resolve(null),
      ]);
      return {
        join_requests: counts.joinRequests,
        villages: isLeader(mine) ? counts.villages : null,
        expenses,
      };
    },

    /**
     * A tribe's members by name. The active list is open to anyone signed in, but searching it by name
     * (`q`, the composer's @mention suggestions) is for the tribe's active members only (DESIGN 11.7);
     * the pending and banned lists are for its leaders and moderators. The active list never shows a
     * person on either side of a block with the reader; the moderation lists show everyone, so a
     * block never keeps a leader from approving or banning someone.
     */
    async members(
      ref: string,
      user: UserRow,
      query: { status: string; q?: string; cursor?: string; limit: number },
    ): Promise<Page<TribeMember>> {
      const tribe = await get(ref);
      const moderation = query.status !== 'active';
      const search = query.q !== undefined;
      if (moderation || search) {
        const mine = await repo.membership(tribe.id, user.id);
        if ((moderation && !canModerate(mine)) || (search && !isActive(mine))) throw forbidden();
      }
      const after = readCursor(query.cursor, { name: 'text', id: 'uuid' });
      const rows = await repo.listMembers(tribe.id, {
        status: query.status,
        q: query.q || undefined,
        after,
        limit: query.limit + 1,
        except: moderation ? [] : await blocks.blockPartners(user.id),
      });
      const page = rows.slice(0, query.limit);
      const last = page[page.length - 1];
      return {
        items: page.map((r) => presentMember(r, storage)),
        next_cursor:
          rows.length > query.limit && last ? encodeCursor({ name: last.user.name.toLowerCase(), id: last.user.id }) : null,
      };
    },

    /**
     * Approves, bans, unbans or changes a member's role. Leaders may do all of it; moderators may
     * approve pending members and ban or unban plain members. Nobody acts on themselves here, and
     * the last active leader can be neither demoted nor banned.
     */
    async updateMember(ref: string, actor: UserRow, targetId: string, body: UpdateMemberBody): Promise<MemberRow> {
      const tribe = await get(ref);
      let approved = false;
      const updated = await transact(async (tx, afterCommit) => {
        await repo.lockTribe(tribe.id, tx);
        const mine = await repo.membership(tribe.id, actor.id, tx);
        if (!canModerate(mine)) throw forbidden();
        if (targetId === actor.id) throw forbidden();
        const target = await repo.membership(tribe.id, targetId, tx);
        if (!target) throw notFound();
        const leader = isLeader(mine);
        if (!leader && (body.role !== undefined || target.role !== 'member')) throw forbidden();
        const losesLeadership = isLeader(target) && ((body.role && body.role !== 'leader') || body.status === 'banned');
        if (losesLeadership && (await repo.countActiveLeaders(tribe.id, tx)) <= 1) throw lastLeader();
        const row = await repo.updateMembership(
          tribe.id,
          targetId,
          {
            ...(body.role ? { role: body.role } : {}),
            ...(body.status ? { status: body.status } : {}),
            updatedAt: clock.now(),
            updatedBy: actor.id,
          },
          tx,
        );
        await repo.recount(tribe.id, tx);
        approved = target.status === 'pending' && row.status === 'active';
        // A ban ends the member's live channels of the tribe on every node, once it is committed.
        if (isActive(target) && !isActive(row)) afterCommit(() => realtime?.membershipEnded(tribe.id, targetId));
        return row;
      });
      if (approved) {
        await notifications?.notify(targetId, 'membership_approved', actor, { type: 'tribe', id: tribe.id, title: tribe.name });
        const member = await users.findById(targetId);
        if (member) await tellStaff(tribe, member, 'member_joined', actor.id);
      }
      return updated;
    },

    /** Leaders and moderators refuse a pending request: the membership row goes, and the person may ask again later. */
    async refuseRequest(ref: string, actor: UserRow, targetId: string): Promise<void> {
      const tribe = await get(ref);
      await transact(async (tx) => {
        await repo.lockTribe(tribe.id, tx);
        if (!canModerate(await repo.membership(tribe.id, actor.id, tx))) throw forbidden();
        const target = await repo.membership(tribe.id, targetId, tx);
        if (!target) throw notFound();
        if (target.status !== 'pending') throw new HttpError(409, 'tribes.not_pending');
        await repo.deleteMembership(tribe.id, targetId, tx);
      });
    },

    /** The leader hands leadership to an active member and stays on as a moderator. */
    async handover(ref: string, actor: UserRow, targetId: string): Promise<void> {
      const tribe = await get(ref);
      await transact(async (tx) => {
        await repo.lockTribe(tribe.id, tx);
        if (!isLeader(await repo.membership(tribe.id, actor.id, tx))) throw forbidden();
        if (targetId === actor.id) throw fieldError('user_id', 'validation.invalid');
        const target = await repo.membership(tribe.id, targetId, tx);
        if (!isActive(target)) throw fieldError('user_id', 'validation.not_active_member');
        const now = clock.now();
        await repo.updateMembership(tribe.id, targetId, { role: 'leader', updatedAt: now, updatedBy: actor.id }, tx);
        await repo.updateMembership(tribe.id, actor.id, { role: 'moderator', updatedAt: now, updatedBy: actor.id }, tx);
      });
    },

    /** Every tribe for the map, by name (at most `limit`), as the map's answer objects. */
    async forMap(limit = 5000): Promise<MapTribe[]> {
      return (await repo.listForMap(limit)).map((row) => presentMapTribe(row, storage));
    },
  };
}

export type TribesService = ReturnType<typeof createTribesService>;
