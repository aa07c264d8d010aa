import { twoFactorEndpoints as api } from '@tribes/shared';
import type { FastifyInstance } from 'fastify';
import type { TwoFactorService } from './twofactor.service.js';
import { LIMITS, limit } from '#src/core/rate-limit.js';
import { route } from '#src/core/route.js';
import type { UserViews } from '../users/index.js';

/** The services these routes use, passed by the app (not the app's whole context, a repo or a database handle). */
export interface TwofactorRoutesDeps {
  twoFactor: TwoFactorService;
  /** A signed-in user's answer object. */
  users: UserViews;
}

/** The second factor (DESIGN 10.2; every endpoint is declared in packages/shared/src/contract/twofactor.ts). */
export async function twoFactorRoutes(app: FastifyInstance, { ctx }: { ctx: TwofactorRoutesDeps }) {
  const write = { config: limit(app, LIMITS.write) };

  route(app, api.status)(async (req) => ({ data: await ctx.twoFactor.status(req.auth!.user) }));

  route(
    app,
    api.enrol,
    write,
  )(async (req) => {
    const { secret, otpauthUrl } = await ctx.twoFactor.enrol(req.auth!.user);
    return { data: { secret, otpauth_url: otpauthUrl }, message: 'twofactor.enrol_started' };
  });

  route(
    app,
    api.confirm,
    write,
  )(async (req) => ({
    data: { recovery_codes: await ctx.twoFactor.confirm(req.auth!.user, req.body.code) },
    message: 'twofactor.enabled',
  }));

  route(
    app,
    api.disable,
    write,
  )(async (req) => {
    await ctx.twoFactor.disable(req.auth!.user, req.body);
    return { data: {}, message: 'twofactor.disabled' };
  });

  route(
    app,
    api.renewRecoveryCodes,
    write,
  )(async (req) => ({
    data: { recovery_codes: await ctx.twoFactor.renewRecoveryCodes(req.auth!.user) },
    message: 'twofactor.recovery_codes_renewed',
  }));

  route(app, api.passkeyOptions, { config: limit(app, LIMITS.otp) })(async (req) => ({
    data: await ctx.twoFactor.passkeyOptions(req.body.challenge_id),
  }));

  route(app, api.verify, { config: limit(app, LIMITS.login) })(async (req) => {
    const { token, user } = await ctx.twoFactor.verify(req.body);
    return { data: { auth_token: token, user: ctx.users.view(user) }, message: 'auth.logged_in' };
  });
}
