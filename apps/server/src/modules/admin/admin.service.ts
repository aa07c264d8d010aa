import {
  MODERATION_ERRORS as E,
  MODERATION_LIMITS,
  type AdminReasonBody,
  type AdminStats,
  type AdminUserListQuery,
  type AuditAction,
  type AuditQuery,
  type AuditTargetType,
  type SuspendUserBody,
} from '@tribes/shared';
import type { Clock } from '#src/core/clock.js';
import { readTimeCursor, timeCursor } from '#src/core/cursor.js';
import type { Tx } from '#src/core/db/client.js';
import type { Transact } from '#src/core/db/transaction.js';
import { conflict, fieldError, forbidden, HttpError, notFound } from '#src/core/errors.js';
import type { TokensService } from '../auth/index.js';
import type { NotificationsService } from '../notifications/index.js';
import type { PasskeyAssertions } from '../passkeys/index.js';
import type { TwoFactorService } from '../twofactor/index.js';
import type { UserRow } from '../users/index.js';
import type { AdminRepo } from './admin.repo.js';
import type { AdminStatsRepo } from './stats.repo.js';
import { presentAdminTribe, presentAdminUser, presentAudit, presentNotice, suspensionInForce } from './admin.presenter.js';

/** What the console reads outside the database: the live connections of this node, the failed jobs. */
export interface SiteLive {
  connections(): number;
  failedJobs(): Promise<number>;
}

interface Deps {
  repo: AdminRepo;
  statsRepo: AdminStatsRepo;
  transact: Transact;
  clock: Clock;
  tokens: Pick<TokensService, 'revokeAll' | 'userChanged'>;
  notifications: Pick<NotificationsService, 'notify'>;
  twoFactor: Pick<TwoFactorService, 'isOn'>;
  passkeys: Pick<PasskeyAssertions, 'count'>;
  live: SiteLive;
}

/** Who acts and from where: the audit log keeps both. */
export interface Acting {
  operator: UserRow;
  ip: string;
}

/** The 403 of an operator whose account has no second factor (DESIGN 11.2). */
const twoFactorRequired = () => new HttpError(403, 'errors.two_factor_required', {}, undefined, {}, E.twoFactorRequired);

/**
 * The operators' console (DESIGN 11.2): the guard of every /v1/admin/* request, people and tribes
 * suspended and lifted, the site's figures and the audit log every act writes to, in the act's transaction.
 */
export function createAdminService({ repo, statsRepo, transact, clock, tokens, notifications, twoFactor, passkeys, live }: Deps) {
  /** Writes one act to the append-only audit log, in the act's own transaction. */
  const audit = (
    tx: Tx,
    act: {
      actor: UserRow | null;
      ip: string | null;
      action: AuditAction;
      targetType: AuditTargetType;
      targetId: string;
      reason: string;
    },
  ) =>
    repo.insertAudit(tx, {
      actorId: act.actor?.id ?? null,
      action: act.action,
      targetType: act.targetType,
      targetId: act.targetId,
      reason: act.reason,
      ip: act.ip,
      createdAt: clock.now(),
    });

  async function userAnswer(id: string) {
    const row = await repo.findUserWithLastSeen(id);
    if (!row) throw notFound();
    return presentAdminUser(row, clock.now());
  }

  return {
    /**
     * The guard of every /v1/admin/* request, read fresh from the database (a revoked operator stops at
     * once): 403 unless an operator, 403 two_factor_required unless TOTP or a passkey is confirmed.
     */
    async requireOperator(userId: string): Promise<UserRow> {
      const row = await repo.findUser(userId);
      if (!row || row.platformRole !== 'operator' || suspensionInForce(row, clock.now())) throw forbidden();
      if (!(await twoFactor.isOn(userId)) && (await passkeys.count(userId)) === 0) throw twoFactorRequired();
      return row;
    },

    async stats(): Promise<AdminStats> {
      const now = clock.now();
      const figures = await statsRepo.totals(now);
      const series = await statsRepo.series(now, MODERATION_LIMITS.statsSeriesDays);
      const failed = await live.failedJobs().catch(() => 0);
      return { ...figures, jobs: { failed }, realtime: { connections: live.connections() }, series };
    },

    async users(q: AdminUserListQuery) {
      const now = clock.now();
      const rows = await repo.listUsers({ q: q.q, status: q.status, now }, readTimeCursor(q.cursor), q.limit + 1);
      const items = rows.slice(0, q.limit);
      const last = items[items.length - 1];
      return {
        items: items.map((r) => presentAdminUser(r, now)),
        next_cursor: rows.length > q.limit && last ? timeCursor(last.createdAt, last.id) : null,
      };
    },

    async user(id: string) {
      const user = await userAnswer(id);
      const [tribes, notices, history] = await Promise.all([
        repo.userTribes(id),
        repo.noticesOf(id, undefined, 50),
        repo.listAudit({ targetId: id }, undefined, 50),
      ]);
      return {
        user,
        tribes,
        notices: notices.map((n) => presentNotice(n.notice, n.appeal)),
        history: history.map((h) => presentAudit(h.entry, h.actorName)),
      };
    },

    /**
     * Suspends a person: every session revoked and every socket closed at once on every node (the
     * tokens' bus), sign-in refused until `until` or until lifted; they get a notice. Not oneself, not
     * the last operator, not someone already suspended.
     */
    async suspendUser(acting: Acting, id: string, body: SuspendUserBody) {
      const now = clock.now();
      const target = await repo.findUser(id);
      if (!target) throw notFound();
      if (target.id === acting.operator.id) throw conflict(E.selfAction, 'admin.self_action');
      if (suspensionInForce(target, now)) throw conflict(E.alreadySuspended, 'admin.already_suspended');
      const until = body.until ? new Date(body.until) : null;
      if (until && until.getTime() <= now.getTime()) throw fieldError('until', 'validation.until_future');
      if (target.platformRole === 'operator' && (await repo.countActiveOperators(now, target.id)) === 0) {
        throw conflict(E.lastOperator, 'admin.last_operator');
      }
      const notice = await transact(async (tx) => {
        await repo.setSuspension(tx, id, { suspendedAt: now, suspensionReason: body.reason, suspendedUntil: until }, now);
        await audit(tx, {
          actor: acting.operator,
          ip: acting.ip,
          action: 'user.suspend',
          targetType: 'user',
          targetId: id,
          reason: body.reason,
        });
        return repo.insertNotice(tx, {
          userId: id,
          kind: 'suspension',
          reason: body.reason,
          targetType: 'user',
          targetId: id,
          until,
          actorId: acting.operator.id,
          createdAt: now,
        });
      });
      // Revoking the sessions tells every node, whose hubs close the sockets those sessions opened.
      await tokens.revokeAll(id);
      await notifications
        .notify(id, 'moderation_notice', null, { type: 'notice', id: notice.id, title: body.reason })
        .catch(() => undefined);
      return userAnswer(id);
    },

    async unsuspendUser(acting: Acting, id: string, body: AdminReasonBody) {
      const now = clock.now();
      const target = await repo.findUser(id);
      if (!target) throw notFound();
      if (!suspensionInForce(target, now)) throw conflict(E.notSuspended, 'admin.not_suspended');
      await transact(async (tx) => {
        await repo.setSuspension(tx, id, { suspendedAt: null, suspensionReason: null, suspendedUntil: null }, now);
        await audit(tx, {
          actor: acting.operator,
          ip: acting.ip,
          action: 'user.unsuspend',
          targetType: 'user',
          targetId: id,
          reason: body.reason,
        });
      });
      await tokens.userChanged(id);
      // The member is told it is lifted, and why (DESIGN 11.2: every act on their account is told),
      // pointing at the suspension's notice.
      const suspension = (await repo.noticesOf(id, undefined, 50)).find((r) => r.notice.kind === 'suspension');
      if (suspension) {
        await notifications
          .notify(id, 'moderation_notice', null, { type: 'notice', id: suspension.notice.id, title: body.reason })
          .catch(() => undefined);
      }
      return userAnswer(id);
    },

    /**
     * Suspends a tribe: hidden from all but its leaders, no gifts, pledges paused (the tribes, wallet and
     * treasury modules read `suspended_at`); each leader gets a notice.
     */
    async suspendTribe(acting: Acting, id: string, body: AdminReasonBody) {
      const now = clock.now();
      const tribe = await repo.findTribe(id);
      if (!tribe) throw notFound();
      if (tribe.suspendedAt) throw conflict(E.alreadySuspended, 'admin.already_suspended');
      const { row, notices } = await transact(async (tx) => {
        const row = await repo.setTribeSuspension(tx, id, { suspendedAt: now, suspensionReason: body.reason }, now);
        await audit(tx, {
          actor: acting.operator,
          ip: acting.ip,
          action: 'tribe.suspend',
          targetType: 'tribe',
          targetId: id,
          reason: body.reason,
        });
        const notices = [];
        for (const leaderId of await repo.tribeLeaderIds(id, tx)) {
          notices.push(
            await repo.insertNotice(tx, {
              userId: leaderId,
              kind: 'tribe_suspended',
              reason: body.reason,
              targetType: 'tribe',
              targetId: id,
              snapshot: {
                type: 'tribe',
                id,
                author: null,
                title: tribe.name,
                text: tribe.description,
                image_urls: [],
                tribe_id: id,
                post_id: null,
                created_at: tribe.createdAt.toISOString(),
              },
              actorId: acting.operator.id,
              createdAt: now,
            }),
          );
        }
        return { row: row!, notices };
      });
      for (const n of notices) {
        await notifications
          .notify(n.userId, 'moderation_notice', null, { type: 'notice', id: n.id, title: body.reason, tribe_id: id })
          .catch(() => undefined);
      }
      return presentAdminTribe(row);
    },

    async unsuspendTribe(acting: Acting, id: string, body: AdminReasonBody) {
      const now = clock.now();
      const tribe = await repo.findTribe(id);
      if (!tribe) throw notFound();
      if (!tribe.suspendedAt) throw conflict(E.notSuspended, 'admin.not_suspended');
      const row = await transact(async (tx) => {
        const row = await repo.setTribeSuspension(tx, id, { suspendedAt: null, suspensionReason: null }, now);
        await audit(tx, {
          actor: acting.operator,
          ip: acting.ip,
          action: 'tribe.unsuspend',
          targetType: 'tribe',
          targetId: id,
          reason: body.reason,
        });
        return row!;
      });
      // Each leader told of the suspension is told it is lifted, and why.
      for (const leaderId of await repo.tribeLeaderIds(id)) {
        const notice = (await repo.noticesOf(leaderId, undefined, 50)).find(
          (r) => r.notice.kind === 'tribe_suspended' && r.notice.targetId === id,
        );
        if (!notice) continue;
        await notifications
          .notify(leaderId, 'moderation_notice', null, { type: 'notice', id: notice.notice.id, title: body.reason, tribe_id: id })
          .catch(() => undefined);
      }
      return presentAdminTribe(row);
    },

    /** A notice as its member and the operators see it, with its appeal's state and deadline (the moderation module's notices too). */
    noticeView: presentNotice,

    async audit(q: AuditQuery) {
      const rows = await repo.listAudit(
        { actorId: q.actor_id, targetId: q.target_id, action: q.action },
        readTimeCursor(q.cursor),
        q.limit + 1,
      );
      const items = rows.slice(0, q.limit);
      const last = items[items.length - 1];
      return {
        items: items.map((r) => presentAudit(r.entry, r.actorName)),
        next_cursor: rows.length > q.limit && last ? timeCursor(last.entry.createdAt, last.entry.id) : null,
      };
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
