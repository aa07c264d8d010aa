import type { Expense } from '@tribes/shared';
import type { Tx } from '#src/core/db/client.js';
import { notFound } from '#src/core/errors.js';
import type { Storage } from '#src/core/storage.js';
import type { NotificationsService } from '../notifications/index.js';
import type { TribeReads, TribeRow } from '../tribes/index.js';
import type { UserRow } from '../users/index.js';
import { approvalState, type Deciders } from './approval-rule.js';
import { presentExpense } from './treasury.presenter.js';
import type { ExpenseDecisionRow, ExpenseRow, ExpenseView, TreasuryRepo } from './treasury.repo.js';

/**
 * The fresh second factor of a sensitive act (approving, rejecting, paying): nothing without 2FA on;
 * and whether it is on (a sole leader's own approval needs it, decision 023).
 */
export interface StepUp {
  stepUp(user: UserRow, code: string | undefined): Promise<void>;
  status(user: UserRow): Promise<{ totp_enabled: boolean }>;
}

/**
 * What the expenses and funds services share about an expense: its tribe, the approval rule as it
 * stands, the answer object for one viewer, and telling those it concerns after a step.
 */
export function createExpenseViews({
  repo,
  tribes,
  storage,
  twoFactor,
  notifications,
}: {
  repo: TreasuryRepo;
  tribes: Pick<TribeReads, 'findByRef'>;
  storage: Pick<Storage, 'url'>;
  twoFactor: Pick<StepUp, 'status'>;
  notifications: Pick<NotificationsService, 'notify'>;
}) {
  /**
   * After the commit, each step told to whom it concerns (never to the one who took it): a proposal to
   * the tribe's leaders, an approval to the proposer and the leaders (one of them pays), a rejection to
   * the proposer, a payout to the proposer and the approvers. A failure to notify never undoes the step.
   */
  function tell(kind: 'expense_proposed' | 'expense_approved' | 'expense_rejected' | 'expense_paid', actor: UserRow, e: Expense) {
    void (async () => {
      const deciders = kind === 'expense_proposed' || kind === 'expense_approved' ? await repo.deciders(e.tribe_id) : undefined;
      const people = new Set<string>(deciders?.leaders ?? []);
      // A proposal the other leaders cannot approve alone is the moderators' to approve too (decision 023).
      if (kind === 'expense_proposed' && e.approval.waiting_for === 'moderator')
        for (const id of deciders?.moderators ?? []) if (id !== actor.id) people.add(id);
      if (kind !== 'expense_proposed' && e.proposer) people.add(e.proposer.id);
      if (kind === 'expense_paid') for (const a of e.approvals) people.add(a.leader.id);
      const subject = { type: 'expense' as const, id: e.id, title: e.title, tribe_id: e.tribe_id };
      for (const id of people) await notifications.notify(id, kind, actor, subject);
    })().catch(() => undefined);
  }

  async function tribeOf(ref: string): Promise<TribeRow> {
    const tribe = await tribes.findByRef(ref);
    if (!tribe) throw notFound();
    return tribe;
  }

  const ruleOf = (row: ExpenseRow, decisions: readonly Pick<ExpenseDecisionRow, 'leaderId' | 'decision'>[], who: Deciders) =>
    approvalState(
      {
        proposerId: row.proposerId,
        status: row.status,
        requiredApprovals: row.requiredApprovals,
        decisions: decisions.map((d) => ({ deciderId: d.leaderId, decision: d.decision })),
      },
      who,
    );

  /**
   * What an expense waits for and what the viewer may do about it. The proposer who may approve it
   * themselves is told when two-factor must be turned on first (asked once per answer; inside a
   * transaction it must be known beforehand, `totpOn`: the two-factor module reads outside it).
   */
  function approvalOf(viewer: UserRow | null, totpOn?: boolean) {
    let totp: Promise<boolean> | undefined = totpOn === undefined ? undefined : Promise.resolve(totpOn);
    return async (view: ExpenseView, who: Deciders): Promise<Expense['approval']> => {
      const state = ruleOf(view.row, view.decisions, who);
      const as = viewer ? state.approveAs(viewer.id) : null;
      const needsTotp =
        as === 'proposer' && viewer !== null && !(await (totp ??= twoFactor.status(viewer).then((s) => s.totp_enabled)));
      return {
        waiting_for: state.waitingFor,
        can_approve: as !== null && !needsTotp,
        can_reject: viewer ? state.mayReject(viewer.id) : false,
        two_factor_needed: needsTotp,
      };
    };
  }

  async function present(row: ExpenseRow, viewer: UserRow | null, tx?: Tx, totpOn?: boolean): Promise<Expense> {
    const [view] = await repo.views([row], tx);
    const tribe = await tribes.findByRef(row.tribeId, tx);
    const approval = await approvalOf(viewer, totpOn)(view!, await repo.deciders(row.tribeId, tx));
    return presentExpense(view!, tribe?.name ?? '', storage, approval);
  }

  /** Who may see an expense: a paid one anyone but the tribe's banned members; the rest its active members. */
  return { tell, tribeOf, ruleOf, approvalOf, present };
}

export type ExpenseViews = ReturnType<typeof createExpenseViews>;
