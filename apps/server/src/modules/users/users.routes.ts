import { usersEndpoints as api } from '@tribes/shared';
import type { FastifyInstance } from 'fastify';
import type { UserSessions } from './users.ports.js';
import type { UsersService } from './users.service.js';
import { fieldError, notFound } from '#src/core/errors.js';
import { LIMITS, limit } from '#src/core/rate-limit.js';
import { route } from '#src/core/route.js';
import type { AuthUser } from '#src/core/auth-guard.js';

/** The services these routes use, passed by the app (not the app's whole context, a repo or a database handle). */
export interface UsersRoutesDeps {
  tokens: UserSessions;
  users: UsersService;
}

/**
 * The signed-in user's own account (/v1/me...; every endpoint is declared in
 * packages/shared/src/contract/users.ts).
 */
export async function usersRoutes(app: FastifyInstance, { ctx }: { ctx: UsersRoutesDeps }) {
  const me = (row: AuthUser) => ({ user: ctx.users.view(row) });
  const write = { config: limit(app, LIMITS.write) };

  route(app, api.me)(async (req) => ({ data: me(req.auth!.user) }));

  route(
    app,
    api.updateMe,
    write,
  )(async (req) => ({ data: me(await ctx.users.updateProfile(req.auth!.user, req.body)), message: 'users.profile_updated' }));

  route(
    app,
    api.deleteMe,
    write,
  )(async (req) => {
    await ctx.users.deleteAccount(req.auth!.user, req.body.password);
    return { data: {}, message: 'users.deleted' };
  });

  route(
    app,
    api.avatar,
    write,
  )(async (req) => {
    const file = await req.file();
    if (!file) throw fieldError('avatar', 'validation.file_required');
    const buffer = await file.toBuffer();
    return { data: me(await ctx.users.setAvatar(req.auth!.user, buffer)), message: 'users.avatar_updated' };
  });

  route(
    app,
    api.changePassword,
    write,
  )(async (req) => {
    await ctx.users.changePassword(req.auth!.user, req.auth!.tokenId, req.body);
    return { data: {}, message: 'users.password_changed' };
  });

  route(
    app,
    api.sessions,
  )(async (req) => ({
    data: { items: await ctx.tokens.list(req.auth!.user.id, req.auth!.tokenId), next_cursor: null },
  }));

  route(
    app,
    api.revokeSession,
    write,
  )(async (req) => {
    if (!(await ctx.tokens.revoke(req.params.id, req.auth!.user.id))) throw notFound();
    return { data: {}, message: 'users.session_revoked' };
  });

  route(
    app,
    api.revokeOtherSessions,
    write,
  )(async (req) => {
    const revoked = await ctx.tokens.revokeAll(req.auth!.user.id, req.auth!.tokenId);
    return { data: { revoked }, message: 'users.other_sessions_revoked' };
  });

  route(
    app,
    api.setRole,
    write,
  )(async (req) => ({ data: me(await ctx.users.setRole(req.auth!.user, req.body.role)), message: 'users.role_updated' }));

  route(
    app,
    api.setPrivacy,
    write,
  )(async (req) => ({ data: me(await ctx.users.setPrivacy(req.auth!.user, req.body)), message: 'users.privacy_updated' }));

  for (const e of [api.setSettings, api.patchSettings]) {
    route(
      app,
      e,
      write,
    )(async (req) => ({ data: me(await ctx.users.setSettings(req.auth!.user, req.body)), message: 'users.settings_updated' }));
  }
}
