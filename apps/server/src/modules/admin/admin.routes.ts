import { adminEndpoints as api } from '@tribes/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LIMITS, limit } from '#src/core/rate-limit.js';
import { route } from '#src/core/route.js';
import type { OperatorModeration } from './admin.ports.js';
import type { Acting, AdminService } from './admin.service.js';

/** The services these routes use, passed by the app (not the app's whole context, a repo or a database handle). */
export interface AdminRoutesDeps {
  admin: AdminService;
  /** The operators' side of reports and appeals (implemented by the moderation module). */
  moderation: OperatorModeration;
}

const operators = new WeakMap<FastifyRequest, Acting>();

/**
 * The operators' console (DESIGN 11.2; contract in packages/shared/src/contract/admin.ts). Every route of
 * this plugin is guarded before its input is read: 401 without a session (the route's own onRequest),
 * then 403 for anyone but an operator with two-factor on.
 */
export async function adminRoutes(app: FastifyInstance, { ctx }: { ctx: AdminRoutesDeps }) {
  app.addHook('preValidation', async (req) => {
    if (!req.auth) return;
    operators.set(req, { operator: await ctx.admin.requireOperator(req.auth.user.id), ip: req.ip });
  });
  const acting = (req: FastifyRequest): Acting => operators.get(req)!;
  const write = { config: limit(app, LIMITS.write) };

  route(app, api.stats)(async () => ({ data: await ctx.admin.stats() }));
  route(app, api.users)(async (req) => ({ data: await ctx.admin.users(req.query) }));
  route(app, api.user)(async (req) => ({ data: await ctx.admin.user(req.params.id) }));
  route(
    app,
    api.suspendUser,
    write,
  )(async (req) => ({
    data: { user: await ctx.admin.suspendUser(acting(req), req.params.id, req.body) },
    message: 'admin.user_suspended',
  }));
  route(
    app,
    api.unsuspendUser,
    write,
  )(async (req) => ({
    data: { user: await ctx.admin.unsuspendUser(acting(req), req.params.id, req.body) },
    message: 'admin.user_unsuspended',
  }));
  route(
    app,
    api.suspendTribe,
    write,
  )(async (req) => ({
    data: { tribe: await ctx.admin.suspendTribe(acting(req), req.params.id, req.body) },
    message: 'admin.tribe_suspended',
  }));
  route(
    app,
    api.unsuspendTribe,
    write,
  )(async (req) => ({
    data: { tribe: await ctx.admin.unsuspendTribe(acting(req), req.params.id, req.body) },
    message: 'admin.tribe_unsuspended',
  }));
  route(app, api.reports)(async (req) => ({ data: await ctx.moderation.adminReports(req.query) }));
  route(
    app,
    api.resolveReport,
    write,
  )(async (req) => ({
    data: { report: await ctx.moderation.resolve(acting(req), req.params.id, req.body) },
    message: 'admin.report_resolved',
  }));
  route(app, api.appeals)(async (req) => ({ data: await ctx.moderation.adminAppeals(req.query) }));
  route(
    app,
    api.decideAppeal,
    write,
  )(async (req) => ({
    data: { appeal: await ctx.moderation.decide(acting(req), req.params.id, req.body) },
    message: 'admin.appeal_decided',
  }));
  route(app, api.audit)(async (req) => ({ data: await ctx.admin.audit(req.query) }));
}
