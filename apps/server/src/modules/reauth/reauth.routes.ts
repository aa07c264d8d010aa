import { reauthEndpoints as api } from '@tribes/shared';
import type { FastifyInstance } from 'fastify';
import type { ReauthService } from './reauth.service.js';
import { LIMITS, limit } from '#src/core/rate-limit.js';
import { route } from '#src/core/route.js';

/** The services these routes use, passed by the app (not the app's whole context, a repo or a database handle). */
export interface ReauthRoutesDeps {
  reauth: ReauthService;
}

/** Confirming the owner of a session before sensitive acts (DESIGN 11.7; contract in packages/shared/src/contract/reauth.ts). */
export async function reauthRoutes(app: FastifyInstance, { ctx }: { ctx: ReauthRoutesDeps }) {
  route(app, api.status)(async (req) => ({ data: await ctx.reauth.status(req.auth!.user, req.auth!.authenticatedAt) }));

  route(app, api.reauth, { config: limit(app, LIMITS.login) })(async (req) => {
    const { freshUntil } = await ctx.reauth.reauth(req.auth!.user, req.auth!.tokenId, req.body);
    return { data: { fresh_until: freshUntil.toISOString() }, message: 'reauth.confirmed' };
  });

  route(app, api.sendEmailCode, { config: limit(app, LIMITS.otp) })(async (req) => {
    await ctx.reauth.sendEmailCode(req.auth!.user, req.locale);
    return { data: {}, message: 'reauth.code_sent' };
  });

  route(app, api.passkeyOptions, { config: limit(app, LIMITS.otp) })(async (req) => ({
    data: await ctx.reauth.passkeyOptions(req.auth!.user),
  }));
}
