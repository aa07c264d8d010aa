import type { UserRow } from '../users/index.js';
import type { TokensService } from './tokens.service.js';

/** Where a sign-in comes from: names the session in Settings → devices. */
export interface SignInDevice {
  deviceName?: string | null;
  userAgent?: string | null;
}

/** Every way in ends here: a session token, or a second-factor challenge when the account has 2FA on. */
export type SignInOutcome =
  { kind: 'signed_in'; token: string; user: UserRow } | { kind: 'two_factor_required'; challengeId: string };

/** The second factor, when the account has one: answers the challenge id to hand out instead of a token. */
export interface SecondFactorGate {
  challenge(user: UserRow, device: SignInDevice): Promise<string | undefined>;
}

/**
 * What an account must pass before any session is made for it (DESIGN 11.2): a suspended account is
 * refused (403 account_suspended, with the reason and end), an expired suspension lifted, an email
 * listed in OPERATOR_EMAILS made operator. Answers the row as it now is.
 */
export interface AccountGate {
  admit(user: UserRow): Promise<UserRow>;
}

/**
 * The one place a sign-in turns into a session (password, emailed code, Firebase identity, OIDC,
 * passkey). With 2FA on, no token leaves here until the code is verified (DESIGN 10.2); a passkey
 * sign-in is itself two factors (possession and user verification) and passes `strong`.
 */
export function createSignIn({
  tokens,
  secondFactor,
  accountGate,
}: {
  tokens: TokensService;
  secondFactor?: SecondFactorGate;
  accountGate?: AccountGate;
}) {
  return {
    async complete(user: UserRow, device: SignInDevice = {}, { strong = false } = {}): Promise<SignInOutcome> {
      if (accountGate) user = await accountGate.admit(user);
      if (!strong && secondFactor) {
        const challengeId = await secondFactor.challenge(user, device);
        if (challengeId) return { kind: 'two_factor_required', challengeId };
      }
      return { kind: 'signed_in', token: await tokens.issue(user.id, device.deviceName, device.userAgent), user };
    },
  };
}

export type SignIn = ReturnType<typeof createSignIn>;
