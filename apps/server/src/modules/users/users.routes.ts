import {
  ChangePasswordBodySchema,
  DeleteMeBodySchema,
  IdParamsSchema,
  PrivacyBodySchema,
  RoleBodySchema,
  SettingsBodySchema,
  UpdateMeBodySchema,
} from '@tribes/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '#src/core/context.js';
import { success } from '#src/core/envelope.js';
import { fieldError, notFound } from '#src/core/errors.js';
import { LIMITS, limit } from '#src/core/rate-limit.js';
import type { UserRow } from './users.repo.js';
import { presentUser } from './users.presenter.js';

/** The signed-in user's own account (/v1/me...). */
export async function usersRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const me = (row: UserRow) => ({ user: presentUser(row, ctx.storage) });
  const guarded = { onRequest: [app.authenticate] };
  const write = { ...guarded, config: limit(app, LIMITS.write) };
  const tags = ['account'];

  r.get('/v1/me', { ...guarded, schema: { tags } }, async (req, reply) => success(req, reply, me(req.auth!.user)));

  r.patch('/v1/me', { ...write, schema: { tags, body: UpdateMeBodySchema } }, async (req, reply) =>
    success(req, reply, me(await ctx.users.updateProfile(req.auth!.user, req.body)), 'users.profile_updated'),
  );

  r.delete('/v1/me', { ...write, schema: { tags, body: DeleteMeBodySchema } }, async (req, reply) => {
    await ctx.users.deleteAccount(req.auth!.user, req.body.password);
    return success(req, reply, {}, 'users.deleted');
  });

  r.post('/v1/me/avatar', { ...write, schema: { tags, consumes: ['multipart/form-data'] } }, async (req, reply) => {
    const file = await req.file();
    if (!file) throw fieldError('avatar', 'validation.file_required');
    const buffer = await file.toBuffer();
    return success(req, reply, me(await ctx.users.setAvatar(req.auth!.user, buffer)), 'users.avatar_updated');
  });

  r.post('/v1/me/password', { ...write, schema: { tags, body: ChangePasswordBodySchema } }, async (req, reply) => {
    await ctx.users.changePassword(req.auth!.user, req.auth!.tokenId, req.body);
    return success(req, reply, {}, 'users.password_changed');
  });

  r.get('/v1/me/sessions', { ...guarded, schema: { tags } }, async (req, reply) =>
    success(req, reply, { items: await ctx.tokens.list(req.auth!.user.id, req.auth!.tokenId), next_cursor: null }),
  );

  r.delete('/v1/me/sessions/:id', { ...write, schema: { tags, params: IdParamsSchema } }, async (req, reply) => {
    if (!(await ctx.tokens.revoke(req.params.id, req.auth!.user.id))) throw notFound();
    return success(req, reply, {}, 'users.session_revoked');
  });

  r.put('/v1/me/role', { ...write, schema: { tags, body: RoleBodySchema } }, async (req, reply) =>
    success(req, reply, me(await ctx.users.setRole(req.auth!.user, req.body.role)), 'users.role_updated'),
  );

  r.put('/v1/me/privacy', { ...write, schema: { tags, body: PrivacyBodySchema } }, async (req, reply) =>
    success(req, reply, me(await ctx.users.setPrivacy(req.auth!.user, req.body)), 'users.privacy_updated'),
  );

  r.put('/v1/me/settings', { ...write, schema: { tags, body: SettingsBodySchema } }, async (req, reply) =>
    success(req, reply, me(await ctx.users.setSettings(req.auth!.user, req.body)), 'users.settings_updated'),
  );
}
