import {
  MODERATION_ERRORS as E,
  MODERATION_LIMITS,
  type AdminAppeal,
  type AdminReport,
  type AppealStatus,
  type ContentSnapshot,
  type DecideAppealBody,
  type ResolveAdminReportBody,
} from '@tribes/shared';
import type { Clock } from '#src/core/clock.js';
import { readTimeCursor, timeCursor, type TimeCursor } from '#src/core/cursor.js';
import type { Transact } from '#src/core/db/transaction.js';
import type { Storage } from '#src/core/storage.js';
import { conflict, fieldError, forbidden, HttpError, notFound } from '#src/core/errors.js';
import type { Acting, AdminService } from '../admin/index.js';
import type { NotificationsService } from '../notifications/index.js';
import type { ContentModeration } from '../posts/index.js';
import type { UserRow } from '../users/index.js';
import type { AppealRow, ModerationRepo, NoticeRow, ReportRow } from './moderation.repo.js';

interface Deps {
  repo: ModerationRepo;
  transact: Transact;
  clock: Clock;
  storage: Pick<Storage, 'url'>;
  content: ContentModeration;
  admin: Pick<AdminService, 'suspendUser' | 'unsuspendUser' | 'suspendTribe' | 'unsuspendTribe' | 'noticeView'>;
  notifications: Pick<NotificationsService, 'notify'>;
}

/** The operator who acts and from where (the audit log keeps both): the admin module's. */
export type ActingOperator = Acting;

/** The last moment a notice may be appealed (notices are presented by the admin module's `noticeView`, one presenter for both). */
const deadlineOf = (notice: { createdAt: Date }) =>
  new Date(notice.createdAt.getTime() + MODERATION_LIMITS.appealWindowDays * 24 * 3600 * 1000);

/** The 409 of a conflict the admin module answers that an overturn may meet (already lifted): ignored. */
const alreadyUndone = (e: unknown) => e instanceof HttpError && e.statusCode === 409 && e.errorType === E.notSuspended;

/**
 * Accountable moderation (DESIGN 11.2): members report people, comments and tribes to the operators
 * (each report keeps a snapshot of its target as it was); tribes' leaders and moderators hand post
 * reports up; operators resolve them (the reporter is told, the author gets a notice); members see
 * their notices and appeal each once within 20 days; operators decide, and an overturn undoes the act.
 */
export function createModerationService({ repo, transact, clock, storage, content, admin, notifications }: Deps) {
  const nameOf = async (id: string) => (await repo.names([id])).get(id) ?? '';

  async function report(
    user: UserRow,
    targetType: 'user' | 'comment' | 'tribe' | 'message',
    snapshot: ContentSnapshot,
    reason: string,
  ) {
    if (await repo.openReportBy(targetType, snapshot.id, user.id)) throw conflict(E.alreadyReported, 'reports.already_reported');
    await repo.insertReport({
      targetType,
      targetId: snapshot.id,
      handler: 'operators',
      snapshot,
      reporterId: user.id,
      reason,
      createdAt: clock.now(),
    });
  }

  /** Whom an act on a report's target concerns: the author of a post or comment, the person, a tribe's leaders. */
  async function authorsOf(report: ReportRow): Promise<string[]> {
    if (report.targetType === 'user') return [report.targetId];
    if (report.targetType === 'tribe') return repo.tribeLeaderIds(report.targetId);
    const id = report.snapshot?.author?.id;
    return id ? [id] : [];
  }

  async function presentReports(rows: ReportRow[]): Promise<AdminReport[]> {
    const names = await repo.names(rows.flatMap((r) => [r.reporterId, ...(r.handledBy ? [r.handledBy] : [])]));
    const tribes = await repo.tribesByIds(rows.flatMap((r) => (r.tribeId ? [r.tribeId] : [])));
    return rows.map((r) => ({
      id: r.id,
      target_type: r.targetType as AdminReport['target_type'],
      target_id: r.targetId,
      snapshot: r.snapshot ?? null,
      reporter: { id: r.reporterId, name: names.get(r.reporterId) ?? '' },
      reason: r.reason,
      tribe: (r.tribeId && tribes.get(r.tribeId)) || null,
      handler: r.handler as AdminReport['handler'],
      escalated_at: r.escalatedAt?.toISOString() ?? null,
      escalation_note: r.escalationNote,
      status: r.status as AdminReport['status'],
      action: r.action,
      note: r.note,
      handled_by: r.handledBy ? { id: r.handledBy, name: names.get(r.handledBy) ?? '' } : null,
      handled_at: r.handledAt?.toISOString() ?? null,
      created_at: r.createdAt.toISOString(),
    }));
  }

  async function presentAppeals(rows: { appeal: AppealRow; notice: NoticeRow }[]): Promise<AdminAppeal[]> {
    const names = await repo.names(rows.flatMap((r) => [r.appeal.userId, ...(r.appeal.decidedBy ? [r.appeal.decidedBy] : [])]));
    return rows.map(({ appeal, notice }) => ({
      id: appeal.id,
      user: { id: appeal.userId, name: names.get(appeal.userId) ?? '' },
      notice: admin.noticeView(notice, appeal),
      text: appeal.text,
      status: appeal.status as AppealStatus,
      note: appeal.note,
      decided_by: appeal.decidedBy ? { id: appeal.decidedBy, name: names.get(appeal.decidedBy) ?? '' } : null,
      decided_at: appeal.decidedAt?.toISOString() ?? null,
      created_at: appeal.createdAt.toISOString(),
    }));
  }

  const page = <T, R extends { createdAt: Date; id: string }>(rows: T[], limit: number, key: (row: T) => R) => {
    const items = rows.slice(0, limit);
    const last = items[items.length - 1];
    return { items, next: rows.length > limit && last ? timeCursor(key(last).createdAt, key(last).id) : null };
  };
  const cursorOf = (c: string | undefined): TimeCursor | undefined => readTimeCursor(c);

  return {
    /**
     * A message reported by a member of its conversation (the messages module checked that): the
     * snapshot it made is all the operators see, since they never browse conversations (DESIGN 11.4).
     */
    async reportMessage(user: UserRow, snapshot: ContentSnapshot, reason: string): Promise<void> {
      if (snapshot.author?.id === user.id) throw conflict(E.reportOwn, 'reports.report_own');
      await report(user, 'message', snapshot, reason);
    },

    async reportUser(user: UserRow, id: string, reason: string): Promise<void> {
      const target = await repo.findUser(id);
      if (!target) throw notFound();
      if (target.id === user.id) throw conflict(E.reportOwn, 'reports.report_own');
      await report(
        user,
        'user',
        {
          type: 'user',
          id: target.id,
          author: { id: target.id, name: target.name },
          title: target.name,
          text: target.bio,
          image_urls: target.avatarKey ? [storage.url(target.avatarKey)] : [],
          tribe_id: null,
          post_id: null,
          created_at: target.createdAt.toISOString(),
        },
        reason,
      );
    },

    async reportComment(user: UserRow, id: string, reason: string): Promise<void> {
      const snapshot = await content.commentSnapshot(id, user, nameOf);
      if (!snapshot) throw notFound();
      if (snapshot.author.id === user.id) throw conflict(E.reportOwn, 'reports.report_own');
      await report(user, 'comment', snapshot, reason);
    },

    async reportTribe(user: UserRow, id: string, reason: string): Promise<void> {
      const tribe = await repo.findTribe(id);
      if (!tribe) throw notFound();
      const role = await repo.tribeRole(tribe.id, user.id);
      if (role?.role === 'leader' && role.status === 'active') throw conflict(E.reportOwn, 'reports.report_own');
      await report(
        user,
        'tribe',
        {
          type: 'tribe',
          id: tribe.id,
          author: null,
          title: tribe.name,
          text: tribe.description,
          image_urls: [],
          tribe_id: tribe.id,
          post_id: null,
          created_at: tribe.createdAt.toISOString(),
        },
        reason,
      );
    },

    /** A tribe's leader or moderator hands an open post report of their tribe to the operators. */
    async escalate(user: UserRow, id: string, note: string | undefined): Promise<void> {
      const report = await repo.findReport(id);
      if (!report || report.targetType !== 'post') throw notFound();
      const role = report.tribeId ? await repo.tribeRole(report.tribeId, user.id) : undefined;
      if (!role || role.status !== 'active' || (role.role !== 'leader' && role.role !== 'moderator')) throw forbidden();
      if (report.status !== 'open') throw conflict(E.reportClosed, 'reports.closed');
      if (report.handler === 'operators') throw conflict(E.alreadyEscalated, 'reports.already_escalated');
      const done = await repo.escalate(report.id, user.id, note?.length ? note : null, clock.now());
      if (!done) throw conflict(E.alreadyEscalated, 'reports.already_escalated');
    },

    async myNotices(user: UserRow, q: { cursor?: string; limit: number }) {
      const rows = await repo.noticesOf(user.id, cursorOf(q.cursor), q.limit + 1);
      const { items, next } = page(rows, q.limit, (r) => r.notice);
      return { items: items.map((r) => admin.noticeView(r.notice, r.appeal)), next_cursor: next };
    },

    /** The notice's owner appeals it once, within 20 days of it; anyone else gets 404. */
    async appeal(user: UserRow, noticeId: string, text: string) {
      const found = await repo.findNotice(noticeId);
      if (!found || found.notice.userId !== user.id) throw notFound();
      if (found.appeal) throw conflict(E.appealExists, 'moderation.appeal_exists');
      const now = clock.now();
      if (now.getTime() > deadlineOf(found.notice).getTime()) {
        throw conflict(E.appealWindowClosed, 'moderation.appeal_window_closed');
      }
      const appeal = await repo.insertAppeal({ noticeId, userId: user.id, text, status: 'open', createdAt: now });
      if (!appeal) throw conflict(E.appealExists, 'moderation.appeal_exists');
      return {
        id: appeal.id,
        notice_id: appeal.noticeId,
        text: appeal.text,
        status: appeal.status as AppealStatus,
        note: appeal.note,
        decided_at: appeal.decidedAt?.toISOString() ?? null,
        created_at: appeal.createdAt.toISOString(),
      };
    },

    async adminReports(q: { status: 'open' | 'closed'; cursor?: string; limit: number }) {
      const rows = await repo.operatorReports(q.status, cursorOf(q.cursor), q.limit + 1);
      const { items, next } = page(rows, q.limit, (r) => r);
      return { items: await presentReports(items), next_cursor: next };
    },

    /**
     * Closes a report that reached the operators: dismiss, remove the content (a post or a comment),
     * warn its author, or suspend them (a tribe: the tribe). The author gets a notice with the reason
     * and the snapshot, the reporter is told the outcome, and the act is in the audit log.
     */
    async resolve(acting: ActingOperator, id: string, body: ResolveAdminReportBody): Promise<AdminReport> {
      const report = await repo.findReport(id);
      if (!report || report.handler !== 'operators') throw notFound();
      if (report.status !== 'open') throw conflict(E.reportClosed, 'reports.closed');
      const removable = report.targetType === 'post' || report.targetType === 'comment';
      if (body.action === 'remove_content' && !removable) throw fieldError('action', 'validation.invalid');
      const authors = await authorsOf(report);
      if (body.action !== 'dismiss' && authors.length === 0) throw fieldError('action', 'validation.invalid');
      if (body.action !== 'dismiss' && authors.includes(acting.operator.id) && report.targetType !== 'tribe') {
        throw conflict(E.selfAction, 'admin.self_action');
      }
      const now = clock.now();
      // A suspension goes through the admin module's own act (sessions revoked, its notice, its audit entry).
      if (body.action === 'suspend_author') {
        if (report.targetType === 'tribe') await admin.suspendTribe(acting, report.targetId, { reason: body.reason });
        else await admin.suspendUser(acting, authors[0]!, { reason: body.reason, until: body.until ?? null });
      }
      if (body.action === 'remove_content')
        await content.remove(report.targetType as 'post' | 'comment', report.targetId, acting.operator.id);
      const { closed, notices } = await transact(async (tx) => {
        const closed = await repo.closeReport(tx, report.id, {
          status: body.action === 'dismiss' ? 'dismissed' : 'actioned',
          action: body.action,
          note: body.reason,
          handledBy: acting.operator.id,
          handledAt: now,
        });
        if (!closed) throw conflict(E.reportClosed, 'reports.closed');
        await repo.audit(tx, {
          actorId: acting.operator.id,
          action: 'report.resolve',
          targetType: 'report',
          targetId: report.id,
          reason: `${body.action}: ${body.reason}`,
          ip: acting.ip,
          createdAt: now,
        });
        if (body.action === 'remove_content') {
          await repo.audit(tx, {
            actorId: acting.operator.id,
            action: 'report.resolve',
            targetType: report.targetType as 'post' | 'comment',
            targetId: report.targetId,
            reason: body.reason,
            ip: acting.ip,
            createdAt: now,
          });
        }
        const notices: NoticeRow[] = [];
        if (body.action === 'remove_content' || body.action === 'warn') {
          for (const userId of authors) {
            notices.push(
              await repo.insertNotice(tx, {
                userId,
                kind: body.action === 'warn' ? 'warning' : 'content_removed',
                reason: body.reason,
                snapshot: report.snapshot,
                targetType: report.targetType,
                targetId: report.targetId,
                reportId: report.id,
                actorId: acting.operator.id,
                createdAt: now,
              }),
            );
          }
        }
        return { closed, notices };
      });
      for (const n of notices) {
        await notifications
          .notify(n.userId, 'moderation_notice', null, { type: 'notice', id: n.id, title: body.reason })
          .catch(() => undefined);
      }
      await notifications
        .notify(report.reporterId, 'report_outcome', null, { type: 'report', id: report.id, title: body.reason })
        .catch(() => undefined);
      return (await presentReports([closed]))[0]!;
    },

    async adminAppeals(q: { status: AppealStatus; cursor?: string; limit: number }) {
      const rows = await repo.listAppeals(q.status, cursorOf(q.cursor), q.limit + 1);
      const { items, next } = page(rows, q.limit, (r) => r.appeal);
      return { items: await presentAppeals(items), next_cursor: next };
    },

    /** Upholds or overturns an appeal: an overturn restores the content or lifts the suspension. */
    async decide(acting: ActingOperator, id: string, body: DecideAppealBody): Promise<AdminAppeal> {
      const found = await repo.findAppeal(id);
      if (!found) throw notFound();
      if (found.appeal.status !== 'open') throw conflict(E.appealDecided, 'admin.appeal_already_decided');
      const { notice } = found;
      const now = clock.now();
      const decided = await transact(async (tx) => {
        const row = await repo.decideAppeal(tx, id, {
          status: body.decision === 'overturn' ? 'overturned' : 'upheld',
          note: body.note,
          decidedBy: acting.operator.id,
          decidedAt: now,
        });
        if (!row) throw conflict(E.appealDecided, 'admin.appeal_already_decided');
        await repo.audit(tx, {
          actorId: acting.operator.id,
          action: 'appeal.decide',
          targetType: 'appeal',
          targetId: id,
          reason: `${body.decision}: ${body.note}`,
          ip: acting.ip,
          createdAt: now,
        });
        return row;
      });
      if (body.decision === 'overturn') {
        const type = notice.targetType;
        if (notice.kind === 'content_removed' && (type === 'post' || type === 'comment') && notice.targetId) {
          await content.restore(type, notice.targetId);
        } else if (notice.kind === 'suspension') {
          await admin.unsuspendUser(acting, notice.userId, { reason: body.note }).catch((e: unknown) => {
            if (!alreadyUndone(e)) throw e;
          });
        } else if (notice.kind === 'tribe_suspended' && notice.targetId) {
          await admin.unsuspendTribe(acting, notice.targetId, { reason: body.note }).catch((e: unknown) => {
            if (!alreadyUndone(e)) throw e;
          });
        }
      }
      await notifications
        .notify(notice.userId, 'appeal_decided', null, { type: 'notice', id: notice.id, title: body.note })
        .catch(() => undefined);
      return (await presentAppeals([{ appeal: decided, notice }]))[0]!;
    },
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
