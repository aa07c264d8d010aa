import type { Clock } from '#src/core/clock.js';
import type { Db } from '#src/core/db/client.js';
import type { Storage } from '#src/core/storage.js';
import type { AccountFiles, UserAccounts, UserPasswords, UserSessions } from './users.ports.js';
import { createUsersRepo, type UsersRepo } from './users.repo.js';
import { createUsersService } from './users.service.js';

/**
 * Wires the users module: the account service, and `accounts`, the port through which auth, tribes,
 * notifications, people and the rest read and write accounts (the repo stays inside the module).
 */
export function createUsersModule({
  db,
  tokens,
  passwords,
  storage,
  clock,
  accountFiles,
}: {
  db: Db;
  /** Auth's tokens service, through the port users declares (auth depends on users, not the reverse). */
  tokens: UserSessions;
  passwords: UserPasswords;
  storage: Storage;
  clock: Clock;
  /** Files other modules keep for an account, deleted with it (bound by the composition). */
  accountFiles?: AccountFiles;
}) {
  const rows = createUsersRepo(db);
  // Every node caches the users row with the token (auth/token-cache.ts): a change or a deletion
  // is announced before the request that made it answers, so the next request reads it anew.
  const repo: UsersRepo = {
    ...rows,
    async update(id, patch) {
      const row = await rows.update(id, patch);
      await tokens.userChanged(id);
      return row;
    },
    async delete(id) {
      await rows.delete(id);
      await tokens.userChanged(id);
    },
  };
  const accounts: UserAccounts = repo;
  return { accounts, users: createUsersService({ users: repo, tokens, passwords, storage, clock, accountFiles }) };
}

export type UsersModule = ReturnType<typeof createUsersModule>;
