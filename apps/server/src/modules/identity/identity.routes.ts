import { identityEndpoints as api } from '@tribes/shared';
import type { FastifyInstance } from 'fastify';
import type { IdentityService } from './identity.service.js';
import { LIMITS, limit } from '#src/core/rate-limit.js';
import { route } from '#src/core/route.js';
import type { UserViews } from '../users/index.js';

/** The services these routes use, passed by the app (not the app's whole context, a repo or a database handle). */
export interface IdentityRoutesDeps {
  identity: IdentityService;
  /** A signed-in user's answer object. */
  users: UserViews;
}

/**
 * Firebase sign-in and the account's sign-in methods (packages/shared/src/contract/identity.ts,
 * DESIGN 10.2).
 */
export async function identityRoutes(app: FastifyInstance, { ctx }: { ctx: IdentityRoutesDeps }) {
  route(app, api.providers)(async () => ({ data: ctx.identity.providers() }));

  // Counted with the password logins: both are guesses at a way in.
  route(app, api.signIn, { config: limit(app, LIMITS.login) })(async (req) => {
    const outcome = await ctx.identity.signIn(req.body.id_token, {
      deviceName: req.body.device_name,
      userAgent: req.headers['user-agent'] ?? null,
    });
    if (outcome.kind === 'two_factor_required') {
      return {
        data: { two_factor_required: true as const, challenge_id: outcome.challengeId },
        message: 'auth.two_factor_required' as const,
        warning: true,
      };
    }
    return {
      data: { auth_token: outcome.token, user: ctx.users.view(outcome.user), created: outcome.created },
      message: 'auth.logged_in',
    };
  });

  route(
    app,
    api.list,
  )(async (req) => {
    return { data: { identities: await ctx.identity.methods(req.auth!.user) } };
  });

  route(app, api.remove, { config: limit(app, LIMITS.write) })(async (req) => {
    await ctx.identity.remove(req.auth!.user, req.params.id);
    return { data: {}, message: 'identity.removed' };
  });

  route(app, api.linkFirebase, { config: limit(app, LIMITS.write) })(async (req) => {
    return { data: { identity: await ctx.identity.link(req.auth!.user, req.body.id_token) }, message: 'identity.linked' };
  });
}
