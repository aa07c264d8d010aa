import { z } from 'zod';
import { PAGINATION } from '../constants.js';
import { UuidSchema } from './common.js';
import {
  ADMIN_REPORT_ACTIONS,
  ADMIN_REPORT_STATUSES,
  ADMIN_USER_STATUSES,
  APPEAL_DECISIONS,
  MODERATION_LIMITS,
  PLATFORM_ROLES,
  REPORT_HANDLERS,
} from '../rules/moderation.js';
import { AppealStatusSchema, ContentSnapshotSchema, ModerationNoticeSchema, ReportTargetTypeSchema } from './moderation.js';

/** The operators' console (DESIGN 11.2): every `/v1/admin/*` request and answer. */

const reason = z.string().trim().min(1).max(MODERATION_LIMITS.reasonMax);
const cursor = z.string().max(500).optional();
const limit = z.coerce.number().int().min(1).max(PAGINATION.maxLimit).default(PAGINATION.defaultLimit);
/** An instant with its offset (ISO 8601). */
const Instant = z.iso.datetime({ offset: true, error: 'validation.date' });

export const PlatformRoleSchema = z.enum(PLATFORM_ROLES);
export const AdminUserStatusSchema = z.enum(ADMIN_USER_STATUSES);

/** Someone named in the console: an actor, a reporter, who decided. */
const NamedSchema = z.object({ id: z.string(), name: z.string() });

/**
 * One UTC day of the site's activity (GET /v1/admin/stats `series`): the members who signed up, the
 * members whose last activity fell that day (`active`: a member seen again later counts on that later
 * day only), the posts published and not deleted, and the reports filed on anything.
 */
export const AdminStatsDaySchema = z.object({
  date: z.iso.date(),
  signups: z.number().int(),
  active: z.number().int(),
  posts: z.number().int(),
  reports: z.number().int(),
});
export type AdminStatsDay = z.infer<typeof AdminStatsDaySchema>;

/**
 * GET /v1/admin/stats: DESIGN 11.2's figures, and `series`, the last MODERATION_LIMITS.statsSeriesDays (30)
 * UTC days oldest first, today last, a day without activity all zeros.
 */
export const AdminStatsSchema = z.object({
  users: z.object({
    total: z.number().int(),
    new_7d: z.number().int(),
    active_1d: z.number().int(),
    active_7d: z.number().int(),
    active_30d: z.number().int(),
  }),
  tribes: z.object({ total: z.number().int() }),
  posts: z.object({ total: z.number().int(), new_7d: z.number().int() }),
  reports: z.object({ open: z.number().int() }),
  appeals: z.object({ open: z.number().int() }),
  jobs: z.object({ failed: z.number().int() }),
  realtime: z.object({ connections: z.number().int() }),
  series: z.array(AdminStatsDaySchema),
});
export type AdminStats = z.infer<typeof AdminStatsSchema>;

export const AdminUserListQuerySchema = z.strictObject({
  q: z.string().trim().max(MODERATION_LIMITS.searchMax).optional(),
  status: AdminUserStatusSchema.optional(),
  cursor,
  limit,
});
export type AdminUserListQuery = z.infer<typeof AdminUserListQuerySchema>;

/** A suspension in force: why, since when, until when (null: until lifted). */
export const SuspensionSchema = z.object({ reason: z.string(), since: z.string(), until: z.string().nullable() });
export type Suspension = z.infer<typeof SuspensionSchema>;

/** A person as operators see them (their email and phone included). */
export const AdminUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  status: AdminUserStatusSchema,
  platform_role: PlatformRoleSchema.nullable(),
  created_at: z.string(),
  /** The last use of any of their sessions (null: never signed in). */
  last_seen_at: z.string().nullable(),
  suspension: SuspensionSchema.nullable(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const AdminUserPageSchema = z.object({ items: z.array(AdminUserSchema), next_cursor: z.string().nullable() });

/** A tribe a person belongs to, with their role in it. */
export const AdminUserTribeSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  role: z.string(),
  status: z.string(),
});

/** One act of the audit log (GET /v1/admin/audit). */
export const AuditEntrySchema = z.object({
  id: z.string(),
  /** The operator; null for an act of the command line (`npm run operator`). */
  actor: NamedSchema.nullable(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  /** The act's reason (an appeal decision's note). */
  reason: z.string(),
  ip: z.string().nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** GET /v1/admin/users/{id}: the person, their tribes, the notices they got and the operators' acts on them. */
export const AdminUserDetailSchema = z.object({
  user: AdminUserSchema,
  tribes: z.array(AdminUserTribeSchema),
  notices: z.array(ModerationNoticeSchema),
  history: z.array(AuditEntrySchema),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetailSchema>;

/** POST /v1/admin/users/{id}/suspend: `until` in the future, or null/absent for until lifted. */
export const SuspendUserBodySchema = z.strictObject({ reason, until: Instant.nullable().optional() });
export type SuspendUserBody = z.infer<typeof SuspendUserBodySchema>;

/** Unsuspending a person, suspending or unsuspending a tribe: the reason the audit log keeps. */
export const AdminReasonBodySchema = z.strictObject({ reason });
export type AdminReasonBody = z.infer<typeof AdminReasonBodySchema>;

/** A tribe as the console shows it after an act. */
export const AdminTribeSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  suspension: z.object({ reason: z.string(), since: z.string() }).nullable(),
});
export type AdminTribe = z.infer<typeof AdminTribeSchema>;

export const AdminReportListQuerySchema = z.strictObject({
  status: z.enum(ADMIN_REPORT_STATUSES).default('open'),
  cursor,
  limit,
});

/** A report in the operators' queue, with the reported content as it was when reported. */
export const AdminReportSchema = z.object({
  id: z.string(),
  target_type: ReportTargetTypeSchema,
  target_id: z.string(),
  snapshot: ContentSnapshotSchema.nullable(),
  reporter: NamedSchema,
  reason: z.string(),
  /** The tribe whose moderators saw it first (post reports), if any. */
  tribe: z.object({ id: z.string(), name: z.string(), slug: z.string() }).nullable(),
  handler: z.enum(REPORT_HANDLERS),
  escalated_at: z.string().nullable(),
  escalation_note: z.string().nullable(),
  status: z.enum(['open', 'dismissed', 'actioned']),
  action: z.string().nullable(),
  note: z.string().nullable(),
  handled_by: NamedSchema.nullable(),
  handled_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminReport = z.infer<typeof AdminReportSchema>;

export const AdminReportPageSchema = z.object({ items: z.array(AdminReportSchema), next_cursor: z.string().nullable() });

/** POST /v1/admin/reports/{id}/resolve; `until` only with suspend_author. */
export const ResolveAdminReportBodySchema = z.strictObject({
  action: z.enum(ADMIN_REPORT_ACTIONS),
  reason,
  until: Instant.nullable().optional(),
});
export type ResolveAdminReportBody = z.infer<typeof ResolveAdminReportBodySchema>;

export const AdminAppealListQuerySchema = z.strictObject({
  status: AppealStatusSchema.default('open'),
  cursor,
  limit,
});

/** An appeal in the operators' queue, with the notice it contests. */
export const AdminAppealSchema = z.object({
  id: z.string(),
  user: NamedSchema,
  notice: ModerationNoticeSchema,
  text: z.string(),
  status: AppealStatusSchema,
  note: z.string().nullable(),
  decided_by: NamedSchema.nullable(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminAppeal = z.infer<typeof AdminAppealSchema>;

export const AdminAppealPageSchema = z.object({ items: z.array(AdminAppealSchema), next_cursor: z.string().nullable() });

/** POST /v1/admin/appeals/{id}/decide: overturn restores the content or lifts the suspension. */
export const DecideAppealBodySchema = z.strictObject({
  decision: z.enum(APPEAL_DECISIONS),
  note: z.string().trim().min(1).max(MODERATION_LIMITS.noteMax),
});
export type DecideAppealBody = z.infer<typeof DecideAppealBodySchema>;

export const AuditQuerySchema = z.strictObject({
  actor_id: UuidSchema.optional(),
  target_id: UuidSchema.optional(),
  action: z.string().max(50).optional(),
  cursor,
  limit,
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

export const AuditPageSchema = z.object({ items: z.array(AuditEntrySchema), next_cursor: z.string().nullable() });
