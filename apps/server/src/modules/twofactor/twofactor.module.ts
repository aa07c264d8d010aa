import type { Clock } from '#src/core/clock.js';
import type { Db } from '#src/core/db/client.js';
import type { Throttle } from '#src/core/db/throttle.js';
import { createTransact } from '#src/core/db/transaction.js';
import type { Mailer } from '#src/core/mail/mailer.js';
import type { UserAccounts } from '../users/index.js';
import type { AccountGate, TokensService } from '../auth/index.js';
import type { PasskeyAssertions } from '../passkeys/index.js';
import { createGuessCap } from './guess-cap.js';
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
  users: UserAccounts;
  tokens: TokensService;
  throttle: Throttle;
  /** Tells an account's owner when wrong codes reach the account's cap. */
  mailer: Mailer;
  appSecret: string;
  passkeys: PasskeyAssertions;
  accountGate?: AccountGate;
}) {
  const repo = createTwoFactorRepo(deps.db);
  const guesses = createGuessCap({ throttle: deps.throttle, users: deps.users, mailer: deps.mailer });
  return { twoFactor: createTwoFactorService({ ...deps, repo, guesses, transact: createTransact(deps.db) }) };
}
