import { IdParamsSchema } from '@tribes/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '#src/core/context.js';
import { success } from '#src/core/envelope.js';
import { LIMITS, limit } from '#src/core/rate-limit.js';

/** Profiles of other people and blocks. */
export async function peopleRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['people'];
  const write = { onRequest: [app.authenticate], config: limit(app, LIMITS.write) };

  r.get('/v1/users/:id', { onRequest: [app.identify], schema: { tags, params: IdParamsSchema } }, async (req, reply) =>
    success(req, reply, { profile: await ctx.people.profile(req.params.id, req.auth?.user ?? null) }),
  );
  r.post('/v1/users/:id/block', { ...write, schema: { tags, params: IdParamsSchema } }, async (req, reply) => {
    await ctx.people.block(req.auth!.user, req.params.id);
    return success(req, reply, {}, 'people.blocked');
  });
  r.delete('/v1/users/:id/block', { ...write, schema: { tags, params: IdParamsSchema } }, async (req, reply) => {
    await ctx.people.unblock(req.auth!.user, req.params.id);
    return success(req, reply, {}, 'people.unblocked');
  });
  r.get('/v1/me/blocked_users', { onRequest: [app.authenticate], schema: { tags } }, async (req, reply) =>
    success(req, reply, await ctx.people.blocked(req.auth!.user)),
  );
}
