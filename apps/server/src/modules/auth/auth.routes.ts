import {
  CheckEmailExistsBodySchema,
  ForgotPasswordBodySchema,
  LoginBodySchema,
  OtpSendBodySchema,
  OtpVerifyBodySchema,
  PASSWORD_POLICY,
  RegisterBodySchema,
  ResetPasswordBodySchema,
} from '@tribes/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '#src/core/context.js';
import { success, warning } from '#src/core/envelope.js';
import { LIMITS, limit } from '#src/core/rate-limit.js';
import { presentUser } from '../users/users.presenter.js';

/** The account lifecycle: DESIGN section 5, "Auth and account". */
export async function authRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const user = (row: Parameters<typeof presentUser>[0]) => presentUser(row, ctx.storage);
  const tags = ['auth'];

  r.post(
    '/v1/check_email_exists',
    { schema: { tags, body: CheckEmailExistsBodySchema }, config: limit(app, LIMITS.checkEmail) },
    async (req, reply) => success(req, reply, { exists: await ctx.auth.emailExists(req.body.email) }),
  );

  r.post(
    '/v1/auth/register',
    { schema: { tags, body: RegisterBodySchema }, config: limit(app, LIMITS.register) },
    async (req, reply) => {
      const created = await ctx.auth.register(req.body, req.locale);
      return success(req, reply, { user: user(created) }, 'auth.registered', undefined, 201);
    },
  );

  r.post(
    '/v1/auth/email/otp/send',
    { schema: { tags, body: OtpSendBodySchema }, config: limit(app, LIMITS.otp) },
    async (req, reply) => {
      await ctx.otp.send(req.body.email, req.body.purpose, req.locale);
      return success(req, reply, {}, 'auth.otp_sent');
    },
  );

  r.post(
    '/v1/auth/email/otp/verify',
    { schema: { tags, body: OtpVerifyBodySchema }, config: limit(app, LIMITS.otp) },
    async (req, reply) => {
      const result = await ctx.auth.verifyCode(req.body);
      if (result.kind === 'reset_allowed') return success(req, reply, { reset_token: result.resetToken }, 'auth.code_verified');
      const message = result.kind === 'signed_in' ? 'auth.logged_in' : 'auth.email_verified';
      return success(req, reply, { auth_token: result.token, user: user(result.user) }, message);
    },
  );

  r.post('/v1/auth/login', { schema: { tags, body: LoginBodySchema }, config: limit(app, LIMITS.login) }, async (req, reply) => {
    const result = await ctx.auth.login(req.body, req.locale, req.ip);
    return result.kind === 'signed_in'
      ? success(req, reply, { auth_token: result.token, user: user(result.user) }, 'auth.logged_in')
      : warning(req, reply, { verification_required: true, email: result.email }, 'auth.verification_required');
  });

  r.post('/v1/auth/logout', { schema: { tags }, onRequest: [app.authenticate] }, async (req, reply) => {
    await ctx.tokens.revoke(req.auth!.tokenId, req.auth!.user.id);
    return success(req, reply, {}, 'auth.logged_out');
  });

  r.post(
    '/v1/forgot_password',
    { schema: { tags, body: ForgotPasswordBodySchema }, config: limit(app, LIMITS.otp) },
    async (req, reply) => {
      await ctx.otp.send(req.body.email, 'forgot-password', req.locale);
      return success(req, reply, {}, 'auth.otp_sent');
    },
  );

  r.post(
    '/v1/reset_password',
    { schema: { tags, body: ResetPasswordBodySchema }, config: limit(app, LIMITS.otp) },
    async (req, reply) => {
      await ctx.auth.resetPassword(req.body, req.ip);
      return success(req, reply, {}, 'auth.password_reset');
    },
  );

  r.get('/v1/password_policy', { schema: { tags } }, async (req, reply) => success(req, reply, PASSWORD_POLICY));
}
