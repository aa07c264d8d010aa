import { z } from 'zod';
import { ChangePasswordBodySchema } from '../schemas/auth.js';
import { IdParamsSchema } from '../schemas/common.js';
import {
  DeleteMeRequestSchema,
  PrivacyBodySchema,
  RoleBodySchema,
  SessionSchema,
  SettingsBodySchema,
  UpdateMeBodySchema,
  UserSchema,
} from '../schemas/users.js';
import { EmptyDataSchema, endpoint } from './endpoint.js';

/**
 * The signed-in user's own account (DESIGN section 5, "Auth and account"): profile, avatar,
 * password, devices, role, privacy and settings. Every endpoint needs `Authorization: Bearer`;
 * every write is rate limited (60 per minute per user). Changes answer the whole `user` again.
 */

/** The answer of every change to the account: the user as it is now. */
export const MeDataSchema = z.object({ user: UserSchema });
export type MeData = z.infer<typeof MeDataSchema>;

export const SessionPageSchema = z.object({ items: z.array(SessionSchema), next_cursor: z.string().nullable() });

const tags = ['account'] as const;

export const usersEndpoints = {
  me: endpoint({
    method: 'GET',
    path: '/v1/me',
    summary: 'The signed-in user.',
    tags,
    auth: 'user',
    data: MeDataSchema,
    errors: [401],
  }),
  updateMe: endpoint({
    method: 'PATCH',
    path: '/v1/me',
    summary: 'Changes the name, bio or locale.',
    tags,
    auth: 'user',
    body: UpdateMeBodySchema,
    data: MeDataSchema,
    errors: [401],
  }),
  deleteMe: endpoint({
    method: 'DELETE',
    path: '/v1/me',
    summary:
      'Deletes the account, confirmed by its password (an account without a password, made from a phone or Google, sends none).',
    tags,
    auth: 'user',
    fresh: true,
    body: DeleteMeRequestSchema,
    data: EmptyDataSchema,
    errors: [401],
  }),
  avatar: endpoint({
    method: 'POST',
    path: '/v1/me/avatar',
    summary:
      'Sets the avatar: multipart/form-data with one file named "avatar" (JPEG, PNG, WebP, GIF or AVIF, ' +
      '10 MB at most; anything else 415), stored as a 512 px square WebP without its metadata.',
    tags,
    auth: 'user',
    /** No text fields: the form carries only the file. */
    body: z.object({}),
    multipart: true,
    files: [{ name: 'avatar' }],
    data: MeDataSchema,
    errors: [401, 413, 415, 503],
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/v1/me/password',
    summary:
      'Changes the password (the current one confirms it; an account without a password sets its first without one) and revokes every other token.',
    tags,
    auth: 'user',
    fresh: true,
    body: ChangePasswordBodySchema,
    data: EmptyDataSchema,
    errors: [401],
  }),
  sessions: endpoint({
    method: 'GET',
    path: '/v1/me/sessions',
    summary: "The user's live tokens (device, created, last used), the current one marked; one page.",
    tags,
    auth: 'user',
    data: SessionPageSchema,
    errors: [401],
  }),
  revokeSession: endpoint({
    method: 'DELETE',
    path: '/v1/me/sessions/{id}',
    summary: "Revokes one of the user's tokens; 404 when it is not theirs or no longer live.",
    tags,
    auth: 'user',
    params: IdParamsSchema,
    data: EmptyDataSchema,
    errors: [401, 404],
  }),
  revokeOtherSessions: endpoint({
    method: 'DELETE',
    path: '/v1/me/sessions',
    summary: 'Signs out every other device: revokes all my tokens but the one of this request.',
    tags,
    auth: 'user',
    data: z.object({ revoked: z.number().int() }),
    errors: [401],
  }),
  setRole: endpoint({
    method: 'PUT',
    path: '/v1/me/role',
    summary: 'Chooses the role (member, leader or supporter); onboarding moves on to the tribe selection.',
    tags,
    auth: 'user',
    body: RoleBodySchema,
    data: MeDataSchema,
    errors: [401],
  }),
  setPrivacy: endpoint({
    method: 'PUT',
    path: '/v1/me/privacy',
    summary: 'Who sees the profile (public, tribe or private) and whether the user shows on the map.',
    tags,
    auth: 'user',
    body: PrivacyBodySchema,
    data: MeDataSchema,
    errors: [401],
  }),
  setSettings: endpoint({
    method: 'PUT',
    path: '/v1/me/settings',
    summary: 'The language and the notification switches (the same as PATCH: only what is sent changes).',
    tags,
    auth: 'user',
    body: SettingsBodySchema,
    data: MeDataSchema,
    errors: [401],
  }),
  patchSettings: endpoint({
    method: 'PATCH',
    path: '/v1/me/settings',
    summary:
      "The language, each notification type's in-app, email and push switches, the weekly digest and quiet hours (DESIGN 10.3); only what is sent changes.",
    tags,
    auth: 'user',
    body: SettingsBodySchema,
    data: MeDataSchema,
    errors: [401],
  }),
} as const;
