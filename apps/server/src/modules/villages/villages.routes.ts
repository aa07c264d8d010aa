import { villagesEndpoints as api } from '@tribes/shared';
import type { FastifyInstance } from 'fastify';
import type { VillagesService } from './villages.service.js';
import { LIMITS, limit } from '#src/core/rate-limit.js';
import { route } from '#src/core/route.js';

/** The services these routes use, passed by the app (not the app's whole context, a repo or a database handle). */
export interface VillagesRoutesDeps {
  villages: VillagesService;
}

/**
 * Villages of a tribe: registration by members, review by leaders (every endpoint is declared in
 * packages/shared/src/contract/tribes.ts).
 */
export async function villagesRoutes(app: FastifyInstance, { ctx }: { ctx: VillagesRoutesDeps }) {
  const write = { config: limit(app, LIMITS.write) };

  route(app, api.list)(async (req) => ({ data: await ctx.villages.list(req.params.id, req.auth?.user ?? null, req.query) }));

  route(
    app,
    api.create,
    write,
  )(async (req) => ({
    data: { village: await ctx.villages.create(req.params.id, req.auth!.user, req.body) },
    message: 'villages.registered',
  }));

  route(
    app,
    api.update,
    write,
  )(async (req) => {
    const village = await ctx.villages.update(req.params.id, req.auth!.user, req.body);
    const message =
      req.body.status === 'approved'
        ? 'villages.approved'
        : req.body.status === 'rejected'
          ? 'villages.rejected'
          : 'villages.updated';
    return { data: { village }, message };
  });
}
