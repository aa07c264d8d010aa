import { z } from 'zod';
import { IdParamsSchema } from '../schemas/common.js';
import {
  AppealBodySchema,
  AppealSchema,
  EscalateReportBodySchema,
  MeModerationQuerySchema,
  ModerationNoticePageSchema,
  ReportTargetBodySchema,
} from '../schemas/moderation.js';
import { MODERATION_ERRORS as E } from '../rules/moderation.js';
import { EmptyDataSchema, endpoint } from './endpoint.js';

/**
 * Members' side of moderation (DESIGN 11.2): reports that reach the operators (people, comments,
 * tribes; a post report still goes to its tribe's moderators first, who may escalate it), the notices a
 * member got for every act on their content or account, and one appeal per notice within 20 days.
 * Each report keeps a snapshot of what was reported. Reporting oneself, one's own comment or a tribe
 * one leads is 409 cannot_report_own; a second open report of the same thing by the same person is 409
 * already_reported.
 */

const tags = ['moderation'] as const;

const report = (target: 'users' | 'comments' | 'tribes', summary: string) =>
  endpoint({
    method: 'POST',
    path: `/v1/${target}/{id}/report`,
    summary,
    tags,
    auth: 'user',
    params: IdParamsSchema,
    body: ReportTargetBodySchema,
    data: EmptyDataSchema,
    status: 201,
    errors: [401, 403, 404, 409],
    errorTypes: [E.reportOwn, E.alreadyReported],
  });

export const moderationEndpoints = {
  reportUser: report('users', 'Reports a person (their profile) to the operators.'),
  reportComment: report('comments', 'Reports a comment to the operators.'),
  reportTribe: report('tribes', 'Reports a tribe to the operators.'),
  escalateReport: endpoint({
    method: 'POST',
    path: '/v1/reports/{id}/escalate',
    summary:
      "Hands an open post report to the operators (the tribe's leaders and moderators); it then appears in " +
      '/v1/admin/reports. 409 when closed or already escalated.',
    tags,
    auth: 'user',
    params: IdParamsSchema,
    body: EscalateReportBodySchema,
    data: EmptyDataSchema,
    errors: [401, 403, 404, 409],
    errorTypes: [E.reportClosed, E.alreadyEscalated],
  }),
  myNotices: endpoint({
    method: 'GET',
    path: '/v1/me/moderation',
    summary: 'The notices I got for acts on my content, my account or my tribes, newest first, with their appeal.',
    tags,
    auth: 'user',
    query: MeModerationQuerySchema,
    data: ModerationNoticePageSchema,
    errors: [401],
  }),
  appeal: endpoint({
    method: 'POST',
    path: '/v1/moderation/{id}/appeal',
    summary: 'Appeals a notice, once, within 20 days of it; 409 appeal_exists or appeal_window_closed.',
    tags,
    auth: 'user',
    params: IdParamsSchema,
    body: AppealBodySchema,
    data: z.object({ appeal: AppealSchema }),
    status: 201,
    errors: [401, 404, 409],
    errorTypes: [E.appealExists, E.appealWindowClosed],
  }),
} as const;
