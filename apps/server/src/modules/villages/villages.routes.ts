import {
  CreateVillageBodySchema,
  IdParamsSchema,
  TribeRefParamsSchema,
  UpdateVillageBodySchema,
  VillageListQuerySchema,
} from '@tribes/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '#src/core/context.js';
import { success } from '#src/core/envelope.js';
import { LIMITS, limit } from '#src/core/rate-limit.js';

/** Villages of a tribe: registration by members, review by leaders. */
export async function villagesRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['villages'];
  const write = { onRequest: [app.authenticate], config: limit(app, LIMITS.write) };

  r.get(
    '/v1/tribes/:id/villages',
    { onRequest: [app.identify], schema: { tags, params: TribeRefParamsSchema, querystring: VillageListQuerySchema } },
    async (req, reply) => success(req, reply, await ctx.villages.list(req.params.id, req.auth?.user ?? null, req.query)),
  );

  r.post(
    '/v1/tribes/:id/villages',
    { ...write, schema: { tags, params: TribeRefParamsSchema, body: CreateVillageBodySchema } },
    async (req, reply) =>
      success(
        req,
        reply,
        { village: await ctx.villages.create(req.params.id, req.auth!.user, req.body) },
        'villages.registered',
        undefined,
        201,
      ),
  );

  r.patch(
    '/v1/villages/:id',
    { ...write, schema: { tags, params: IdParamsSchema, body: UpdateVillageBodySchema } },
    async (req, reply) => {
      const village = await ctx.villages.update(req.params.id, req.auth!.user, req.body);
      const key =
        req.body.status === 'approved'
          ? 'villages.approved'
          : req.body.status === 'rejected'
            ? 'villages.rejected'
            : 'villages.updated';
      return success(req, reply, { village }, key);
    },
  );
}
