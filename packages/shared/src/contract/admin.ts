import { z } from 'zod';
import { IdParamsSchema } from '../schemas/common.js';
import {
  AdminAppealListQuerySchema,
  AdminAppealPageSchema,
  AdminAppealSchema,
  AdminReasonBodySchema,
  AdminReportListQuerySchema,
  AdminReportPageSchema,
  AdminReportSchema,
  AdminStatsSchema,
  AdminTribeSchema,
  AdminUserDetailSchema,
  AdminUserListQuerySchema,
  AdminUserPageSchema,
  AdminUserSchema,
  AuditPageSchema,
  AuditQuerySchema,
  DecideAppealBodySchema,
  ResolveAdminReportBodySchema,
  SuspendUserBodySchema,
} from '../schemas/admin.js';
import { MODERATION_ERRORS as E } from '../rules/moderation.js';
import { endpoint } from './endpoint.js';

/**
 * The operators' console (DESIGN 11.2). Every endpoint needs an operator (`user.platform_role`
 * `operator`) whose account has two-factor confirmed (TOTP or a passkey): 401 without a session, 403
 * for anyone else, and 403 `error_type: two_factor_required` for an operator without two-factor.
 * Every act is written to the audit log with its reason (an appeal decision's note), the operator
 * and their IP; the log is append-only (a database trigger refuses UPDATE and DELETE).
 */

const tags = ['admin'] as const;
const UserData = z.object({ user: AdminUserSchema });
const TribeData = z.object({ tribe: AdminTribeSchema });

export const adminEndpoints = {
  stats: endpoint({
    method: 'GET',
    path: '/v1/admin/stats',
    summary:
      'Figures of the whole site: members, tribes, posts, open reports and appeals, failed jobs, live connections, and sign-ups, active members, posts and reports per day over 30 days.',
    tags,
    auth: 'user',
    data: AdminStatsSchema,
    errors: [401, 403],
  }),
  users: endpoint({
    method: 'GET',
    path: '/v1/admin/users',
    summary: 'People, newest first, page by page; q matches name, email or phone; status active or suspended.',
    tags,
    auth: 'user',
    query: AdminUserListQuerySchema,
    data: AdminUserPageSchema,
    errors: [401, 403],
  }),
  user: endpoint({
    method: 'GET',
    path: '/v1/admin/users/{id}',
    summary: 'A person with their tribes, the notices they got and the operators’ acts on them.',
    tags,
    auth: 'user',
    params: IdParamsSchema,
    data: AdminUserDetailSchema,
    errors: [401, 403, 404],
  }),
  suspendUser: endpoint({
    method: 'POST',
    path: '/v1/admin/users/{id}/suspend',
    summary:
      'Suspends a person until `until` (null: until lifted): every session revoked and every socket closed at ' +
      'once, sign-in refused with 403 account_suspended; they get a notice. 409 for oneself, the last operator ' +
      'or someone already suspended.',
    tags,
    auth: 'user',
    params: IdParamsSchema,
    body: SuspendUserBodySchema,
    data: UserData,
    errors: [401, 403, 404, 409],
    errorTypes: [E.selfAction, E.lastOperator, E.alreadySuspended],
  }),
  unsuspendUser: endpoint({
    method: 'POST',
    path: '/v1/admin/users/{id}/unsuspend',
    summary: 'Lifts a suspension; 409 when the person is not suspended.',
    tags,
    auth: 'user',
    params: IdParamsSchema,
    body: AdminReasonBodySchema,
    data: UserData,
    errors: [401, 403, 404, 409],
    errorTypes: [E.notSuspended],
  }),
  reports: endpoint({
    method: 'GET',
    path: '/v1/admin/reports',
    summary:
      'Every report on the site handled by the operators (people, comments, messages, tribes, posts outside a ' +
      'tribe or escalated), with a snapshot of the content as it was when reported; oldest first.',
    tags,
    auth: 'user',
    query: AdminReportListQuerySchema,
    data: AdminReportPageSchema,
    errors: [401, 403],
  }),
  resolveReport: endpoint({
    method: 'POST',
    path: '/v1/admin/reports/{id}/resolve',
    summary:
      'Closes a report: dismiss, remove the content, warn or suspend its author (until?); the reporter is told ' +
      'the outcome and the author gets a notice. 409 report_closed when already closed.',
    tags,
    auth: 'user',
    params: IdParamsSchema,
    body: ResolveAdminReportBodySchema,
    data: z.object({ report: AdminReportSchema }),
    errors: [401, 403, 404, 409],
    errorTypes: [E.reportClosed, E.selfAction, E.lastOperator, E.alreadySuspended],
  }),
  suspendTribe: endpoint({
    method: 'POST',
    path: '/v1/admin/tribes/{id}/suspend',
    summary:
      'Suspends a tribe: hidden from everyone but its leaders (who see why), donations to it refused with 409 ' +
      'tribe_suspended, pledges to it paused; its leaders get a notice. 409 when already suspended.',
    tags,
    auth: 'user',
    params: IdParamsSchema,
    body: AdminReasonBodySchema,
    data: TribeData,
    errors: [401, 403, 404, 409],
    errorTypes: [E.alreadySuspended],
  }),
  unsuspendTribe: endpoint({
    method: 'POST',
    path: '/v1/admin/tribes/{id}/unsuspend',
    summary: 'Lifts a tribe’s suspension; 409 when it is not suspended.',
    tags,
    auth: 'user',
    params: IdParamsSchema,
    body: AdminReasonBodySchema,
    data: TribeData,
    errors: [401, 403, 404, 409],
    errorTypes: [E.notSuspended],
  }),
  appeals: endpoint({
    method: 'GET',
    path: '/v1/admin/appeals',
    summary: 'Appeals by status (open first by default), oldest first, each with the notice it contests.',
    tags,
    auth: 'user',
    query: AdminAppealListQuerySchema,
    data: AdminAppealPageSchema,
    errors: [401, 403],
  }),
  decideAppeal: endpoint({
    method: 'POST',
    path: '/v1/admin/appeals/{id}/decide',
    summary:
      'Upholds or overturns an appeal with a note: overturn restores the content or lifts the suspension; the ' +
      'member is told. 409 appeal_decided when already decided.',
    tags,
    auth: 'user',
    params: IdParamsSchema,
    body: DecideAppealBodySchema,
    data: z.object({ appeal: AdminAppealSchema }),
    errors: [401, 403, 404, 409],
    errorTypes: [E.appealDecided],
  }),
  audit: endpoint({
    method: 'GET',
    path: '/v1/admin/audit',
    summary: 'Every operator act, newest first, page by page; by actor, target or action. Nothing can edit or delete it.',
    tags,
    auth: 'user',
    query: AuditQuerySchema,
    data: AuditPageSchema,
    errors: [401, 403],
  }),
} as const;
