import type { Db } from '#src/core/db/client.js';
import type { BlockSource } from '#src/realtime/blocks.js';
import { createPeopleRepo } from './people.repo.js';

/**
 * Who is on either side of a block with a user, read from the database: the port the realtime
 * layer filters live deliveries through (it is made before the modules, so it gets its own).
 */
export function createBlockSource(db: Db): BlockSource {
  const repo = createPeopleRepo(db);
  return { blockPartners: (userId) => repo.blockPartners(userId) };
}
