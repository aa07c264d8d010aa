import type { Clock } from '#src/core/clock.js';
import type { Db } from '#src/core/db/client.js';
import type { Storage } from '#src/core/storage.js';
import type { TokensService } from '../auth/tokens.service.js';
import { createUsersRepo } from './users.repo.js';
import { createUsersService } from './users.service.js';

/** Wires the users module: its repo (which auth, tribes, notifications and people read) and the account service. */
export function createUsersModule({
  db,
  tokens,
  storage,
  clock,
}: {
  db: Db;
  tokens: TokensService;
  storage: Storage;
  clock: Clock;
}) {
  const repo = createUsersRepo(db);
  return { repo, users: createUsersService({ users: repo, tokens, storage, clock }) };
}

export type UsersModule = ReturnType<typeof createUsersModule>;
