import type { AdminAppeal, AdminReport, DecideAppealBody, ResolveAdminReportBody } from '@tribes/shared';
import type { Acting } from './admin.service.js';

interface Page<T> {
  items: T[];
  next_cursor: string | null;
}

/**
 * What the operators' routes need of the reports and appeals (DESIGN 11.2). The moderation module
 * implements it, and itself uses the admin service to suspend and lift: so admin declares this port
 * and never imports moderation, and the modules form no cycle.
 */
export interface OperatorModeration {
  adminReports(q: { status: 'open' | 'closed'; cursor?: string; limit: number }): Promise<Page<AdminReport>>;
  resolve(acting: Acting, id: string, body: ResolveAdminReportBody): Promise<AdminReport>;
  adminAppeals(q: { status: AdminAppeal['status']; cursor?: string; limit: number }): Promise<Page<AdminAppeal>>;
  decide(acting: Acting, id: string, body: DecideAppealBody): Promise<AdminAppeal>;
}
