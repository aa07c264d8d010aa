import { invitesEndpoints, POST_LIMITS, tribesEndpoints as api, type MapVillage } from '@tribes/shared';
import type { FastifyInstance } from 'fastify';
import { fieldError } from '#src/core/errors.js';
import { readForm } from '#src/core/form.js';
import { LIMITS, limit } from '#src/core/rate-limit.js';
import { route } from '#src/core/route.js';
import type { UserViews } from '../users/index.js';
import type { InvitesService } from './invites.service.js';
import type { TribesService } from './tribes.service.js';

/** The services these routes use, passed by the app (not the app's whole context, a repo or a database handle). */
export interface TribesRoutesDeps {
  tribes: TribesService;
  invites: InvitesService;
  /** The selecting user's answer object. */
  users: UserViews;
  /** The villages module's map (a port: villages depends on tribes, so tribes does not import it). */
  villages: { forMap(): Promise<MapVillage[]> };
}

/**
 * Tribes, memberships, onboarding's tribe selection and the map (DESIGN section 5; every endpoint
 * is declared in packages/shared/src/contract/tribes.ts).
 */
export async function tribesRoutes(app: FastifyInstance, { ctx }: { ctx: TribesRoutesDeps }) {
  const write = { config: limit(app, LIMITS.write) };

  route(app, api.list)(async (req) => ({ data: await ctx.tribes.list(req.auth?.user ?? null, req.query) }));

  route(
    app,
    api.create,
    write,
  )(async (req) => ({ data: { tribe: await ctx.tribes.create(req.auth!.user, req.body) }, message: 'tribes.created' }));

  route(app, api.show)(async (req) => ({ data: { tribe: await ctx.tribes.show(req.params.id, req.auth?.user ?? null) } }));

  route(
    app,
    api.update,
    write,
  )(async (req) => ({
    data: { tribe: await ctx.tribes.update(req.params.id, req.auth!.user, req.body) },
    message: 'tribes.updated',
  }));

  route(
    app,
    api.join,
    write,
  )(async (req) => {
    const membership = await ctx.tribes.join(req.params.id, req.auth!.user);
    return {
      data: { membership: ctx.tribes.presentMembership(membership) },
      message: membership.status === 'active' ? 'tribes.joined' : 'tribes.join_requested',
    };
  });

  route(
    app,
    api.leave,
    write,
  )(async (req) => {
    await ctx.tribes.leave(req.params.id, req.auth!.user);
    return { data: { membership: null }, message: 'tribes.left' };
  });

  route(
    app,
    api.approvals,
  )(async (req) => ({
    data: { approvals: await ctx.tribes.approvals(req.params.id, req.auth!.user) },
  }));

  route(app, api.members)(async (req) => ({ data: await ctx.tribes.members(req.params.id, req.auth!.user, req.query) }));

  route(
    app,
    api.updateMember,
    write,
  )(async (req) => {
    const row = await ctx.tribes.updateMember(req.params.id, req.auth!.user, req.params.user_id, req.body);
    return { data: { membership: ctx.tribes.presentMembership(row) }, message: 'tribes.member_updated' };
  });

  route(
    app,
    api.refuseRequest,
    write,
  )(async (req) => {
    await ctx.tribes.refuseRequest(req.params.id, req.auth!.user, req.params.user_id);
    return { data: { membership: null }, message: 'tribes.request_refused' };
  });

  route(
    app,
    api.handover,
    write,
  )(async (req) => {
    await ctx.tribes.handover(req.params.id, req.auth!.user, req.body.user_id);
    return { data: { tribe: await ctx.tribes.show(req.params.id, req.auth!.user) }, message: 'tribes.handed_over' };
  });

  route(
    app,
    api.select,
    write,
  )(async (req) => {
    const result = await ctx.tribes.select(req.auth!.user, req.body.tribe_id);
    return {
      data: {
        user: ctx.users.view(result.user),
        tribe: ctx.tribes.present(result.tribe, result.membership),
        membership: ctx.tribes.presentMembership(result.membership),
      },
      message: result.membership.status === 'active' ? 'tribes.selected' : 'tribes.join_requested',
    };
  });

  // Cover and logo: one image each, the size limit of post photos (larger: 413), the type by content (415).
  for (const kind of ['cover', 'logo'] as const) {
    route(
      app,
      api[kind],
      write,
    )(async (req) => {
      const { files } = await readForm(req, api[kind], { fileSize: POST_LIMITS.imageMaxBytes });
      const file = files[kind][0];
      if (!file) throw fieldError(kind, 'validation.file_required');
      return {
        data: { tribe: await ctx.tribes.setImage(req.params.id, req.auth!.user, kind, file) },
        message: kind === 'cover' ? 'tribes.cover_updated' : 'tribes.logo_updated',
      };
    });
  }

  route(
    app,
    invitesEndpoints.create,
    write,
  )(async (req) => ({
    data: { invite: await ctx.invites.create(req.params.id, req.auth!.user, req.body) },
    message: 'invites.created',
  }));

  route(app, invitesEndpoints.preview)(async (req) => ({ data: { invite: await ctx.invites.preview(req.params.code) } }));

  route(
    app,
    invitesEndpoints.accept,
    write,
  )(async (req) => {
    const { tribe, membership } = await ctx.invites.accept(req.params.code, req.auth!.user);
    return {
      data: { tribe: ctx.tribes.present(tribe, membership), membership: ctx.tribes.presentMembership(membership) },
      message: 'tribes.joined',
    };
  });

  // The specification's client decodes this list from base64 JSON and keeps it in localStorage.
  route(
    app,
    api.mapTribes,
  )(async () => {
    const list = await ctx.tribes.forMap(5000);
    return { data: Buffer.from(JSON.stringify(list), 'utf8').toString('base64') };
  });

  route(app, api.mapVillages)(async () => ({ data: await ctx.villages.forMap() }));
}
