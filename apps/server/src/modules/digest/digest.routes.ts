import { digestEndpoints as api } from '@tribes/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#src/composition.js';
import { route } from '#src/core/route.js';

/** GET /v1/me/digest/preview (declared in packages/shared/src/contract/digest.ts). */
export async function digestRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  route(
    app,
    api.preview,
  )(async (req) => {
    const { subject, html, text, empty } = await ctx.digest.preview(req.auth!.user);
    return { data: { subject, html, text, empty } };
  });
}
