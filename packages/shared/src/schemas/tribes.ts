import { z } from 'zod';
import { PAGINATION } from '../constants.js';
import { PersonRefSchema, UuidSchema } from './common.js';
import {
  TRIBE_VISIBILITIES,
  TRIBE_ROLES,
  MEMBERSHIP_STATUSES,
  VILLAGE_STATUSES,
  TRIBE_LIMITS,
  INVITE_LIMITS,
} from '../rules/tribes.js';

export * from '../rules/tribes.js';

export type TribeVisibility = (typeof TRIBE_VISIBILITIES)[number];
export type TribeRole = (typeof TRIBE_ROLES)[number];
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];
export type VillageStatus = (typeof VILLAGE_STATUSES)[number];

const Latitude = z.number().min(-90).max(90);
const Longitude = z.number().min(-180).max(180);

/** Either a tribe's uuid or its slug: /tribes/{id} accepts both. */
export const TribeRefParamsSchema = z.strictObject({ id: z.string().trim().min(1).max(120) });

export const TribeListQuerySchema = z.strictObject({
  q: z.string().trim().max(100).optional(),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(PAGINATION.maxLimit).default(PAGINATION.defaultLimit),
});

export const CreateTribeBodySchema = z.strictObject({
  name: z.string().trim().min(TRIBE_LIMITS.nameMin).max(TRIBE_LIMITS.nameMax),
  description: z.string().trim().max(TRIBE_LIMITS.descriptionMax).default(''),
  lat: Latitude,
  lng: Longitude,
  region: z.string().trim().min(1).max(TRIBE_LIMITS.regionMax),
  visibility: z.enum(TRIBE_VISIBILITIES).default('open'),
});
export type CreateTribeBody = z.infer<typeof CreateTribeBodySchema>;

export const UpdateTribeBodySchema = z.strictObject({
  name: z.string().trim().min(TRIBE_LIMITS.nameMin).max(TRIBE_LIMITS.nameMax).optional(),
  description: z.string().trim().max(TRIBE_LIMITS.descriptionMax).optional(),
  lat: Latitude.optional(),
  lng: Longitude.optional(),
  region: z.string().trim().min(1).max(TRIBE_LIMITS.regionMax).optional(),
  visibility: z.enum(TRIBE_VISIBILITIES).optional(),
  /** Whether the tribe-only posts and comments may be sent to the site's translation provider (DESIGN 11.5). */
  allow_translation: z.boolean().optional(),
});
export type UpdateTribeBody = z.infer<typeof UpdateTribeBodySchema>;

export const MembershipSchema = z.object({
  role: z.enum(TRIBE_ROLES),
  status: z.enum(MEMBERSHIP_STATUSES),
  joined_at: z.string(),
});
export type Membership = z.infer<typeof MembershipSchema>;

/** A tribe as the API presents it (DESIGN section 5). */
export const TribeSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  cover_url: z.string().nullable(),
  /** A square logo (public, cacheable URL); null: the web shows a letter tile. */
  logo_url: z.string().nullable(),
  lat: z.number(),
  lng: z.number(),
  region: z.string(),
  visibility: z.enum(TRIBE_VISIBILITIES),
  member_count: z.number().int(),
  village_count: z.number().int(),
  my_membership: MembershipSchema.nullable(),
  /** Its tribe-only posts and comments may be sent to the translation provider (off until its leaders allow it). */
  allow_translation: z.boolean(),
  /**
   * An operator's suspension (DESIGN 11.2): only its leaders see a suspended tribe, and why; null (or
   * absent) for everyone else and for a tribe not suspended.
   */
  suspension: z.object({ reason: z.string(), since: z.string() }).nullable().optional(),
  created_at: z.string(),
});
export type Tribe = z.infer<typeof TribeSchema>;

/** One entry of GET /v1/get_map_tribes (the answer is base64 of a UTF-8 JSON list of these). */
export const MapTribeSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  lat: z.number(),
  lng: z.number(),
  member_count: z.number().int(),
  village_count: z.number().int(),
  cover_url: z.string().nullable(),
  logo_url: z.string().nullable(),
});
export type MapTribe = z.infer<typeof MapTribeSchema>;

export const MemberListQuerySchema = z.strictObject({
  status: z.enum(MEMBERSHIP_STATUSES).default('active'),
  /** Members whose name contains it, folded like search (case, accents, Arabic and Hebrew marks; the composer's @mention suggestions). */
  q: z.string().trim().max(100).optional(),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(PAGINATION.maxLimit).default(PAGINATION.defaultLimit),
});

export const MemberParamsSchema = z.strictObject({ id: z.string().trim().min(1).max(120), user_id: UuidSchema });

export const UpdateMemberBodySchema = z
  .strictObject({ role: z.enum(TRIBE_ROLES).optional(), status: z.enum(['active', 'banned']).optional() })
  .refine((b) => b.role !== undefined || b.status !== undefined, { error: 'validation.required', path: ['role'] });
export type UpdateMemberBody = z.infer<typeof UpdateMemberBodySchema>;

export const HandoverBodySchema = z.strictObject({ user_id: UuidSchema });

/** A member of a tribe as listed to others: name and photo, never the email. */
export const TribeMemberSchema = z.object({
  user: PersonRefSchema,
  role: z.enum(TRIBE_ROLES),
  status: z.enum(MEMBERSHIP_STATUSES),
  joined_at: z.string(),
});
export type TribeMember = z.infer<typeof TribeMemberSchema>;

/**
 * What waits for the reader in a tribe they run (GET /v1/tribes/{id}/approvals): join requests (leaders
 * and moderators), villages awaiting review (leaders; null for a moderator, who does not review them) and
 * the proposed expenses the reader may approve now (a moderator only those they stand in for, decision 023).
 */
export const TribeApprovalsSchema = z.object({
  join_requests: z.number().int(),
  villages: z.number().int().nullable(),
  expenses: z.number().int().nullable(),
});
export type TribeApprovals = z.infer<typeof TribeApprovalsSchema>;

export const TribeSelectionBodySchema = z.strictObject({ tribe_id: UuidSchema });

export const VillageListQuerySchema = z.strictObject({
  status: z.enum(VILLAGE_STATUSES).default('approved'),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(PAGINATION.maxLimit).default(PAGINATION.defaultLimit),
});

export const CreateVillageBodySchema = z.strictObject({
  name: z.string().trim().min(1).max(TRIBE_LIMITS.villageNameMax),
  lat: Latitude,
  lng: Longitude,
  description: z.string().trim().max(TRIBE_LIMITS.villageDescriptionMax).default(''),
  population: z.number().int().min(0).max(TRIBE_LIMITS.populationMax).nullable().optional(),
});
export type CreateVillageBody = z.infer<typeof CreateVillageBodySchema>;

export const UpdateVillageBodySchema = z.strictObject({
  name: z.string().trim().min(1).max(TRIBE_LIMITS.villageNameMax).optional(),
  lat: Latitude.optional(),
  lng: Longitude.optional(),
  description: z.string().trim().max(TRIBE_LIMITS.villageDescriptionMax).optional(),
  population: z.number().int().min(0).max(TRIBE_LIMITS.populationMax).nullable().optional(),
  status: z.enum(['approved', 'rejected']).optional(),
});
export type UpdateVillageBody = z.infer<typeof UpdateVillageBodySchema>;

export const VillageSchema = z.object({
  id: z.string(),
  tribe_id: z.string(),
  name: z.string(),
  lat: z.number(),
  lng: z.number(),
  description: z.string(),
  population: z.number().nullable(),
  status: z.enum(VILLAGE_STATUSES),
  created_by: z.object({ id: z.string(), name: z.string() }).nullable(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
});
export type Village = z.infer<typeof VillageSchema>;

/** An approved village on the map. */
export const MapVillageSchema = z.object({
  id: z.string(),
  tribe_id: z.string(),
  tribe_slug: z.string(),
  name: z.string(),
  lat: z.number(),
  lng: z.number(),
});
export type MapVillage = z.infer<typeof MapVillageSchema>;

/** POST /v1/tribes/{id}/invites: both optional; no max_uses is unlimited, no expires_at never expires. */
export const CreateInviteBodySchema = z.strictObject({
  max_uses: z.number().int().min(1).max(INVITE_LIMITS.maxUses).nullable().optional(),
  expires_at: z.iso.datetime({ offset: true, error: 'validation.date' }).nullable().optional(),
});
export type CreateInviteBody = z.infer<typeof CreateInviteBodySchema>;

/** An invite code: URL-safe letters and digits. */
export const InviteParamsSchema = z.strictObject({ code: z.string().trim().min(1).max(64) });

/** The answer of POST /v1/tribes/{id}/invites. */
export const CreatedInviteSchema = z.object({
  code: z.string(),
  /** The public page of the invite: {PUBLIC_URL}/invite/{code}. */
  url: z.string(),
  max_uses: z.number().int().nullable(),
  uses: z.number().int(),
  expires_at: z.string().nullable(),
});
export type CreatedInvite = z.infer<typeof CreatedInviteSchema>;

/** GET /v1/invites/{code}: what anyone holding the link may see of the tribe. */
export const InvitePreviewSchema = z.object({
  code: z.string(),
  tribe: z.object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    visibility: z.enum(TRIBE_VISIBILITIES),
    member_count: z.number().int(),
    logo_url: z.string().nullable(),
    cover_url: z.string().nullable(),
  }),
  expires_at: z.string().nullable(),
});
export type InvitePreview = z.infer<typeof InvitePreviewSchema>;
