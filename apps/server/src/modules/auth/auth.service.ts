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
import type { Throttle } from '#src/core/throttle.js';
import { isUniqueViolation, type UserRow, type UsersRepo } from '../users/users.repo.js';
import type { AuthRepo } from './auth.repo.js';
import type { OtpService } from './otp.service.js';
import { hashPassword, verifyPassword } from './passwords.js';
import type { TokensService } from './tokens.service.js';

/** Failed logins allowed per email per hour (DESIGN section 6). */
const LOGIN_FAILURES = { max: 10, seconds: 3600 };

interface Deps {
  repo: AuthRepo;
  users: UsersRepo;
  tokens: TokensService;
  otp: OtpService;
  throttle: Throttle;
  clock: Clock;
}

export type LoginResult = { kind: 'signed_in'; token: string; user: UserRow } | { kind: 'verification_required'; email: string };

export type VerifyResult =
  { kind: 'email_verified'; token: string; user: UserRow } | { kind: 'reset_allowed'; resetToken: string };

/** Sign-up, sign-in, codes and password reset: the account lifecycle's rules, with no HTTP in sight. */
export function createAuthService({ repo, users, tokens, otp, throttle, clock }: Deps) {
  const loginKey = (email: string) => `login-fail:${email}`;

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
      await otp.sendIfQuiet(user.email, 'email-verification', locale);
      return user;
    },

    async login(body: LoginBody, locale: Locale): Promise<LoginResult> {
      await throttle.assertAllowed(loginKey(body.email), [LOGIN_FAILURES]);
      const user = await users.findByEmail(body.email);
      const ok = await verifyPassword(user?.passwordHash, body.password);
      if (!user || !ok) {
        await throttle.hit(loginKey(body.email));
        // One answer for an unknown email and a wrong password: the form cannot be used to find accounts.
        throw fieldError('email', 'validation.credentials');
      }
      await throttle.clear(loginKey(body.email));
      if (!user.emailVerifiedAt) {
        await otp.sendIfQuiet(user.email, 'email-verification', locale);
        return { kind: 'verification_required', email: user.email };
      }
      return { kind: 'signed_in', token: await tokens.issue(user.id, body.device_name), user };
    },

    async verifyCode(body: OtpVerifyBody): Promise<VerifyResult> {
      await otp.consume(body.email, body.purpose, body.code);
      const user = await users.findByEmail(body.email);
      if (!user) throw fieldError('code', 'validation.code_invalid');
      const now = clock.now();
      if (body.purpose === 'email-verification') {
        const verified =
          user.emailVerifiedAt !== null
            ? user
            : ((await users.update(user.id, {
                emailVerifiedAt: now,
                lastStep: user.lastStep ?? 'email-verified',
                updatedAt: now,
              })) ?? user);
        return { kind: 'email_verified', token: await tokens.issue(user.id, null), user: verified };
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

    async resetPassword(body: ResetPasswordBody): Promise<void> {
      const user = await users.findByEmail(body.email);
      const now = clock.now();
      if (!user || !(await repo.useResetToken(sha256(body.reset_token), user.id, now))) {
        throw fieldError('reset_token', 'validation.reset_token_invalid');
      }
      await users.update(user.id, { passwordHash: await hashPassword(body.password), updatedAt: now });
      await repo.deleteResetTokens(user.id);
      await tokens.revokeAll(user.id);
      await throttle.clear(loginKey(user.email));
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
