import type { BlockedUser, Page, UserProfile } from '@tribes/shared';
import type { Clock } from '#src/core/clock.js';
import { fieldError, HttpError, notFound } from '#src/core/errors.js';
import type { Storage } from '#src/core/storage.js';
import type { Realtime } from '#src/realtime/realtime.js';
import type { UserRow, UserAccounts } from '../users/index.js';
import type { PeopleRepo } from './people.repo.js';

interface Deps {
  repo: PeopleRepo;
  users: UserAccounts;
  storage: Storage;
  clock: Clock;
  /** Told of every block and unblock, so live deliveries follow them at once on every node. */
  realtime: Pick<Realtime, 'blocksChanged'>;
}

/** Other people: profiles as their privacy allows, and blocks that hide two people from each other. */
export function createPeopleService({ repo, users, storage, clock, realtime }: Deps) {
  /**
   * The person if the viewer may see their profile: never across a block (404, as if absent);
   * public profiles for everyone, tribe profiles for people sharing a tribe, private ones for
   * nobody else (403, so the page can say the profile is private).
   */
  async function visiblePerson(id: string, viewer: UserRow | null): Promise<{ person: UserRow; blockedByMe: boolean }> {
    const person = await users.findById(id);
    if (!person) throw notFound();
    if (viewer?.id === person.id) return { person, blockedByMe: false };
    if (viewer) {
      const b = await repo.blocks(viewer.id, person.id);
      if (b.either && !b.aBlockedB) throw notFound();
      if (b.aBlockedB) return { person, blockedByMe: true };
    }
    if (person.profileVisibility === 'public') return { person, blockedByMe: false };
    if (person.profileVisibility === 'tribe' && viewer && (await repo.shareTribe(viewer.id, person.id)))
      return { person, blockedByMe: false };
    throw new HttpError(403, 'people.private_profile');
  }

  return {
    visiblePerson,

    async profile(id: string, viewer: UserRow | null): Promise<UserProfile> {
      const { person, blockedByMe } = await visiblePerson(id, viewer);
      const limited = blockedByMe;
      return {
        id: person.id,
        name: person.name,
        avatar_url: person.avatarKey ? storage.url(person.avatarKey) : null,
        bio: limited ? '' : person.bio,
        role: limited ? null : person.role,
        created_at: person.createdAt.toISOString(),
        primary_tribe: limited ? null : await repo.primaryTribe(person.primaryTribeId),
        post_count: limited ? 0 : await repo.publicPostCount(person.id),
        blocked_by_me: blockedByMe,
        is_me: viewer?.id === person.id,
      };
    },

    async search(q: string, viewer: UserRow | null) {
      const rows = await repo.searchPublic(q, viewer?.id ?? null, 5);
      return rows.map((r) => ({ id: r.id, name: r.name, avatar_url: r.avatarKey ? storage.url(r.avatarKey) : null }));
    },

    async block(user: UserRow, id: string): Promise<void> {
      if (id === user.id) throw fieldError('user_id', 'validation.cannot_block_self');
      if (!(await users.findById(id))) throw notFound();
      await repo.block(user.id, id, clock.now());
      await realtime.blocksChanged([user.id, id]);
    },

    async unblock(user: UserRow, id: string): Promise<void> {
      await repo.unblock(user.id, id);
      await realtime.blocksChanged([user.id, id]);
    },

    async blocked(user: UserRow): Promise<Page<BlockedUser>> {
      const rows = await repo.blockedBy(user.id);
      return {
        items: rows.map((r) => ({
          id: r.id,
          name: r.name,
          avatar_url: r.avatarKey ? storage.url(r.avatarKey) : null,
          blocked_at: r.blockedAt.toISOString(),
        })),
        next_cursor: null,
      };
    },
  };
}

export type PeopleService = ReturnType<typeof createPeopleService>;
