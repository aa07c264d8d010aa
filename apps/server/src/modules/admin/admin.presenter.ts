import {
  MODERATION_LIMITS,
  type AdminTribe,
  type AdminUser,
  type AuditEntry,
  type ModerationNotice,
  type ModerationNoticeKind,
} from '@tribes/shared';
import type { AdminUserRow, AppealRow, AuditRow, NoticeRow } from './admin.repo.js';

type SuspendedRow = { suspendedAt: Date | null; suspendedUntil: Date | null };

/** Whether a suspension is in force at `now` (one whose end has passed is not, even before it is lifted). */
export function suspensionInForce(row: SuspendedRow, now: Date): boolean {
  return row.suspendedAt !== null && (row.suspendedUntil === null || row.suspendedUntil.getTime() > now.getTime());
}

/** A person as operators see them: an explicit allowlist (no password hash, no settings). */
export function presentAdminUser(row: AdminUserRow, now: Date): AdminUser {
  const suspended = suspensionInForce(row, now);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone ?? null,
    status: suspended ? 'suspended' : 'active',
    platform_role: row.platformRole === 'operator' ? 'operator' : null,
    created_at: row.createdAt.toISOString(),
    last_seen_at: row.lastSeenAt?.toISOString() ?? null,
    suspension: suspended
      ? {
          reason: row.suspensionReason ?? '',
          since: row.suspendedAt!.toISOString(),
          until: row.suspendedUntil?.toISOString() ?? null,
        }
      : null,
  };
}

export function presentAdminTribe(row: {
  id: string;
  name: string;
  slug: string;
  suspendedAt: Date | null;
  suspensionReason: string | null;
}): AdminTribe {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    suspension: row.suspendedAt ? { reason: row.suspensionReason ?? '', since: row.suspendedAt.toISOString() } : null,
  };
}

export function presentAudit(row: AuditRow, actorName: string | null): AuditEntry {
  return {
    id: row.id,
    actor: row.actorId ? { id: row.actorId, name: actorName ?? '' } : null,
    action: row.action,
    target_type: row.targetType,
    target_id: row.targetId,
    reason: row.reason,
    ip: row.ip,
    created_at: row.createdAt.toISOString(),
  };
}

/** The last moment a notice may be appealed: its date plus the appeal window. */
export const appealDeadline = (notice: { createdAt: Date }) =>
  new Date(notice.createdAt.getTime() + MODERATION_LIMITS.appealWindowDays * 24 * 3600 * 1000);

/** A notice as its member (and operators) see it, with its appeal's state. */
export function presentNotice(notice: NoticeRow, appeal: AppealRow | null): ModerationNotice {
  return {
    id: notice.id,
    kind: notice.kind as ModerationNoticeKind,
    reason: notice.reason,
    snapshot: notice.snapshot ?? null,
    target: notice.targetType && notice.targetId ? { type: notice.targetType, id: notice.targetId } : null,
    until: notice.until?.toISOString() ?? null,
    created_at: notice.createdAt.toISOString(),
    appeal: {
      status: appeal ? (appeal.status as 'open' | 'upheld' | 'overturned') : 'none',
      deadline: appealDeadline(notice).toISOString(),
      text: appeal?.text ?? null,
      note: appeal?.note ?? null,
      decided_at: appeal?.decidedAt?.toISOString() ?? null,
    },
  };
}
