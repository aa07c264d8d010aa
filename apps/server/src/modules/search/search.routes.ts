import { searchEndpoints as api } from '@tribes/shared';
import type { FastifyInstance } from 'fastify';
import { LIMITS, limit } from '#src/core/rate-limit.js';
import { route } from '#src/core/route.js';
import type { SearchService } from './search.service.js';
import type { TranslationService } from './translation.service.js';

/** The services these routes use, passed by the app. */
export interface SearchRoutesDeps {
  search: SearchService;
  translation: TranslationService;
}

/** GET /v1/search, POST /v1/posts/{id}/translate and /v1/comments/{id}/translate (DESIGN 11.5). */
export async function searchRoutes(app: FastifyInstance, { ctx }: { ctx: SearchRoutesDeps }) {
  // A translation may call a paid provider: limited like any write.
  const write = { config: limit(app, LIMITS.write) };

  route(
    app,
    api.search,
  )(async (req) => ({
    data: await ctx.search.search(req.query, req.auth?.user.id ?? null),
    message: 'search.results',
  }));

  route(
    app,
    api.translatePost,
    write,
  )(async (req) => ({
    data: await ctx.translation.translate('post', req.params.id, req.body.to, req.auth!.user.id),
    message: 'translation.done',
  }));

  route(
    app,
    api.translateComment,
    write,
  )(async (req) => ({
    data: await ctx.translation.translate('comment', req.params.id, req.body.to, req.auth!.user.id),
    message: 'translation.done',
  }));
}
