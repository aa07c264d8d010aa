import { authEndpoints as api, PASSWORD_POLICY } from '@tribes/shared';
import type { FastifyInstance } from 'fastify';
import type { AuthService } from './auth.service.js';
import type { OtpService } from './otp.service.js';
import type { TokensService } from './tokens.service.js';
import { LIMITS, limit } from '#src/core/rate-limit.js';
import { route } from '#src/core/route.js';
import type { UserViews } from '../users/index.js';

/** The services these routes use, passed by the app (not the app's whole context, a repo or a database handle). */
export interface AuthRoutesDeps {
  auth: AuthService;
  otp: OtpService;
  tokens: TokensService;
  /** A signed-in user's answer object. */
  users: UserViews;
}

/**
 * The account lifecycle: DESIGN section 5, "Auth and account" (every endpoint is declared in
 * packages/shared/src/contract/auth.ts).
 */
export async function authRoutes(app: FastifyInstance, { ctx }: { ctx: AuthRoutesDeps }) {
  const user = (row: Parameters<UserViews['view']>[0]) => ctx.users.view(row);
  /** A sign-in of an account with 2FA on: a warning with the challenge, and no token (DESIGN 10.2). */
  const twoFactorRequired = (challengeId: string) => ({
    data: { two_factor_required: true as const, challenge_id: challengeId },
    message: 'auth.two_factor_required' as const,
    warning: true,
  });

  route(app, api.checkEmailExists, { config: limit(app, LIMITS.checkEmail) })(async (req) => ({
    data: { exists: await ctx.auth.emailExists(req.body.email) },
  }));

  route(app, api.register, { config: limit(app, LIMITS.register) })(async (req) => {
    const created = await ctx.auth.register(req.body, req.locale);
    return { data: { user: user(created) }, message: 'auth.registered' };
  });

  route(app, api.sendOtp, { config: limit(app, LIMITS.otp) })(async (req) => {
    await ctx.otp.send(req.body.email, req.body.purpose, req.locale);
    return { data: {}, message: 'auth.otp_sent' };
  });

  route(app, api.verifyOtp, { config: limit(app, LIMITS.otp) })(async (req) => {
    const result = await ctx.auth.verifyCode(req.body, { userAgent: req.headers['user-agent'] });
    if (result.kind === 'reset_allowed') return { data: { reset_token: result.resetToken }, message: 'auth.code_verified' };
    if (result.kind === 'two_factor_required') return twoFactorRequired(result.challengeId);
    const message = result.kind === 'signed_in' ? 'auth.logged_in' : 'auth.email_verified';
    return { data: { auth_token: result.token, user: user(result.user) }, message };
  });

  route(app, api.login, { config: limit(app, LIMITS.login) })(async (req) => {
    const result = await ctx.auth.login(req.body, req.locale, req.ip, req.headers['user-agent']);
    if (result.kind === 'two_factor_required') return twoFactorRequired(result.challengeId);
    return result.kind === 'signed_in'
      ? { data: { auth_token: result.token, user: user(result.user) }, message: 'auth.logged_in' }
      : {
          data: { verification_required: true, email: result.email },
          message: 'auth.verification_required',
          warning: true,
        };
  });

  route(
    app,
    api.logout,
  )(async (req) => {
    await ctx.tokens.revoke(req.auth!.tokenId, req.auth!.user.id);
    return { data: {}, message: 'auth.logged_out' };
  });

  route(app, api.forgotPassword, { config: limit(app, LIMITS.otp) })(async (req) => {
    await ctx.otp.send(req.body.email, 'forgot-password', req.locale);
    return { data: {}, message: 'auth.otp_sent' };
  });

  route(app, api.resetPassword, { config: limit(app, LIMITS.otp) })(async (req) => {
    await ctx.auth.resetPassword(req.body, req.ip);
    return { data: {}, message: 'auth.password_reset' };
  });

  route(app, api.passwordPolicy)(async () => ({ data: PASSWORD_POLICY }));
}
