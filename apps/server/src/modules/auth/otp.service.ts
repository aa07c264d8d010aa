import { OTP, type Locale, type OtpPurpose } from '@tribes/shared';
import type { Clock } from '#src/core/clock.js';
import { hmac, randomDigits, safeEqualHex } from '#src/core/crypto.js';
import { fieldError } from '#src/core/errors.js';
import type { Mailer } from '#src/core/mail/mailer.js';
import { codeMail, type RenderedMail } from '#src/core/mail/templates.js';
import type { Throttle, Window } from '#src/core/db/throttle.js';
import type { UserAccounts } from '../users/index.js';
import type { AuthRepo, OtpRow } from './auth.repo.js';

/** Send limits per email and purpose (DESIGN section 5), and forgot-password's own (section 6); scaled by RATE_LIMIT_SCALE. */
const SEND_WINDOWS: Window[] = [
  { max: 1, seconds: OTP.resendSeconds },
  { max: OTP.maxSendsPerHour, seconds: 3600 },
];
const FORGOT_WINDOWS: Window[] = [...SEND_WINDOWS, { max: 5, seconds: 30 * 60 }];
/** The automatic resend of register and login: the 60 s interval is the contract's, never scaled. */
const QUIET_WINDOWS: Window[] = [{ max: 1, seconds: OTP.resendSeconds, unscaled: true }, SEND_WINDOWS[1]!];

/**
 * A code another module asks for on behalf of one signed-in account (`email-change:<user id>`: the
 * account's new address; `reauth:<user id>`: its own address, to confirm a sensitive act). Stored, limited and spent like the others; bound to that account, since
 * the account is part of the purpose the code's HMAC and lookup use.
 */
export type AccountOtpPurpose = `email-change:${string}` | `reauth:${string}`;
type AnyPurpose = OtpPurpose | AccountOtpPurpose;

interface Deps {
  repo: AuthRepo;
  users: UserAccounts;
  mailer: Mailer;
  throttle: Throttle;
  clock: Clock;
  appSecret: string;
}

/**
 * One-time email codes: 6 digits, stored as an HMAC bound to email and purpose, 10 minutes,
 * single-use, 5 tries. A code row is written for every accepted send, even for an address with no
 * account (that code is simply never mailed), so known and unknown addresses behave alike.
 */
export function createOtpService({ repo, users, mailer, throttle, clock, appSecret }: Deps) {
  const digest = (email: string, purpose: AnyPurpose, code: string) => hmac(appSecret, `${purpose}:${email}:${code}`);
  const throttleKey = (email: string, purpose: AnyPurpose) => `otp-send:${purpose}:${email}`;

  /** Writes a new code (voiding the older ones of this email and purpose) and answers it. */
  async function mint(email: string, purpose: AnyPurpose): Promise<string> {
    const now = clock.now();
    const code = randomDigits(OTP.length);
    await repo.insertOtp({
      email,
      purpose,
      codeHash: digest(email, purpose, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + OTP.ttlSeconds * 1000),
    });
    return code;
  }

  /** Writes the code and mails it when the address has an account that wants this kind of code. */
  async function issue(email: string, purpose: OtpPurpose, fallbackLocale: Locale): Promise<void> {
    const code = await mint(email, purpose);
    const user = await users.findByEmail(email);
    // A verification code is only for an address not yet verified; sign-in and reset codes for any account.
    const wanted = user && (purpose !== 'email-verification' || user.emailVerifiedAt === null);
    if (!user || !wanted) return;
    const locale = (user.locale as Locale) ?? fallbackLocale;
    mailer.enqueue({ to: email, ...codeMail(locale, user.name, code, purpose), devHint: `${purpose} code ${code}` });
  }

  return {
    /**
     * Sends a code, or answers 429 when the address is over its send limits. The send is counted
     * (atomically) before anything is written or mailed, so parallel requests send at most the limit.
     */
    async send(email: string, purpose: OtpPurpose, locale: Locale): Promise<void> {
      await throttle.takeOrThrow(throttleKey(email, purpose), purpose === 'forgot-password' ? FORGOT_WINDOWS : SEND_WINDOWS);
      await issue(email, purpose, locale);
    },
    /**
     * Sends a code unless one went out within the resend interval (used by register and by login
     * for unverified accounts).
     */
    async sendIfQuiet(email: string, purpose: OtpPurpose, locale: Locale): Promise<void> {
      const taken = await throttle.take(throttleKey(email, purpose), QUIET_WINDOWS);
      if (taken.ok) await issue(email, purpose, locale);
    },
    /**
     * Mails a code for one account's purpose to an address it named (no account need have it), under
     * the same send limits per address; the caller renders the mail in the reader's language. The
     * limits are the address's whichever account asks (the purpose's kind, not its account, names
     * them): many accounts together cannot mail one stranger more codes than one account can.
     */
    async sendForAccount(email: string, purpose: AccountOtpPurpose, render: (code: string) => RenderedMail): Promise<void> {
      const kind = purpose.slice(0, purpose.indexOf(':'));
      await throttle.takeOrThrow(`otp-send:${kind}:${email}`, SEND_WINDOWS);
      const code = await mint(email, purpose);
      mailer.enqueue({ to: email, ...render(code), devHint: `${kind} code ${code}` });
    },
    /** Checks and spends a code; throws a field error on `code` when it is wrong, spent, expired or burnt. */
    async consume(email: string, purpose: AnyPurpose, code: string): Promise<void> {
      const now = clock.now();
      const latest: OtpRow | undefined = await repo.latestOtp(email, purpose);
      if (!latest || latest.consumedAt || latest.expiresAt <= now) throw fieldError('code', 'validation.code_invalid');
      if (latest.tries >= OTP.maxWrongTries) throw fieldError('code', 'validation.code_burnt');
      // The try is counted before the comparison, so parallel guesses cannot exceed the limit.
      const counted = await repo.takeOtpTry(latest.id, OTP.maxWrongTries);
      if (!counted) throw fieldError('code', 'validation.code_burnt');
      if (!safeEqualHex(counted.codeHash, digest(email, purpose, code))) {
        throw fieldError('code', counted.tries >= OTP.maxWrongTries ? 'validation.code_burnt' : 'validation.code_invalid');
      }
      if (!(await repo.consumeOtp(latest.id, now))) throw fieldError('code', 'validation.code_invalid');
    },
  };
}

export type OtpService = ReturnType<typeof createOtpService>;
