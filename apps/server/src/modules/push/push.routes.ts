import { pushEndpoints as api } from '@tribes/shared';
import type { FastifyInstance } from 'fastify';
import type { PushService } from './push.service.js';
import { LIMITS, limit } from '#src/core/rate-limit.js';
import { route } from '#src/core/route.js';

/** The services these routes use, passed by the app (not the app's whole context, a repo or a database handle). */
export interface PushRoutesDeps {
  push: PushService;
}

/** Web Push (DESIGN 10.3; declared in packages/shared/src/contract/push.ts). */
export async function pushRoutes(app: FastifyInstance, { ctx }: { ctx: PushRoutesDeps }) {
  const write = { config: limit(app, LIMITS.write) };
  route(app, api.vapidKey)(async () => ({ data: { public_key: ctx.push.vapidPublicKey() } }));
  route(
    app,
    api.subscribe,
    write,
  )(async (req) => ({
    data: { subscription: await ctx.push.subscribe(req.auth!.user, req.body, req.headers['user-agent']) },
  }));
  route(app, api.unsubscribe, write)(async (req) => ({ data: await ctx.push.unsubscribe(req.auth!.user, req.body.endpoint) }));
}
