import { z } from 'zod';
import { PAGINATION } from '../constants.js';
import {
  APPEAL_STATUSES,
  MODERATION_LIMITS,
  MODERATION_NOTICE_KINDS,
  NOTICE_APPEAL_STATUSES,
  REPORT_TARGET_TYPES,
} from '../rules/moderation.js';

export * from '../rules/moderation.js';

const reason = z.string().trim().min(1).max(MODERATION_LIMITS.reasonMax);

/** POST /v1/users/{id}/report, /v1/comments/{id}/report, /v1/tribes/{id}/report: why. */
export const ReportTargetBodySchema = z.strictObject({ reason });
export type ReportTargetBody = z.infer<typeof ReportTargetBodySchema>;

/** POST /v1/reports/{id}/escalate: a tribe leader or moderator hands a post report to the operators. */
export const EscalateReportBodySchema = z.strictObject({
  note: z.string().trim().max(MODERATION_LIMITS.noteMax).optional(),
});
export type EscalateReportBody = z.infer<typeof EscalateReportBodySchema>;

/** POST /v1/moderation/{id}/appeal. */
export const AppealBodySchema = z.strictObject({ text: z.string().trim().min(1).max(MODERATION_LIMITS.appealTextMax) });
export type AppealBody = z.infer<typeof AppealBodySchema>;

export const ReportTargetTypeSchema = z.enum(REPORT_TARGET_TYPES);

/**
 * What was reported or acted on, copied when the report was made (or the act done), so an edit or a
 * deletion afterwards does not erase it: the text (a post's or comment's body, a message, a profile's
 * bio, a tribe's description), its title (a person's or a tribe's name), its author and its images.
 */
export const ContentSnapshotSchema = z.object({
  type: ReportTargetTypeSchema,
  id: z.string(),
  author: z.object({ id: z.string(), name: z.string() }).nullable(),
  title: z.string().nullable(),
  text: z.string(),
  image_urls: z.array(z.string()),
  /** The tribe it belongs to (a post's or a comment's tribe, the tribe itself). */
  tribe_id: z.string().nullable(),
  /** The post a comment is on. */
  post_id: z.string().nullable(),
  created_at: z.string().nullable(),
});
export type ContentSnapshot = z.infer<typeof ContentSnapshotSchema>;

/** A notice's appeal: none yet (and until when one may be made), or its state. */
export const NoticeAppealSchema = z.object({
  status: z.enum(NOTICE_APPEAL_STATUSES),
  /** The last moment an appeal is taken (the notice's date plus 20 days). */
  deadline: z.string(),
  text: z.string().nullable(),
  /** The operator's note with the decision. */
  note: z.string().nullable(),
  decided_at: z.string().nullable(),
});

/** One notice of GET /v1/me/moderation: what was done to the member's content or account, and why. */
export const ModerationNoticeSchema = z.object({
  id: z.string(),
  kind: z.enum(MODERATION_NOTICE_KINDS),
  reason: z.string(),
  snapshot: ContentSnapshotSchema.nullable(),
  /** What the act was done to (a post, a comment, the account, a tribe). */
  target: z.object({ type: z.string(), id: z.string() }).nullable(),
  /** For a suspension: its end (null: until lifted). */
  until: z.string().nullable(),
  created_at: z.string(),
  appeal: NoticeAppealSchema,
});
export type ModerationNotice = z.infer<typeof ModerationNoticeSchema>;

export const ModerationNoticePageSchema = z.object({
  items: z.array(ModerationNoticeSchema),
  next_cursor: z.string().nullable(),
});

export const AppealStatusSchema = z.enum(APPEAL_STATUSES);

/** The appeal a member made (POST /v1/moderation/{id}/appeal). */
export const AppealSchema = z.object({
  id: z.string(),
  notice_id: z.string(),
  text: z.string(),
  status: AppealStatusSchema,
  note: z.string().nullable(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
});
export type Appeal = z.infer<typeof AppealSchema>;

export const MeModerationQuerySchema = z.strictObject({
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(PAGINATION.maxLimit).default(PAGINATION.defaultLimit),
});
