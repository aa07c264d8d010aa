import type { Clock } from '#src/core/clock.js';
import type { Db } from '#src/core/db/client.js';
import type { Storage } from '#src/core/storage.js';
import type { BlockSource } from '#src/realtime/blocks.js';
import type { Realtime } from '#src/realtime/realtime.js';
import type { UserAccounts } from '../users/index.js';
import { createPeopleRepo } from './people.repo.js';
import { createPeopleService } from './people.service.js';

/**
 * Wires the people module: profiles of others, and blocks. `blocks` is the port through which the
 * other modules (notifications, digest, tribes' members list) keep people on either side of a block apart.
 */
export function createPeopleModule(deps: { db: Db; users: UserAccounts; storage: Storage; clock: Clock; realtime: Realtime }) {
  const { db, ...rest } = deps;
  const repo = createPeopleRepo(db);
  const blocks: BlockSource = { blockPartners: (userId) => repo.blockPartners(userId) };
  return { people: createPeopleService({ repo, ...rest }), blocks };
}
