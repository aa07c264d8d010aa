import type { Clock } from '#src/core/clock.js';
import type { Throttle } from '#src/core/db/throttle.js';
import type { OtpService, TokensService } from '../auth/index.js';
import type { PasskeyAssertions } from '../passkeys/index.js';
import type { TwoFactorService } from '../twofactor/index.js';
import type { UserAccounts } from '../users/index.js';
import { createReauthService } from './reauth.service.js';

/** Wires "sudo mode" (DESIGN 11.7): it owns no table; a session's freshness lives on its token row. */
export function createReauthModule(deps: {
  users: UserAccounts;
  tokens: TokensService;
  otp: OtpService;
  twoFactor: TwoFactorService;
  passkeys: PasskeyAssertions;
  throttle: Throttle;
  clock: Clock;
  windowSeconds: number;
}) {
  return { reauth: createReauthService(deps) };
}
