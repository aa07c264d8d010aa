import { DEFAULT_LOCALE, isLocale } from '@tribes/shared';
import { tooManyRequests } from '#src/core/errors.js';
import type { Mailer } from '#src/core/mail/mailer.js';
import { twoFactorLockedMail } from '#src/core/mail/templates.js';
import type { Throttle, Window } from '#src/core/db/throttle.js';
import type { UserAccounts } from '../users/index.js';

/**
 * Wrong second-factor answers an account may give in 15 minutes, across every challenge, step-up
 * and turning 2FA off (DESIGN 11.7). A security bound, not a rate limit: RATE_LIMIT_SCALE leaves it.
 */
export const GUESS_CAP: Window = { max: 10, seconds: 15 * 60, unscaled: true };

/** One guess in flight: its slot is taken; the check's outcome says whether it stays counted. */
export interface Guess {
  /** A right answer, or an answer never checked (a dead challenge): the slot is given back. */
  uncounted(): Promise<void>;
  /** A wrong answer keeps its slot; the one that fills the cap tells the owner. */
  wrong(): Promise<void>;
}

/**
 * The per-account cap on second-factor guesses, one counter per account in the database (so it
 * holds across nodes). A slot is taken before the code is checked, so parallel guesses cannot pass
 * the cap, and while the account is capped even the right code is a 429. The owner is told by mail
 * once per capped spell, when the cap fills (or, should that mail have been missed, at the first refusal).
 */
export function createGuessCap({ throttle, users, mailer }: { throttle: Throttle; users: UserAccounts; mailer: Mailer }) {
  const key = (userId: string) => `2fa-guess:${userId}`;

  async function tellOwner(userId: string): Promise<void> {
    // At most one mail per account and spell, whichever node or request gets here first.
    const once = await throttle.take(`2fa-guess-mail:${userId}`, [{ max: 1, seconds: GUESS_CAP.seconds, unscaled: true }]);
    if (!once.ok) return;
    const user = await users.findById(userId);
    if (!user?.email) return;
    const locale = isLocale(user.locale) ? user.locale : DEFAULT_LOCALE;
    mailer.enqueue({ to: user.email, ...twoFactorLockedMail(locale, user.name, GUESS_CAP.seconds / 60) });
  }

  return {
    /** Takes a slot for one guess by the account, or throws 429 with Retry-After while it is capped. */
    async take(userId: string): Promise<Guess> {
      const taken = await throttle.take(key(userId), [GUESS_CAP]);
      if (!taken.ok) {
        await tellOwner(userId);
        throw tooManyRequests(taken.retryAfter);
      }
      return {
        uncounted: () => throttle.release(taken.id),
        wrong: async () => {
          if (taken.left === 0) await tellOwner(userId);
        },
      };
    },
  };
}

export type GuessCap = ReturnType<typeof createGuessCap>;
