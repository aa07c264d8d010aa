import { ACCOUNT_EMAIL_ERRORS, isLocale, type Locale } from '@tribes/shared';
import type { Clock } from '#src/core/clock.js';
import type { Throttle, Window } from '#src/core/db/throttle.js';
import { conflict } from '#src/core/errors.js';
import type { Mailer } from '#src/core/mail/mailer.js';
import { codeMail, emailChangedMail } from '#src/core/mail/templates.js';
import type { AccountOtpPurpose, OtpService } from '../auth/index.js';
import { isUniqueViolation, type UserRow, type UserAccounts } from '../users/index.js';

/**
 * Sends per account across every address it names (each address has the code limits of its own):
 * an account cannot use the form to mail codes to a long list of strangers.
 */
const ACCOUNT_SENDS: Window[] = [{ max: 10, seconds: 3600 }];

interface Deps {
  users: UserAccounts;
  otp: OtpService;
  mailer: Mailer;
  throttle: Throttle;
  clock: Clock;
}

/** `ab***@example.org`: enough for the owner to recognise the address, not enough to hand it over. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  return `${local.slice(0, Math.min(2, Math.max(1, local.length - 1)))}***${email.slice(at)}`;
}

/**
 * Adding or changing the account's email (issue 13): a code mailed to the new address proves it, and
 * only the account that asked can spend it (its id is part of the code's purpose).
 */
export function createAccountEmailService({ users, otp, mailer, throttle, clock }: Deps) {
  const purpose = (userId: string): AccountOtpPurpose => `email-change:${userId}`;
  /** The account as stored now: a request's user may come from the token cache, a minute old. */
  const fresh = async (user: UserRow) => (await users.findById(user.id)) ?? user;
  const taken = () => conflict(ACCOUNT_EMAIL_ERRORS.taken, 'validation.email_taken');
  const language = (user: UserRow, fallback: Locale): Locale => (isLocale(user.locale) ? user.locale : fallback);

  /** Refuses the account's own verified address (nothing to change) and another account's one. */
  async function assertAvailable(user: UserRow, email: string): Promise<void> {
    if (user.email === email && user.emailVerifiedAt) {
      throw conflict(ACCOUNT_EMAIL_ERRORS.unchanged, 'account_email.unchanged');
    }
    const owner = await users.findByEmail(email);
    if (owner && owner.id !== user.id) throw taken();
  }

  return {
    /** POST /v1/me/email: mails a code to the new address, in the account's language. */
    async sendCode(current: UserRow, email: string, locale: Locale): Promise<void> {
      const user = await fresh(current);
      await assertAvailable(user, email);
      await throttle.takeOrThrow(`email-change-send:${user.id}`, ACCOUNT_SENDS);
      const lang = language(user, locale);
      await otp.sendForAccount(email, purpose(user.id), (code) => codeMail(lang, user.name, code, 'email-change'));
    },

    /**
     * POST /v1/me/email/confirm: spends the code and sets the address, verified. The former address,
     * if it was verified, is told (masked new address) so a hijacked session cannot move the account silently.
     */
    async confirm(current: UserRow, email: string, code: string, locale: Locale): Promise<UserRow> {
      const user = await fresh(current);
      // Checked before the code is spent: a refused address does not cost the user their code.
      await assertAvailable(user, email);
      await otp.consume(email, purpose(user.id), code);
      const now = clock.now();
      let row: UserRow | undefined;
      try {
        row = await users.update(user.id, { email, emailVerifiedAt: now, updatedAt: now });
      } catch (err) {
        // Another account took the address between the check and now: the unique index decides.
        if (isUniqueViolation(err)) throw taken();
        throw err;
      }
      if (!row) throw new Error(`user ${user.id} vanished while changing email`);
      // Only a verified former address is told: an address the account never proved may be a stranger's.
      if (user.email && user.emailVerifiedAt && user.email !== email) {
        mailer.enqueue({ to: user.email, ...emailChangedMail(language(user, locale), user.name, maskEmail(email)) });
      }
      return row;
    },
  };
}

export type AccountEmailService = ReturnType<typeof createAccountEmailService>;
