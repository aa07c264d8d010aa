// Operators' and members' moderation rules without zod (limits, vocabularies): the web app reads them at run
// time without building the schemas of ../schemas/admin.ts and ../schemas/moderation.ts (DESIGN 11.2).

/** The site-wide role above the tribes' roles: `user.platform_role` is this or null. */
export const PLATFORM_ROLES = ['operator'] as const;
export type PlatformRole = (typeof PLATFORM_ROLES)[number];

export const MODERATION_LIMITS = {
  reasonMax: 1000,
  noteMax: 1000,
  appealTextMax: 2000,
  /** A notice may be appealed once, within this many days of its date. */
  appealWindowDays: 20,
  searchMax: 100,
  /** How many UTC days the console's dashboard charts (GET /v1/admin/stats `series`), today included. */
  statsSeriesDays: 30,
} as const;

/** What a report may be about. */
export const REPORT_TARGET_TYPES = ['post', 'comment', 'user', 'tribe', 'message'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

/** Who handles a report: the tribe's leaders and moderators first (post reports), or the operators. */
export const REPORT_HANDLERS = ['tribe', 'operators'] as const;
export type ReportHandler = (typeof REPORT_HANDLERS)[number];

/** An operator's answer to a report. */
export const ADMIN_REPORT_ACTIONS = ['dismiss', 'remove_content', 'warn', 'suspend_author'] as const;
export type AdminReportAction = (typeof ADMIN_REPORT_ACTIONS)[number];

/** The operators' queue filter: open, or closed (dismissed or actioned). */
export const ADMIN_REPORT_STATUSES = ['open', 'closed'] as const;

/** What a member is told about: their content removed, a warning, their account or their tribe suspended. */
export const MODERATION_NOTICE_KINDS = ['content_removed', 'warning', 'suspension', 'tribe_suspended'] as const;
export type ModerationNoticeKind = (typeof MODERATION_NOTICE_KINDS)[number];

export const APPEAL_STATUSES = ['open', 'upheld', 'overturned'] as const;
export type AppealStatus = (typeof APPEAL_STATUSES)[number];
/** A notice's appeal as the member sees it: none yet, or the appeal's status. */
export const NOTICE_APPEAL_STATUSES = ['none', ...APPEAL_STATUSES] as const;

export const APPEAL_DECISIONS = ['uphold', 'overturn'] as const;
export type AppealDecision = (typeof APPEAL_DECISIONS)[number];

export const ADMIN_USER_STATUSES = ['active', 'suspended'] as const;
export type AdminUserStatus = (typeof ADMIN_USER_STATUSES)[number];

/** The acts the audit log records (`action` of an entry). */
export const AUDIT_ACTIONS = [
  'user.suspend',
  'user.unsuspend',
  'tribe.suspend',
  'tribe.unsuspend',
  'report.resolve',
  'appeal.decide',
  'operator.grant',
  'operator.revoke',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an audit entry's act was done to. */
export const AUDIT_TARGET_TYPES = ['user', 'tribe', 'report', 'appeal', 'post', 'comment', 'message'] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** The `error_type` values of the moderation answers (403s and 409s). */
export const MODERATION_ERRORS = {
  /** 403: an operator whose account has neither TOTP nor a passkey confirmed. */
  twoFactorRequired: 'two_factor_required',
  /** 403 at sign-in (and on any request of a suspended account's old token: 401). */
  accountSuspended: 'account_suspended',
  /** 409: a donation or pledge to a suspended tribe. */
  tribeSuspended: 'tribe_suspended',
  /** 409: an operator acting on their own account. */
  selfAction: 'cannot_act_on_self',
  /** 409: suspending or demoting the last operator who is not suspended. */
  lastOperator: 'last_operator',
  alreadySuspended: 'already_suspended',
  notSuspended: 'not_suspended',
  reportClosed: 'report_closed',
  alreadyEscalated: 'already_escalated',
  alreadyReported: 'already_reported',
  reportOwn: 'cannot_report_own',
  appealDecided: 'appeal_decided',
  appealExists: 'appeal_exists',
  appealWindowClosed: 'appeal_window_closed',
} as const;
