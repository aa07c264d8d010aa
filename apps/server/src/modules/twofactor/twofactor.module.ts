import type { Clock } from '#src/core/clock.js';
import type { Db } from '#src/core/db/client.js';
import type { Throttle } from '#src/core/db/throttle.js';
import { createTransact } from '#src/core/db/transaction.js';
import type { UsersRepo } from '../users/users.repo.js';
import type { TokensService } from '../auth/tokens.service.js';
import { createTwoFactorRepo } from './twofactor.repo.js';
import { createTwoFactorService } from './twofactor.service.js';

/**
 * Wires the second factor (TOTP and recovery codes). Made before the auth module's sign-in, which
 * takes `twoFactor.gate` as its SecondFactorGate.
 */
export function createTwoFactorModule(deps: {
  db: Db;
  clock: Clock;
  users: UsersRepo;
  tokens: TokensService;
  throttle: Throttle;
  appSecret: string;
}) {
  const repo = createTwoFactorRepo(deps.db);
  return { twoFactor: createTwoFactorService({ ...deps, repo, transact: createTransact(deps.db) }) };
}
