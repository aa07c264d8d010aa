import { z } from 'zod';
import { IdParamsSchema } from '../schemas/common.js';
import {
  CreatedInviteSchema,
  CreateInviteBodySchema,
  CreateTribeBodySchema,
  CreateVillageBodySchema,
  HandoverBodySchema,
  InviteParamsSchema,
  InvitePreviewSchema,
  MapVillageSchema,
  MemberListQuerySchema,
  MemberParamsSchema,
  MembershipSchema,
  TribeListQuerySchema,
  TribeApprovalsSchema,
  TribeMemberSchema,
  TribeRefParamsSchema,
  TribeSchema,
  TribeSelectionBodySchema,
  UpdateMemberBodySchema,
  UpdateTribeBodySchema,
  UpdateVillageBodySchema,
  VillageListQuerySchema,
  VillageSchema,
} from '../schemas/tribes.js';
import { UserSchema } from '../schemas/users.js';
import { endpoint } from './endpoint.js';

/**
 * Tribes, their memberships, onboarding's tribe selection, villages and the map (DESIGN section 5).
 *
 * `{id}` of a tribe is its uuid or its slug. Every write needs `Authorization: Bearer` and is rate
 * limited (60 per minute per user); reads of tribes and villages are public, with the reader's own
 * membership when signed in. Lists are pages of `items` and the `next_cursor` of the next page
 * (null at the end); tribes and members by name, villages newest first. The 409s name their
 * conflict in the message (tribes.last_leader, tribes.not_pending), without an error_type.
 *
 * Who may do what: a user who chose the leader role creates tribes and becomes their first leader;
 * joining an open tribe is immediate, a request tribe's is pending until a leader or moderator
 * approves it, and a ban is final. Leaders change roles and hand leadership over; moderators
 * approve, refuse, ban and unban plain members; the last active leader can be neither demoted,
 * banned nor leave. Villages are registered by active members and shown on the map once a leader
 * approves them.
 */

/** A page of items and the cursor of the next page (null at the end). */
const pageOf = <S extends z.ZodType>(item: S) => z.object({ items: z.array(item), next_cursor: z.string().nullable() });

const TribeData = z.object({ tribe: TribeSchema });
const MembershipData = z.object({ membership: MembershipSchema });
/** The membership after a leave or a refused request: there is none. */
const NoMembershipData = z.object({ membership: z.null() });
const VillageData = z.object({ village: VillageSchema });

const tags = ['tribes'] as const;

export const tribesEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/v1/tribes',
    summary: 'Tribes by name, page by page, filtered by q; each with my membership when signed in.',
    tags,
    auth: 'optional',
    query: TribeListQuerySchema,
    data: pageOf(TribeSchema),
    errors: [],
  }),
  create: endpoint({
    method: 'POST',
    path: '/v1/tribes',
    summary: 'Creates a tribe (users who chose the leader role); the creator becomes its leader, and its primary tribe if none.',
    tags,
    auth: 'user',
    body: CreateTribeBodySchema,
    data: TribeData,
    status: 201,
    errors: [401, 403],
  }),
  show: endpoint({
    method: 'GET',
    path: '/v1/tribes/{id}',
    summary: 'A tribe ({id}: uuid or slug) with my membership when signed in.',
    tags,
    auth: 'optional',
    params: TribeRefParamsSchema,
    data: TribeData,
    errors: [404],
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/v1/tribes/{id}',
    summary: 'Changes a tribe (its leaders).',
    tags,
    auth: 'user',
    params: TribeRefParamsSchema,
    body: UpdateTribeBodySchema,
    data: TribeData,
    errors: [401, 403, 404],
  }),
  join: endpoint({
    method: 'POST',
    path: '/v1/tribes/{id}/join',
    summary: 'Joins a tribe: active at once in an open tribe, pending in a request tribe; 403 when banned.',
    tags,
    auth: 'user',
    params: TribeRefParamsSchema,
    data: MembershipData,
    errors: [401, 403, 404],
  }),
  leave: endpoint({
    method: 'POST',
    path: '/v1/tribes/{id}/leave',
    summary: 'Leaves a tribe; 409 tribes.last_leader for its last leader, 403 when banned.',
    tags,
    auth: 'user',
    params: TribeRefParamsSchema,
    data: NoMembershipData,
    errors: [401, 403, 404, 409],
  }),
  members: endpoint({
    method: 'GET',
    path: '/v1/tribes/{id}/members',
    summary:
      "A tribe's active members by name, page by page, without anyone on either side of a block with the reader; " +
      'searching them by name (q, the @mention suggestions) is for its active members only (403 otherwise, DESIGN 11.7); ' +
      'pending and banned lists for its leaders and moderators.',
    tags,
    auth: 'user',
    params: TribeRefParamsSchema,
    query: MemberListQuerySchema,
    data: pageOf(TribeMemberSchema),
    errors: [401, 403, 404],
  }),
  updateMember: endpoint({
    method: 'PATCH',
    path: '/v1/tribes/{id}/members/{user_id}',
    summary:
      "Approves, bans, unbans or changes a member's role (leaders; moderators for plain members and no roles); " +
      '409 tribes.last_leader when the last leader would lose the role.',
    tags,
    auth: 'user',
    params: MemberParamsSchema,
    body: UpdateMemberBodySchema,
    data: MembershipData,
    errors: [401, 403, 404, 409],
  }),
  refuseRequest: endpoint({
    method: 'DELETE',
    path: '/v1/tribes/{id}/members/{user_id}',
    summary: 'Refuses a pending request (leaders and moderators); the person may ask again; 409 tribes.not_pending.',
    tags,
    auth: 'user',
    params: MemberParamsSchema,
    data: NoMembershipData,
    errors: [401, 403, 404, 409],
  }),
  handover: endpoint({
    method: 'POST',
    path: '/v1/tribes/{id}/handover',
    summary: 'The leader hands leadership to an active member and stays on as a moderator.',
    tags,
    auth: 'user',
    params: TribeRefParamsSchema,
    body: HandoverBodySchema,
    data: TribeData,
    errors: [401, 403, 404],
  }),
  approvals: endpoint({
    method: 'GET',
    path: '/v1/tribes/{id}/approvals',
    summary:
      'What waits for me in a tribe I run (its leaders and moderators; 403 for anyone else): pending join requests; ' +
      'for leaders also villages awaiting review and proposed expenses I may still approve or reject (null for moderators).',
    tags,
    auth: 'user',
    params: TribeRefParamsSchema,
    data: z.object({ approvals: TribeApprovalsSchema }),
    errors: [401, 403, 404],
  }),
  select: endpoint({
    method: 'POST',
    path: '/v1/tribe_selection',
    summary: 'Onboarding: joins a tribe, makes it my primary tribe and completes the step.',
    tags,
    auth: 'user',
    body: TribeSelectionBodySchema,
    data: z.object({ user: UserSchema, tribe: TribeSchema, membership: MembershipSchema }),
    errors: [401, 403, 404],
  }),
  cover: endpoint({
    method: 'POST',
    path: '/v1/tribes/{id}/cover',
    summary:
      'Sets the tribe\'s cover (its leaders): multipart/form-data with one file named "cover" (JPEG, PNG, WebP, GIF ' +
      'or AVIF, 10 MB at most; anything else 415), cropped to 3:1 around the centre and stored as WebP without metadata ' +
      'under a public, long-cached URL.',
    tags,
    auth: 'user',
    params: TribeRefParamsSchema,
    /** No text fields: the form carries only the file. */
    body: z.strictObject({}),
    multipart: true,
    files: [{ name: 'cover' }],
    data: TribeData,
    errors: [401, 403, 404, 413, 415, 503],
  }),
  logo: endpoint({
    method: 'POST',
    path: '/v1/tribes/{id}/logo',
    summary:
      'Sets the tribe\'s logo (its leaders): multipart/form-data with one file named "logo" (as the cover), cropped ' +
      'to a 512 px square and stored as WebP under a public, long-cached URL.',
    tags,
    auth: 'user',
    params: TribeRefParamsSchema,
    /** No text fields: the form carries only the file. */
    body: z.strictObject({}),
    multipart: true,
    files: [{ name: 'logo' }],
    data: TribeData,
    errors: [401, 403, 404, 413, 415, 503],
  }),
  mapTribes: endpoint({
    method: 'GET',
    path: '/v1/get_map_tribes',
    summary:
      'Every tribe on the map, as base64 of a UTF-8 JSON list of {id, name, slug, lat, lng, member_count, ' +
      'village_count, cover_url, logo_url} (the client decodes it and keeps it in localStorage).',
    tags,
    auth: 'public',
    data: z.string(),
    errors: [],
  }),
  mapVillages: endpoint({
    method: 'GET',
    path: '/v1/get_map_villages',
    summary: 'Every approved village on the map.',
    tags,
    auth: 'public',
    data: z.array(MapVillageSchema),
    errors: [],
  }),
} as const;

const villageTags = ['villages'] as const;

export const villagesEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/v1/tribes/{id}/villages',
    summary:
      "A tribe's villages, newest first, page by page: approved ones for everyone; pending and rejected ones " +
      "for its moderators, and each signed-in member's own.",
    tags: villageTags,
    auth: 'optional',
    params: TribeRefParamsSchema,
    query: VillageListQuerySchema,
    data: pageOf(VillageSchema),
    errors: [403, 404],
  }),
  create: endpoint({
    method: 'POST',
    path: '/v1/tribes/{id}/villages',
    summary: 'Registers a village in a tribe (its active members); pending until a leader approves it.',
    tags: villageTags,
    auth: 'user',
    params: TribeRefParamsSchema,
    body: CreateVillageBodySchema,
    data: VillageData,
    status: 201,
    errors: [401, 403, 404],
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/v1/villages/{id}',
    summary: "Reviews (approves or rejects) or edits a village (the tribe's leaders; its registrant while pending).",
    tags: villageTags,
    auth: 'user',
    params: IdParamsSchema,
    body: UpdateVillageBodySchema,
    data: VillageData,
    errors: [401, 403, 404],
  }),
} as const;

const inviteTags = ['invites'] as const;

/**
 * Invite links (DESIGN 10.5). A tribe's leaders and moderators make links that anyone may open: the
 * preview is public; accepting needs a signed-in user, joins the tribe (a request tribe too: the
 * link is the leaders' approval) and makes it the primary tribe of a user without one. A link that
 * expired, is used up or was revoked answers 410; an unknown code 404. Uses are counted in the same
 * transaction as the join, so a link of N uses never lets N + 1 people in.
 */
export const invitesEndpoints = {
  create: endpoint({
    method: 'POST',
    path: '/v1/tribes/{id}/invites',
    summary: 'Makes an invite link (leaders and moderators); max_uses and expires_at optional.',
    tags: inviteTags,
    auth: 'user',
    params: TribeRefParamsSchema,
    body: CreateInviteBodySchema,
    data: z.object({ invite: CreatedInviteSchema }),
    status: 201,
    errors: [401, 403, 404],
  }),
  preview: endpoint({
    method: 'GET',
    path: '/v1/invites/{code}',
    summary: "An invite's public preview: the tribe's name, logo, cover and member count; 410 when no longer usable.",
    tags: inviteTags,
    auth: 'public',
    params: InviteParamsSchema,
    data: z.object({ invite: InvitePreviewSchema }),
    errors: [404, 410],
  }),
  accept: endpoint({
    method: 'POST',
    path: '/v1/invites/{code}/accept',
    summary:
      'Joins the tribe of the invite (active at once, request tribes too) and makes it my primary tribe if I have ' +
      'none; 403 when banned; 410 when no longer usable. Accepting again as a member changes nothing and uses nothing.',
    tags: inviteTags,
    auth: 'user',
    params: InviteParamsSchema,
    data: z.object({ tribe: TribeSchema, membership: MembershipSchema }),
    errors: [401, 403, 404, 410],
  }),
} as const;
