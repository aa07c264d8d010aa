import {
  RESET_TOKEN_TTL_SECONDS,
  type LoginBody,
  type Locale,
  type OtpVerifyBody,
  type RegisterBody,
  type ResetPasswordBody,
} from '@tribes/shared';
import type { Clock } from '#src/core/clock.js';
import { randomToken, sha256 } from '#src/core/crypto.js';
import { fieldError } from '#src/core/errors.js';
import type { Throttle } from '#src/core/db/throttle.js';
import { isUniqueViolation, type UserRow, type UserAccounts } from '../users/index.js';
import type { AuthRepo } from './auth.repo.js';
import type { OtpService } from './otp.service.js';
import { ipRange } from './ip-range.js';
import { assertPasswordIsNotPersonal, hashPassword, verifyPassword } from './passwords.js';
import type { SignIn, SignInDevice, SignInOutcome } from './sign-in.js';
import type { TokensService } from './tokens.service.js';

/** Failed logins allowed per email and IP range per hour (DESIGN sections 6 and 10.1), scaled by RATE_LIMIT_SCALE. */
const LOGIN_FAILURES = { max: 10, seconds: 3600 };

interface Deps {
  repo: AuthRepo;
  users: UserAccounts;
  tokens: TokensService;
  otp: OtpService;
  /** Turns a user into a session, or a 2FA challenge when the account has TOTP on. */
  signIn: SignIn;
  throttle: Throttle;
  clock: Clock;
}

export type LoginResult = SignInOutcome | { kind: 'verification_required'; email: string };

export type VerifyResult =
  { kind: 'email_verified'; token: string; user: UserRow } | SignInOutcome | { kind: 'reset_allowed'; resetToken: string };

/** Sign-up, sign-in, codes and password reset: the account lifecycle's rules, with no HTTP in sight. */
export function createAuthService({ repo, users, tokens, otp, signIn, throttle, clock }: Deps) {
  /**
   * Failures are charged to the email and the caller's network (/24 or /64), never to the email
   * alone: an attacker elsewhere cannot lock the owner out (DESIGN 10.1).
   */
  const loginKey = (email: string, ip: string) => `login-fail:${email}:${ipRange(ip)}`;

  return {
    async emailExists(email: string): Promise<boolean> {
      return (await users.findByEmail(email)) !== undefined;
    },

    async register(body: RegisterBody, locale: Locale): Promise<UserRow> {
      if (await users.findByEmail(body.email)) throw fieldError('email', 'validation.email_taken');
      let user: UserRow;
      try {
        user = await users.create({
          name: body.name,
          email: body.email,
          passwordHash: await hashPassword(body.password),
          locale: body.locale ?? locale,
          createdAt: clock.now(),
          updatedAt: clock.now(),
        });
      } catch (err) {
        // Two sign-ups with one address racing: the unique index decides, the loser gets the same answer.
        if (isUniqueViolation(err)) throw fieldError('email', 'validation.email_taken');
        throw err;
      }
      await otp.sendIfQuiet(body.email, 'email-verification', locale);
      return user;
    },

    async login(body: LoginBody, locale: Locale, ip: string, userAgent?: string | null): Promise<LoginResult> {
      const key = loginKey(body.email, ip);
      // The attempt is counted as a failure before the (slow) check and forgiven on success, so
      // parallel guesses run at most LOGIN_FAILURES argon2 verifications.
      await throttle.takeOrThrow(key, [LOGIN_FAILURES]);
      const user = await users.findByEmail(body.email);
      const ok = await verifyPassword(user?.passwordHash, body.password);
      // One answer for an unknown email and a wrong password: the form cannot be used to find accounts.
      if (!user || !ok) throw fieldError('email', 'validation.credentials');
      await throttle.clear(key);
      if (!user.emailVerifiedAt) {
        await otp.sendIfQuiet(user.email, 'email-verification', locale);
        return { kind: 'verification_required', email: user.email };
      }
      return signIn.complete(user, { deviceName: body.device_name, userAgent });
    },

    /**
     * Spends a code. email-verification and login sign the user in; a login code also verifies an
     * address not yet verified, since reading the mailed code proves the address as well.
     *
     * An address registered with a password but never verified belongs to whoever proves the mailbox
     * (DESIGN 11.7). A login code proves the mailbox and nothing about the password, which may be a
     * squatter's who registered the address first: when it is the first proof of the address, the
     * unverified password and every session of the account go (the owner sets a password later).
     * An email-verification code keeps it: it is sign-up's second step, mailed by register or by a
     * login with the right password, the only ways the web reaches it. (Its resend through otp/send
     * proves no password either, but a code row does not record how it was asked for.)
     */
    async verifyCode(body: OtpVerifyBody, device: SignInDevice = {}): Promise<VerifyResult> {
      await otp.consume(body.email, body.purpose, body.code);
      const user = await users.findByEmail(body.email);
      if (!user) throw fieldError('code', 'validation.code_invalid');
      const now = clock.now();
      if (body.purpose !== 'forgot-password') {
        const claimsMailbox = user.emailVerifiedAt === null && body.purpose === 'login' && user.passwordHash !== null;
        const verified =
          user.emailVerifiedAt !== null
            ? user
            : ((await users.update(user.id, {
                emailVerifiedAt: now,
                lastStep: user.lastStep ?? 'email-verified',
                ...(claimsMailbox ? { passwordHash: null } : {}),
                updatedAt: now,
              })) ?? user);
        if (claimsMailbox) await tokens.revokeAll(user.id);
        // Either purpose signs in, so either goes through the second factor when the account has one.
        const outcome = await signIn.complete(verified, device);
        if (outcome.kind === 'signed_in' && body.purpose !== 'login') return { ...outcome, kind: 'email_verified' };
        return outcome;
      }
      const resetToken = randomToken(32);
      await repo.insertResetToken({
        userId: user.id,
        tokenHash: sha256(resetToken),
        createdAt: now,
        expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_SECONDS * 1000),
      });
      return { kind: 'reset_allowed', resetToken };
    },

    async resetPassword(body: ResetPasswordBody, ip: string): Promise<void> {
      const user = await users.findByEmail(body.email);
      const now = clock.now();
      const tokenHash = sha256(body.reset_token);
      const invalid = () => fieldError('reset_token', 'validation.reset_token_invalid');
      // The token is checked before the name rule (which would otherwise hint at the account's
      // name) and spent only after it, so a refused password does not cost the user their token.
      if (!user || !(await repo.hasLiveResetToken(tokenHash, user.id, now))) throw invalid();
      assertPasswordIsNotPersonal(body.password, user);
      if (!(await repo.useResetToken(tokenHash, user.id, now))) throw invalid();
      await users.update(user.id, { passwordHash: await hashPassword(body.password), updatedAt: now });
      await repo.deleteResetTokens(user.id);
      await tokens.revokeAll(user.id);
      await throttle.clear(loginKey(user.email, ip));
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
