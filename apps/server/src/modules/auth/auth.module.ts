import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '#src/core/clock.js';
import type { Db } from '#src/core/db/client.js';
import type { Mailer } from '#src/core/mail/mailer.js';
import type { Throttle } from '#src/core/db/throttle.js';
import type { UserAccounts } from '../users/index.js';
import { createAuthRepo } from './auth.repo.js';
import { createAuthService } from './auth.service.js';
import { createOtpService } from './otp.service.js';
import { assertPasswordIsNotPersonal, hashPassword, verifyPassword } from './passwords.js';
import { createSignIn, type AccountGate, type SecondFactorGate } from './sign-in.js';
import { createTokensService, type SessionsBus } from './tokens.service.js';

/**
 * Wires the auth module in two steps: the tokens and passwords first (they implement the users
 * module's ports, `UserSessions` and `UserPasswords`, so users never imports auth), then, given the
 * users repo, codes and sign-in. Auth depends on users; users depends on nothing of auth.
 */
export function createAuthModule({
  db,
  clock,
  bus,
  log,
}: {
  db: Db;
  clock: Clock;
  bus: SessionsBus;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}) {
  const repo = createAuthRepo(db);
  // The bus carries the token cache's invalidations to every node.
  const tokens = createTokensService({ repo, clock, bus, log });
  return {
    tokens,
    passwords: { hashPassword, verifyPassword, assertPasswordIsNotPersonal },
    withUsers({
      users,
      mailer,
      throttle,
      appSecret,
      secondFactor,
      accountGate,
    }: {
      users: UserAccounts;
      mailer: Mailer;
      throttle: Throttle;
      appSecret: string;
      /** The second factor (2FA) every sign-in path passes through; none: sign-ins issue tokens at once. */
      secondFactor?: SecondFactorGate;
      /** What every account passes before a session (suspension, operator grant; DESIGN 11.2). */
      accountGate?: AccountGate;
    }) {
      const otp = createOtpService({ repo, users, mailer, throttle, clock, appSecret });
      const signIn = createSignIn({ tokens, secondFactor, accountGate });
      return { tokens, otp, signIn, auth: createAuthService({ repo, users, tokens, otp, signIn, throttle, clock }) };
    },
  };
}
