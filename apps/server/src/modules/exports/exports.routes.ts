import { exportsEndpoints as api } from '@tribes/shared';
import type { FastifyInstance } from 'fastify';
import { LIMITS, limit } from '#src/core/rate-limit.js';
import { route, sent } from '#src/core/route.js';
import type { ExportsService } from './exports.service.js';

/** The services these routes use, passed by the app (not the app's whole context, a repo or a database handle). */
export interface ExportsRoutesDeps {
  exports: ExportsService;
}

/** The member's data export (packages/shared/src/contract/exports.ts; DESIGN 11.2). */
export async function exportsRoutes(app: FastifyInstance, { ctx }: { ctx: ExportsRoutesDeps }) {
  route(app, api.requestExport, { config: limit(app, LIMITS.write) })(async (req) => ({
    data: await ctx.exports.request(req.auth!.user),
    message: 'exports.requested',
  }));

  route(app, api.getExport)(async (req) => ({ data: await ctx.exports.get(req.auth!.user, req.params.id) }));

  // The signature in the query is the key to the member's data: it is never logged (the logger drops query strings).
  route(app, api.downloadExport, { config: limit(app, LIMITS.publicWrite) })(async (req, reply) => {
    const file = await ctx.exports.download(req.params.id, req.query.exp, req.query.sig);
    void reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'private, no-store')
      .header('referrer-policy', 'no-referrer')
      .send(file.zip);
    return sent(reply);
  });
}
