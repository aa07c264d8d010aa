import { peopleEndpoints as api } from '@tribes/shared';
import type { FastifyInstance } from 'fastify';
import type { PeopleService } from './people.service.js';
import { LIMITS, limit } from '#src/core/rate-limit.js';
import { route } from '#src/core/route.js';

/** The services these routes use, passed by the app (not the app's whole context, a repo or a database handle). */
export interface PeopleRoutesDeps {
  people: PeopleService;
}

/** Profiles of other people and blocks (every endpoint is declared in packages/shared/src/contract/people.ts). */
export async function peopleRoutes(app: FastifyInstance, { ctx }: { ctx: PeopleRoutesDeps }) {
  const write = { config: limit(app, LIMITS.write) };

  route(
    app,
    api.profile,
  )(async (req) => ({
    data: { profile: await ctx.people.profile(req.params.id, req.auth?.user ?? null) },
  }));

  route(
    app,
    api.block,
    write,
  )(async (req) => {
    await ctx.people.block(req.auth!.user, req.params.id);
    return { data: {}, message: 'people.blocked' };
  });

  route(
    app,
    api.unblock,
    write,
  )(async (req) => {
    await ctx.people.unblock(req.auth!.user, req.params.id);
    return { data: {}, message: 'people.unblocked' };
  });

  route(app, api.blocked)(async (req) => ({ data: await ctx.people.blocked(req.auth!.user) }));
}
