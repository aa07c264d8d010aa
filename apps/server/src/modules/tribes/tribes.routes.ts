import {
  CreateTribeBodySchema,
  HandoverBodySchema,
  MemberListQuerySchema,
  MemberParamsSchema,
  TribeListQuerySchema,
  TribeRefParamsSchema,
  TribeSelectionBodySchema,
  UpdateMemberBodySchema,
  UpdateTribeBodySchema,
} from '@tribes/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '#src/core/context.js';
import { success } from '#src/core/envelope.js';
import { LIMITS, limit } from '#src/core/rate-limit.js';
import { presentUser } from '../users/users.presenter.js';
import { presentMapTribe, presentMembership } from './tribes.presenter.js';

/** Tribes, memberships, onboarding's tribe selection and the map (DESIGN section 5). */
export async function tribesRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['tribes'];
  const open = { onRequest: [app.identify] };
  const guarded = { onRequest: [app.authenticate] };
  const write = { ...guarded, config: limit(app, LIMITS.write) };

  r.get('/v1/tribes', { ...open, schema: { tags, querystring: TribeListQuerySchema } }, async (req, reply) =>
    success(req, reply, await ctx.tribes.list(req.auth?.user ?? null, req.query)),
  );

  r.post('/v1/tribes', { ...write, schema: { tags, body: CreateTribeBodySchema } }, async (req, reply) =>
    success(req, reply, { tribe: await ctx.tribes.create(req.auth!.user, req.body) }, 'tribes.created', undefined, 201),
  );

  r.get('/v1/tribes/:id', { ...open, schema: { tags, params: TribeRefParamsSchema } }, async (req, reply) =>
    success(req, reply, { tribe: await ctx.tribes.show(req.params.id, req.auth?.user ?? null) }),
  );

  r.patch(
    '/v1/tribes/:id',
    { ...write, schema: { tags, params: TribeRefParamsSchema, body: UpdateTribeBodySchema } },
    async (req, reply) =>
      success(req, reply, { tribe: await ctx.tribes.update(req.params.id, req.auth!.user, req.body) }, 'tribes.updated'),
  );

  r.post('/v1/tribes/:id/join', { ...write, schema: { tags, params: TribeRefParamsSchema } }, async (req, reply) => {
    const membership = await ctx.tribes.join(req.params.id, req.auth!.user);
    return success(
      req,
      reply,
      { membership: presentMembership(membership) },
      membership.status === 'active' ? 'tribes.joined' : 'tribes.join_requested',
    );
  });

  r.post('/v1/tribes/:id/leave', { ...write, schema: { tags, params: TribeRefParamsSchema } }, async (req, reply) => {
    await ctx.tribes.leave(req.params.id, req.auth!.user);
    return success(req, reply, { membership: null }, 'tribes.left');
  });

  r.get(
    '/v1/tribes/:id/members',
    { ...guarded, schema: { tags, params: TribeRefParamsSchema, querystring: MemberListQuerySchema } },
    async (req, reply) => success(req, reply, await ctx.tribes.members(req.params.id, req.auth!.user, req.query)),
  );

  r.patch(
    '/v1/tribes/:id/members/:user_id',
    { ...write, schema: { tags, params: MemberParamsSchema, body: UpdateMemberBodySchema } },
    async (req, reply) => {
      const row = await ctx.tribes.updateMember(req.params.id, req.auth!.user, req.params.user_id, req.body);
      return success(req, reply, { membership: presentMembership(row) }, 'tribes.member_updated');
    },
  );

  r.delete('/v1/tribes/:id/members/:user_id', { ...write, schema: { tags, params: MemberParamsSchema } }, async (req, reply) => {
    await ctx.tribes.refuseRequest(req.params.id, req.auth!.user, req.params.user_id);
    return success(req, reply, { membership: null }, 'tribes.request_refused');
  });

  r.post(
    '/v1/tribes/:id/handover',
    { ...write, schema: { tags, params: TribeRefParamsSchema, body: HandoverBodySchema } },
    async (req, reply) => {
      await ctx.tribes.handover(req.params.id, req.auth!.user, req.body.user_id);
      return success(req, reply, { tribe: await ctx.tribes.show(req.params.id, req.auth!.user) }, 'tribes.handed_over');
    },
  );

  r.post('/v1/tribe_selection', { ...write, schema: { tags, body: TribeSelectionBodySchema } }, async (req, reply) => {
    const result = await ctx.tribes.select(req.auth!.user, req.body.tribe_id);
    return success(
      req,
      reply,
      {
        user: presentUser(result.user, ctx.storage),
        tribe: ctx.tribes.present(result.tribe, result.membership),
        membership: presentMembership(result.membership),
      },
      result.membership.status === 'active' ? 'tribes.selected' : 'tribes.join_requested',
    );
  });

  // The specification's client decodes this list from base64 JSON and keeps it in localStorage.
  r.get('/v1/get_map_tribes', { schema: { tags } }, async (req, reply) => {
    const rows = await ctx.tribesRepo.listForMap(5000);
    const list = rows.map((row) => presentMapTribe(row, ctx.storage));
    return success(req, reply, Buffer.from(JSON.stringify(list), 'utf8').toString('base64'));
  });

  r.get('/v1/get_map_villages', { schema: { tags } }, async (req, reply) => success(req, reply, await ctx.villages.forMap()));
}
