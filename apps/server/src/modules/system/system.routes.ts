import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#src/core/context.js';
import { ping } from '#src/core/db/client.js';
import { success } from '#src/core/envelope.js';

/** Liveness and readiness for load balancers and operators. */
export async function systemRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get('/v1/health', { schema: { tags: ['system'] } }, async (req, reply) => {
    await ping(ctx.db);
    return success(req, reply, { status: 'ok', database: ctx.database.kind });
  });
}
