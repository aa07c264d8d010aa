import { randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import { RECOVERY_CODE_COUNT, type TotpDisableBody, type TwoFactorVerifyBody } from '@tribes/shared';
import type { Clock } from '#src/core/clock.js';
import { hmac } from '#src/core/crypto.js';
import { HttpError, conflict, fieldError } from '#src/core/errors.js';
import type { Throttle } from '#src/core/db/throttle.js';
import type { Transact } from '#src/core/db/transaction.js';
import type { UserRow, UserAccounts } from '../users/index.js';
import type { AccountGate, SecondFactorGate, SignInDevice, TokensService } from '../auth/index.js';
import type { PasskeyAssertions, AssertionOutcome, AuthenticationResponseJSON } from '../passkeys/index.js';
import type { GuessCap } from './guess-cap.js';
import type { ChallengeRow, TwoFactorRepo } from './twofactor.repo.js';
import { seal, unseal } from '#src/core/seal.js';

/** A sign-in waits this long for its second factor. */
export const CHALLENGE_TTL_MS = 10 * 60 * 1000;
/** The fifth wrong code burns the challenge. */
export const CHALLENGE_MAX_WRONG = 5;
/** Shown in the authenticator app above the account. */
const ISSUER = 'Tribes';
/** A code of the step before or after the server's is accepted too (clocks drift). */
const EPOCH_TOLERANCE_SECONDS = 30;
/** Wrong codes to confirm a pending secret, per account (a stolen session cannot try a million codes). */
const CONFIRM_FAILURES = { max: 10, seconds: 3600 };
/** Letters and digits that cannot be mistaken for each other (no i, l, o, 0, 1). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

interface Deps {
  repo: TwoFactorRepo;
  users: UserAccounts;
  tokens: TokensService;
  throttle: Throttle;
  transact: Transact;
  clock: Clock;
  appSecret: string;
  /** The per-account cap on wrong answers to the second factor, wherever it is asked (DESIGN 11.7). */
  guesses: GuessCap;
  /** The passkeys module's one assertion check (a passkey answers a challenge too). */
  passkeys: Pick<PasskeyAssertions, 'count' | 'secondFactorOptions' | 'verify'>;
  /** What an account passes before its session is made (a suspension since the challenge refuses it). */
  accountGate?: AccountGate;
}

/** `xxxxx-xxxxx`: about 49 bits from a secure random source. */
function newRecoveryCode(): string {
  let s = '';
  for (let i = 0; i < 10; i += 1) s += RECOVERY_ALPHABET[randomInt(0, RECOVERY_ALPHABET.length)];
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}

/** Whether a challenge can still be answered: spent, expired and unknown ones cannot, nor burnt ones. */
function stateOf(challenge: ChallengeRow | undefined, now: Date): 'live' | 'expired' | 'burnt' {
  if (!challenge || challenge.consumedAt || challenge.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (challenge.tries >= CHALLENGE_MAX_WRONG) return 'burnt';
  return 'live';
}

/** The 400 of a challenge that cannot be answered (sign in again). */
const deadChallenge = (state: 'expired' | 'burnt') =>
  fieldError('challenge_id', state === 'burnt' ? 'validation.challenge_burnt' : 'validation.challenge_expired');

/** As typed: case, spaces and dashes do not matter. */
const normalizeRecovery = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The second factor (DESIGN 10.2): TOTP enrolment, confirmation with ten recovery codes, turning it
 * off, and the challenge every sign-in with 2FA on answers instead of a token.
 */
export function createTwoFactorService({
  repo,
  users,
  tokens,
  throttle,
  transact,
  clock,
  appSecret,
  guesses,
  passkeys,
  accountGate,
}: Deps) {
  const recoveryHash = (code: string) => hmac(appSecret, `recovery:${normalizeRecovery(code)}`);
  const epoch = () => Math.floor(clock.now().getTime() / 1000);

  /** The accepted time step of a code, or undefined (wrong, or a step already used). */
  async function checkTotp(sealed: string, userId: string, token: string, lastStep: number | null): Promise<number | undefined> {
    try {
      const result = await verify({
        secret: unseal(appSecret, sealed, userId),
        token,
        epoch: epoch(),
        epochTolerance: EPOCH_TOLERANCE_SECONDS,
        ...(lastStep !== null ? { afterTimeStep: lastStep } : {}),
      });
      return result.valid && 'timeStep' in result ? result.timeStep : undefined;
    } catch {
      return undefined;
    }
  }

  // Confirming checks a secret not yet in force (no second factor to guess): its own limit, not the cap.
  const confirmKey = (userId: string) => `2fa-code:${userId}`;

  /**
   * Checks an app code (its time step then used) or spends a recovery code, under the factor's lock and
   * counted toward the account's guess cap; `then` runs in the same transaction when the answer is right.
   * A factor turned off meanwhile asks nothing. A wrong answer is a 400 on its field.
   */
  async function spendSecondFactor(
    user: UserRow,
    body: { code?: string; recovery_code?: string },
    then?: (tx: Parameters<Parameters<Transact>[0]>[0]) => Promise<void>,
  ): Promise<void> {
    const guess = await guesses.take(user.id);
    const now = clock.now();
    const ok = await transact(async (tx) => {
      const locked = await repo.lockFactor(tx, user.id);
      if (!locked?.confirmedAt) return true;
      let good: boolean;
      if (body.code === undefined) {
        good = await repo.spendRecoveryCode(user.id, recoveryHash(body.recovery_code ?? ''), now, tx);
      } else {
        const step = await checkTotp(locked.secretSealed, user.id, body.code, locked.lastStep);
        good = step !== undefined;
        if (step !== undefined) await repo.setLastStep(user.id, step, tx);
      }
      if (good && then) await then(tx);
      return good;
    });
    if (!ok) {
      await guess.wrong();
      throw body.code !== undefined
        ? fieldError('code', 'validation.totp_invalid')
        : fieldError('recovery_code', 'validation.recovery_code_invalid');
    }
    await guess.uncounted();
  }

  return {
    async status(user: UserRow) {
      const factor = await repo.findFactor(user.id);
      const enabled = Boolean(factor?.confirmedAt);
      return {
        totp_enabled: enabled,
        recovery_codes_left: enabled ? await repo.unusedRecoveryCodes(user.id) : 0,
        passkeys: await passkeys.count(user.id),
      };
    },

    /** A new pending secret (replacing a pending one); 409 when 2FA is already on. */
    async enrol(user: UserRow): Promise<{ secret: string; otpauthUrl: string }> {
      const secret = generateSecret();
      const saved = await repo.savePending(user.id, seal(appSecret, secret, user.id), clock.now());
      if (!saved) throw conflict('two_factor_enabled', 'twofactor.already_enabled');
      const label = user.email ?? user.phone ?? user.name;
      return { secret, otpauthUrl: generateURI({ issuer: ISSUER, label, secret }) };
    },

    /** Turns 2FA on with a first code; answers the ten recovery codes (only their hashes are kept). */
    async confirm(user: UserRow, code: string): Promise<string[]> {
      const factor = await repo.findFactor(user.id);
      if (!factor) throw conflict('two_factor_not_started', 'twofactor.not_started');
      if (factor.confirmedAt) throw conflict('two_factor_enabled', 'twofactor.already_enabled');
      await throttle.takeOrThrow(confirmKey(user.id), [CONFIRM_FAILURES]);
      const step = await checkTotp(factor.secretSealed, user.id, code, null);
      if (step === undefined) throw fieldError('code', 'validation.totp_invalid');
      await throttle.clear(confirmKey(user.id));
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      const now = clock.now();
      const confirmed = await transact(async (tx) => {
        if (!(await repo.markConfirmed(tx, user.id, step, now))) return false;
        await repo.replaceRecoveryCodes(tx, user.id, codes.map(recoveryHash), now);
        return true;
      });
      if (!confirmed) throw conflict('two_factor_enabled', 'twofactor.already_enabled');
      return codes;
    },

    /** Turns 2FA off with a code from the app or a recovery code. */
    async disable(user: UserRow, body: TotpDisableBody): Promise<void> {
      const factor = await repo.findFactor(user.id);
      if (!factor?.confirmedAt) throw conflict('two_factor_disabled', 'twofactor.not_enabled');
      await spendSecondFactor(user, body, (tx) => repo.removeAll(user.id, tx));
    },

    /**
     * A fresh second factor for a sensitive act (approving or paying an expense, DESIGN 10.4): nothing
     * without 2FA on; with it, a code from the app not used before (403 two_factor_required without
     * one, two_factor_invalid when wrong; wrong codes count towards the same lockout as elsewhere).
     */
    async stepUp(user: UserRow, code: string | undefined): Promise<void> {
      const factor = await repo.findFactor(user.id);
      if (!factor?.confirmedAt) return;
      if (!code) throw new HttpError(403, 'twofactor.code_required', {}, undefined, {}, 'two_factor_required');
      const guess = await guesses.take(user.id);
      const ok = await transact(async (tx) => {
        const locked = await repo.lockFactor(tx, user.id);
        if (!locked?.confirmedAt) return true; // turned off meanwhile: nothing to ask
        const step = await checkTotp(locked.secretSealed, user.id, code, locked.lastStep);
        if (step === undefined) return false;
        await repo.setLastStep(user.id, step, tx);
        return true;
      });
      if (!ok) {
        await guess.wrong();
        throw new HttpError(403, 'validation.totp_invalid', {}, undefined, {}, 'two_factor_invalid');
      }
      await guess.uncounted();
    },

    /** The gate of every sign-in: with TOTP confirmed, a challenge (10 minutes) instead of a token. */
    gate: {
      async challenge(user: UserRow, device: SignInDevice): Promise<string | undefined> {
        const factor = await repo.findFactor(user.id);
        if (!factor?.confirmedAt) return undefined;
        const now = clock.now();
        return repo.insertChallenge({
          userId: user.id,
          deviceName: device.deviceName ?? null,
          userAgent: device.userAgent ?? null,
          createdAt: now,
          expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
        });
      },
    } satisfies SecondFactorGate,

    /**
     * WebAuthn request options to answer a live challenge with a passkey: only the account's own
     * passkeys are allowed. 400 on challenge_id for a dead challenge, 409 when the account has none.
     */
    async passkeyOptions(challengeId: string) {
      const challenge = await repo.findChallenge(challengeId);
      const state = stateOf(challenge, clock.now());
      if (state !== 'live' || !challenge) throw deadChallenge(state === 'burnt' ? 'burnt' : 'expired');
      const factor = await repo.findFactor(challenge.userId);
      if (!factor?.confirmedAt) throw deadChallenge('expired');
      const options = await passkeys.secondFactorOptions(challenge.userId);
      if (!options) throw conflict('no_passkeys', 'twofactor.no_passkeys');
      return { options };
    },

    /**
     * Spends a challenge with a code, a recovery code or a passkey and signs in with the challenge's
     * device. The challenge row is locked, so racing attempts are counted one by one; the fifth wrong
     * try burns it. A wrong try is committed before the error is thrown. A passkey is checked before
     * the lock (by the passkeys module's assertion check, which spends its WebAuthn challenge once);
     * its outcome is counted under the lock like a code. Every answer also takes a slot of the
     * account's guess cap first (a 429 while capped, whatever the answer), kept only when wrong.
     */
    async verify(body: TwoFactorVerifyBody): Promise<{ token: string; user: UserRow }> {
      const now = clock.now();
      const first = await repo.findChallenge(body.challenge_id);
      const firstState = stateOf(first, now);
      if (firstState !== 'live' || !first) throw deadChallenge(firstState === 'burnt' ? 'burnt' : 'expired');
      const guess = await guesses.take(first.userId);
      let passkey: AssertionOutcome | undefined;
      if (body.passkey !== undefined) {
        passkey = await passkeys.verify(body.passkey as unknown as AuthenticationResponseJSON, {
          purpose: 'second_factor',
          userId: first.userId,
          // A second factor: possession of the passkey is enough, the first factor was the password or code.
          requireUserVerification: false,
        });
      }
      const outcome = await transact(async (tx) => {
        const challenge = await repo.lockChallenge(tx, body.challenge_id);
        const state = stateOf(challenge, now);
        if (state === 'burnt') return { kind: 'burnt' } as const;
        if (state !== 'live' || !challenge) return { kind: 'expired' } as const;
        const factor = await repo.lockFactor(tx, challenge.userId);
        if (!factor?.confirmedAt) return { kind: 'expired' } as const;
        let good: boolean;
        if (passkey) {
          good = passkey.ok;
        } else if (body.code !== undefined) {
          const step = await checkTotp(factor.secretSealed, challenge.userId, body.code, factor.lastStep);
          good = step !== undefined;
          if (step !== undefined) await repo.setLastStep(challenge.userId, step, tx);
        } else {
          good = await repo.spendRecoveryCode(challenge.userId, recoveryHash(body.recovery_code ?? ''), now, tx);
        }
        if (!good) {
          const tries = await repo.countWrongTry(tx, challenge.id);
          if (tries >= CHALLENGE_MAX_WRONG) return { kind: 'wrong', burnt: true } as const;
          return { kind: 'wrong', burnt: false } as const;
        }
        await repo.consumeChallenge(tx, challenge.id, now);
        return { kind: 'ok', challenge } as const;
      });
      if (outcome.kind === 'wrong') await guess.wrong();
      else await guess.uncounted();
      if (outcome.kind === 'expired' || outcome.kind === 'burnt') throw deadChallenge(outcome.kind);
      if (outcome.kind === 'wrong' && outcome.burnt) throw deadChallenge('burnt');
      if (outcome.kind === 'wrong') {
        if (passkey && !passkey.ok) {
          // A replayed assertion finds its WebAuthn challenge spent: say so; anything else is simply not this account's passkey.
          throw fieldError(
            'passkey',
            passkey.reason === 'challenge_expired' ? 'passkeys.challenge_expired' : 'validation.passkey_invalid',
          );
        }
        throw body.code !== undefined
          ? fieldError('code', 'validation.totp_invalid')
          : fieldError('recovery_code', 'validation.recovery_code_invalid');
      }
      const { challenge } = outcome;
      const found = await users.findById(challenge.userId);
      if (!found) throw fieldError('challenge_id', 'validation.challenge_expired');
      const user = accountGate ? await accountGate.admit(found) : found;
      return { token: await tokens.issue(user.id, challenge.deviceName, challenge.userAgent), user };
    },

    /** Whether the account has a confirmed second factor. */
    async isOn(userId: string): Promise<boolean> {
      return Boolean((await repo.findFactor(userId))?.confirmedAt);
    },

    /**
     * The second factor of a reauth (DESIGN 11.7): nothing with 2FA off; with it on, a code from the
     * app not used before, or an unused recovery code (spent). 403 two_factor_required without one, a
     * 400 on its field when wrong; wrong ones count towards the account's guess cap (guess-cap.ts), as everywhere.
     */
    async confirmOwner(user: UserRow, body: { code?: string; recovery_code?: string }): Promise<void> {
      const factor = await repo.findFactor(user.id);
      if (!factor?.confirmedAt) return;
      if (body.code === undefined && body.recovery_code === undefined) {
        throw new HttpError(403, 'twofactor.code_required', {}, undefined, {}, 'two_factor_required');
      }
      await spendSecondFactor(user, body);
    },

    /** Ten new recovery codes in place of the old ones (a sensitive act: the route needs a fresh session). */
    async renewRecoveryCodes(user: UserRow): Promise<string[]> {
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      const now = clock.now();
      const renewed = await transact(async (tx) => {
        const locked = await repo.lockFactor(tx, user.id);
        if (!locked?.confirmedAt) return false;
        await repo.replaceRecoveryCodes(tx, user.id, codes.map(recoveryHash), now);
        return true;
      });
      if (!renewed) throw conflict('two_factor_disabled', 'twofactor.not_enabled');
      return codes;
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
