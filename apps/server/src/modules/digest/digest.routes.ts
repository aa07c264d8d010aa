import { digestEndpoints as api } from '@tribes/shared';
import type { FastifyInstance } from 'fastify';
import type { DigestService } from './digest.service.js';
import { route } from '#src/core/route.js';

/** The services these routes use, passed by the app (not the app's whole context, a repo or a database handle). */
export interface DigestRoutesDeps {
  digest: DigestService;
}

/** GET /v1/me/digest/preview (declared in packages/shared/src/contract/digest.ts). */
export async function digestRoutes(app: FastifyInstance, { ctx }: { ctx: DigestRoutesDeps }) {
  route(
    app,
    api.preview,
  )(async (req) => {
    const { subject, html, text, empty } = await ctx.digest.preview(req.auth!.user);
    return { data: { subject, html, text, empty } };
  });
}
