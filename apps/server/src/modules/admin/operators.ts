import { MODERATION_ERRORS as E } from '@tribes/shared';
import type { Clock } from '#src/core/clock.js';
import type { Transact } from '#src/core/db/transaction.js';
import { HttpError } from '#src/core/errors.js';
import type { AccountGate } from '../auth/index.js';
import type { UserRow } from '../users/index.js';
import type { AdminRepo } from './admin.repo.js';
import { suspensionInForce } from './admin.presenter.js';

/** Why a grant or revocation of the command line failed, for its exit message. */
export type OperatorCommandResult =
  { ok: true; changed: boolean } | { ok: false; reason: 'unknown_email' | 'unverified_email' | 'last_operator' };

/**
 * Who is an operator (DESIGN 11.2): the verified accounts of OPERATOR_EMAILS (at start-up and at each
 * sign-in) and those granted by `npm run operator`; and the gate every sign-in passes, which refuses a
 * suspended account and lifts a suspension whose end has passed.
 */
export function createOperators({
  repo,
  transact,
  clock,
  operatorEmails,
}: {
  repo: AdminRepo;
  transact: Transact;
  clock: Clock;
  operatorEmails: readonly string[];
}) {
  const configured = new Set(operatorEmails.map((e) => e.toLowerCase()));

  /** Grants the listed accounts, each grant written to the audit log as an act of no operator. */
  async function grantListed(emails: readonly string[], reason: string) {
    const now = clock.now();
    return transact(async (tx) => {
      const granted = await repo.grantOperatorsByEmail(emails, now, tx);
      for (const g of granted) {
        await repo.insertAudit(tx, {
          actorId: null,
          action: 'operator.grant',
          targetType: 'user',
          targetId: g.id,
          reason,
          ip: null,
          createdAt: now,
        });
      }
      return granted;
    });
  }

  const gate: AccountGate = {
    async admit(user: UserRow): Promise<UserRow> {
      const now = clock.now();
      if (user.suspendedAt) {
        if (suspensionInForce(user, now)) {
          throw new HttpError(403, 'errors.account_suspended', {}, undefined, {}, E.accountSuspended, {
            reason: user.suspensionReason ?? '',
            until: user.suspendedUntil?.toISOString() ?? null,
          });
        }
        // Its end has passed: lifted on this first check.
        await repo.liftExpiredSuspension(user.id, now);
        user = { ...user, suspendedAt: null, suspensionReason: null, suspendedUntil: null };
      }
      if (!user.platformRole && user.email && user.emailVerifiedAt && configured.has(user.email.toLowerCase())) {
        if ((await grantListed([user.email.toLowerCase()], 'OPERATOR_EMAILS')).length > 0)
          user = { ...user, platformRole: 'operator' };
      }
      return user;
    },
  };

  return {
    gate,
    /** At start-up: the verified accounts of OPERATOR_EMAILS become operators. */
    grantConfigured: () => grantListed([...configured], 'OPERATOR_EMAILS'),

    /** `npm run operator -- grant EMAIL`: a verified account becomes operator. */
    async grant(email: string): Promise<OperatorCommandResult> {
      const user = await repo.findUserByEmail(email.trim().toLowerCase());
      if (!user) return { ok: false, reason: 'unknown_email' };
      if (!user.emailVerifiedAt) return { ok: false, reason: 'unverified_email' };
      if (user.platformRole === 'operator') return { ok: true, changed: false };
      await grantListed([user.email!], 'npm run operator -- grant');
      return { ok: true, changed: true };
    },

    /** `npm run operator -- revoke EMAIL`: never the last operator who is not suspended. */
    async revoke(email: string): Promise<OperatorCommandResult> {
      const user = await repo.findUserByEmail(email.trim().toLowerCase());
      if (!user) return { ok: false, reason: 'unknown_email' };
      if (user.platformRole !== 'operator') return { ok: true, changed: false };
      const now = clock.now();
      if ((await repo.countActiveOperators(now, user.id)) === 0) return { ok: false, reason: 'last_operator' };
      await transact(async (tx) => {
        await repo.setPlatformRole(tx, user.id, null, now);
        await repo.insertAudit(tx, {
          actorId: null,
          action: 'operator.revoke',
          targetType: 'user',
          targetId: user.id,
          reason: 'npm run operator -- revoke',
          ip: null,
          createdAt: now,
        });
      });
      return { ok: true, changed: true };
    },
  };
}

export type Operators = ReturnType<typeof createOperators>;
