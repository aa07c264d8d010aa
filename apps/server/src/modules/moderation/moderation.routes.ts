import { moderationEndpoints as api } from '@tribes/shared';
import type { FastifyInstance } from 'fastify';
import { LIMITS, limit } from '#src/core/rate-limit.js';
import { route } from '#src/core/route.js';
import type { ModerationService } from './moderation.service.js';

/** The services these routes use, passed by the app. */
export interface ModerationRoutesDeps {
  moderation: ModerationService;
}

/**
 * Members' side of moderation (DESIGN 11.2; contract in packages/shared/src/contract/moderation.ts):
 * reports to the operators, escalation of post reports, notices and appeals. The operators' side is
 * served under /v1/admin by the admin module's routes, with the same service.
 */
export async function moderationRoutes(app: FastifyInstance, { ctx }: { ctx: ModerationRoutesDeps }) {
  const write = { config: limit(app, LIMITS.write) };
  route(
    app,
    api.reportUser,
    write,
  )(async (req) => {
    await ctx.moderation.reportUser(req.auth!.user, req.params.id, req.body.reason);
    return { data: {}, message: 'reports.created' };
  });
  route(
    app,
    api.reportComment,
    write,
  )(async (req) => {
    await ctx.moderation.reportComment(req.auth!.user, req.params.id, req.body.reason);
    return { data: {}, message: 'reports.created' };
  });
  route(
    app,
    api.reportTribe,
    write,
  )(async (req) => {
    await ctx.moderation.reportTribe(req.auth!.user, req.params.id, req.body.reason);
    return { data: {}, message: 'reports.created' };
  });
  route(
    app,
    api.escalateReport,
    write,
  )(async (req) => {
    await ctx.moderation.escalate(req.auth!.user, req.params.id, req.body.note);
    return { data: {}, message: 'reports.escalated' };
  });
  route(app, api.myNotices)(async (req) => ({ data: await ctx.moderation.myNotices(req.auth!.user, req.query) }));
  route(
    app,
    api.appeal,
    write,
  )(async (req) => ({
    data: { appeal: await ctx.moderation.appeal(req.auth!.user, req.params.id, req.body.text) },
    message: 'moderation.appealed',
  }));
}
