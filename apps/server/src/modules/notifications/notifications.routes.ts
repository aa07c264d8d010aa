import { notificationsEndpoints as api } from '@tribes/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#src/composition.js';
import { LIMITS, limit } from '#src/core/rate-limit.js';
import { route } from '#src/core/route.js';

/** GET /v1/notifications and POST /v1/notifications/read (declared in packages/shared/src/contract/notifications.ts). */
export async function notificationsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  route(app, api.list)(async (req) => ({ data: await ctx.notifications.list(req.auth!.user, req.query) }));

  route(app, api.read, { config: limit(app, LIMITS.write) })(async (req) => ({
    data: await ctx.notifications.markRead(req.auth!.user, req.body.ids ?? 'all'),
  }));
}
