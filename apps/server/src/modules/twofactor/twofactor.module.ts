import type { Clock } from '#src/core/clock.js';
import type { Db } from '#src/core/db/client.js';
import type { Throttle } from '#src/core/db/throttle.js';
import { createTransact } from '#src/core/db/transaction.js';
import type { UsersRepo } from '../users/users.repo.js';
import type { TokensService } from '../auth/tokens.service.js';
import type { PasskeyAssertions } from '../passkeys/assertions.js';
import { createTwoFactorRepo } from './twofactor.repo.js';
import { createTwoFactorService } from './twofactor.service.js';

/**
 * Wires the second factor (TOTP and recovery codes; a passkey answers a challenge too, checked by the
 * passkeys module's assertions). Made before the auth module's sign-in, which
 * takes `twoFactor.gate` as its SecondFactorGate.
 */
export function createTwoFactorModule(deps: {
  db: Db;
  clock: Clock;
  users: UsersRepo;
  tokens: TokensService;
  throttle: Throttle;
  appSecret: string;
  passkeys: PasskeyAssertions;
}) {
  const repo = createTwoFactorRepo(deps.db);
  return { twoFactor: createTwoFactorService({ ...deps, repo, transact: createTransact(deps.db) }) };
}
