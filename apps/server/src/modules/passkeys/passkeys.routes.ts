import { passkeyEndpoints as api } from '@tribes/shared';
import type { FastifyInstance } from 'fastify';
import type { PasskeysService } from './passkeys.service.js';
import { LIMITS, limit } from '#src/core/rate-limit.js';
import { route } from '#src/core/route.js';
import type { UserViews } from '../users/index.js';

/** The services these routes use, passed by the app (not the app's whole context, a repo or a database handle). */
export interface PasskeysRoutesDeps {
  passkeys: PasskeysService;
  /** A signed-in user's answer object. */
  users: UserViews;
}

/** Passkeys (DESIGN 10.2; every endpoint is declared in packages/shared/src/contract/passkeys.ts). */
export async function passkeysRoutes(app: FastifyInstance, { ctx }: { ctx: PasskeysRoutesDeps }) {
  const write = { config: limit(app, LIMITS.write) };
  const userAgent = (headers: { 'user-agent'?: string }) => headers['user-agent'];

  route(app, api.list)(async (req) => ({ data: await ctx.passkeys.list(req.auth!.user) }));

  route(app, api.registrationOptions, write)(async (req) => ({ data: await ctx.passkeys.registrationOptions(req.auth!.user) }));

  route(
    app,
    api.add,
    write,
  )(async (req) => ({
    data: { passkey: await ctx.passkeys.register(req.auth!.user, req.body, userAgent(req.headers)) },
    message: 'passkeys.added',
  }));

  route(
    app,
    api.remove,
    write,
  )(async (req) => {
    await ctx.passkeys.remove(req.auth!.user, req.params.id);
    return { data: {}, message: 'passkeys.removed' };
  });

  route(app, api.signInOptions, { config: limit(app, LIMITS.otp) })(async () => ({ data: await ctx.passkeys.signInOptions() }));

  route(app, api.signIn, { config: limit(app, LIMITS.login) })(async (req) => {
    const outcome = await ctx.passkeys.signIn(req.body, {
      deviceName: req.body.device_name,
      userAgent: userAgent(req.headers),
    });
    if (outcome.kind === 'two_factor_required') {
      return {
        data: { two_factor_required: true as const, challenge_id: outcome.challengeId },
        message: 'auth.two_factor_required',
        warning: true,
      };
    }
    return { data: { auth_token: outcome.token, user: ctx.users.view(outcome.user) }, message: 'auth.logged_in' };
  });
}
