import { isLocale, type Locale, type ReauthBody, type ReauthMethod, type ReauthStatus } from '@tribes/shared';
import type { Clock } from '#src/core/clock.js';
import type { Throttle, Window } from '#src/core/db/throttle.js';
import { HttpError, conflict, fieldError } from '#src/core/errors.js';
import { codeMail } from '#src/core/mail/templates.js';
import { type OtpService, verifyPassword, type TokensService } from '../auth/index.js';
import { maskEmail } from '../account-email/index.js';
import type { PasskeyAssertions, AuthenticationResponseJSON } from '../passkeys/index.js';
import type { TwoFactorService } from '../twofactor/index.js';
import type { UserRow, UserAccounts } from '../users/index.js';

/**
 * Wrong passwords per account, as for sign-in (DESIGN section 6: 10 failures per hour): a stolen
 * session cannot guess the password through the reauth. A security bound, not scaled by RATE_LIMIT_SCALE.
 */
const PASSWORD_FAILURES: Window = { max: 10, seconds: 3600, unscaled: true };

interface Deps {
  users: UserAccounts;
  tokens: Pick<TokensService, 'markFresh'>;
  otp: Pick<OtpService, 'sendForAccount' | 'consume'>;
  twoFactor: Pick<TwoFactorService, 'isOn' | 'confirmOwner'>;
  passkeys: Pick<PasskeyAssertions, 'count' | 'reauthOptions' | 'verify'>;
  throttle: Throttle;
  clock: Clock;
  /** REAUTH_WINDOW_SECONDS: how long a session stays fresh after its sign-in or a reauth. */
  windowSeconds: number;
}

/**
 * "Sudo mode" (DESIGN 11.7): a session proves its owner again before a sensitive act. The proof is
 * the account's password, a code mailed to its verified address, or one of its passkeys (with user
 * verification, so two factors); with two-factor on, the app's code or a recovery code as well.
 * Only then does the session become fresh, on every node.
 */
export function createReauthService({ users, tokens, otp, twoFactor, passkeys, throttle, clock, windowSeconds }: Deps) {
  const purpose = (userId: string) => `reauth:${userId}` as const;
  const until = (from: Date) => new Date(from.getTime() + windowSeconds * 1000);
  /** The account as stored now: a request's user may come from the token cache, a minute old. */
  const current = async (user: UserRow) => (await users.findById(user.id)) ?? user;
  const unavailable = () => conflict('reauth_method_unavailable', 'reauth.method_unavailable');
  const verifiedEmail = (user: UserRow) => (user.email && user.emailVerifiedAt ? user.email : null);

  async function methods(user: UserRow): Promise<ReauthMethod[]> {
    const found: ReauthMethod[] = [];
    if (user.passwordHash) found.push('password');
    if (verifiedEmail(user)) found.push('email_code');
    if ((await passkeys.count(user.id)) > 0) found.push('passkey');
    return found;
  }

  async function checkPassword(user: UserRow, password: string): Promise<void> {
    if (!user.passwordHash) throw unavailable();
    const key = `reauth-password:${user.id}`;
    await throttle.takeOrThrow(key, [PASSWORD_FAILURES]);
    if (!(await verifyPassword(user.passwordHash, password))) throw fieldError('password', 'validation.current_password');
    await throttle.clear(key);
  }

  async function checkEmailCode(user: UserRow, code: string): Promise<void> {
    const email = verifiedEmail(user);
    if (!email) throw unavailable();
    try {
      await otp.consume(email, purpose(user.id), code);
    } catch (err) {
      // The OTP service names its field `code`; here `code` is the app's, so the mailed one is `email_code`.
      const wrong = err instanceof HttpError ? err.fieldErrors?.code?.[0] : undefined;
      if (wrong) throw fieldError('email_code', wrong.key, wrong.params);
      throw err;
    }
  }

  async function checkPasskey(user: UserRow, response: unknown): Promise<void> {
    const outcome = await passkeys.verify(response as AuthenticationResponseJSON, {
      purpose: 'reauth',
      userId: user.id,
      requireUserVerification: true,
    });
    if (!outcome.ok) {
      throw fieldError(
        'passkey',
        outcome.reason === 'challenge_expired' ? 'passkeys.challenge_expired' : 'validation.passkey_invalid',
      );
    }
  }

  return {
    /** GET /v1/me/reauth: fresh now and until when, and the ways this account can confirm. */
    async status(requestUser: UserRow, authenticatedAt: Date): Promise<ReauthStatus> {
      const user = await current(requestUser);
      const freshUntil = until(authenticatedAt);
      const fresh = freshUntil.getTime() > clock.now().getTime();
      const email = verifiedEmail(user);
      return {
        fresh,
        fresh_until: fresh ? freshUntil.toISOString() : null,
        methods: await methods(user),
        two_factor: await twoFactor.isOn(user.id),
        email: email ? maskEmail(email) : null,
      };
    },

    /** POST /v1/me/reauth/email: a code to the account's own verified address, in its language. */
    async sendEmailCode(requestUser: UserRow, locale: Locale): Promise<void> {
      const user = await current(requestUser);
      const email = verifiedEmail(user);
      if (!email) throw unavailable();
      const lang = isLocale(user.locale) ? user.locale : locale;
      await otp.sendForAccount(email, purpose(user.id), (code) => codeMail(lang, user.name, code, 'reauth'));
    },

    /** POST /v1/me/reauth/passkey/options: options for the account's own passkeys. */
    async passkeyOptions(user: UserRow) {
      const options = await passkeys.reauthOptions(user.id);
      if (!options) throw unavailable();
      return { options };
    },

    /**
     * POST /v1/me/reauth. With two-factor on, a password or emailed code must come with the app's code
     * (asked for before any factor is spent, so the emailed code survives a missing app code). The
     * password is checked before the app's code (a wrong password costs no app code); the app's code
     * before the emailed one (a wrong app code does not burn the mailed code, which takes longer to get).
     */
    async reauth(requestUser: UserRow, tokenId: string, body: ReauthBody): Promise<{ freshUntil: Date }> {
      const user = await current(requestUser);
      if (body.passkey !== undefined) {
        await checkPasskey(user, body.passkey);
      } else {
        const second = { code: body.code, recovery_code: body.recovery_code };
        if (body.code === undefined && body.recovery_code === undefined && (await twoFactor.isOn(user.id))) {
          await twoFactor.confirmOwner(user, second); // throws 403 two_factor_required
        }
        if (body.password !== undefined) {
          await checkPassword(user, body.password);
          await twoFactor.confirmOwner(user, second);
        } else {
          await twoFactor.confirmOwner(user, second);
          await checkEmailCode(user, body.email_code ?? '');
        }
      }
      const at = await tokens.markFresh(tokenId, user.id);
      return { freshUntil: until(at) };
    },
  };
}

export type ReauthService = ReturnType<typeof createReauthService>;
