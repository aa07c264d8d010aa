import { PageQuerySchema, UuidSchema } from '@tribes/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '#src/core/context.js';
import { success } from '#src/core/envelope.js';
import { LIMITS, limit } from '#src/core/rate-limit.js';

const ReadBodySchema = z.strictObject({ ids: z.array(UuidSchema).min(1).max(100).optional(), all: z.literal(true).optional() });

/** GET /v1/notifications and POST /v1/notifications/read. */
export async function notificationsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];
  r.get(
    '/v1/notifications',
    { onRequest: [app.authenticate], schema: { tags, querystring: PageQuerySchema } },
    async (req, reply) => success(req, reply, await ctx.notifications.list(req.auth!.user, req.query)),
  );
  r.post(
    '/v1/notifications/read',
    { onRequest: [app.authenticate], config: limit(app, LIMITS.write), schema: { tags, body: ReadBodySchema } },
    async (req, reply) => success(req, reply, await ctx.notifications.markRead(req.auth!.user, req.body.ids ?? 'all')),
  );
}
