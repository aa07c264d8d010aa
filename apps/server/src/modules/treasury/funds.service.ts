import {
  MONEY_ERRORS,
  TREASURY_ERRORS,
  type Expense,
  type PayExpenseBody,
  type Refund,
  type RefundBody,
  type TreasurySummary,
} from '@tribes/shared';
import type { Clock } from '#src/core/clock.js';
import { idempotent, requestHash, type Answer } from '#src/core/db/idempotency.js';
import type { Tx } from '#src/core/db/client.js';
import type { Transact } from '#src/core/db/transaction.js';
import { HttpError, conflict, forbidden, notFound } from '#src/core/errors.js';
import type { NotificationsService } from '../notifications/index.js';
import { isActive, isBanned, isLeader, type TribeReads } from '../tribes/index.js';
import type { UserRow } from '../users/index.js';
import type { CampaignReads, LedgerAccounts } from '../wallet/index.js';
import type { ExpenseViews, StepUp } from './expense-views.js';
import type { ExpenseRow, TreasuryRepo } from './treasury.repo.js';

/** The system account payouts go to: money leaving the ledger for a payee outside it. */
export const PAYOUTS_ACCOUNT = 'external:payouts';
/** The ledger kind of a payout (one transfer per expense: the ledger's (kind, reference) is unique). */
export const EXPENSE_TRANSFER_KIND = 'expense';
/** The ledger kind of a refund (one per donation: the ledger's (kind, reference) is unique). */
export const REFUND_TRANSFER_KIND = 'refund';

interface Deps {
  repo: TreasuryRepo;
  /** The expense's answer object and who is told of a payout (shared with the expenses service). */
  views: Pick<ExpenseViews, 'tribeOf' | 'present' | 'tell'>;
  ledger: LedgerAccounts;
  tribes: TribeReads;
  campaigns: Pick<CampaignReads, 'find' | 'titlesOf'>;
  transact: Transact;
  clock: Clock;
  twoFactor: Pick<StepUp, 'stepUp'>;
  notifications: Pick<NotificationsService, 'notify'>;
}

/**
 * A tribe's funds (DESIGN 10.4): the balances of the tribe's and its campaigns' accounts, and the two
 * ways money leaves them, both one ledger transfer made exactly once and never below zero: a leader
 * pays an approved expense, or gives a donation back.
 */
export function createFundsService({ repo, views, ledger, tribes, campaigns, transact, clock, twoFactor, notifications }: Deps) {
  const { tribeOf, present, tell } = views;

  /**
   * The checks of a leader's payout, before its transaction (so that an outsider is told 403 before
   * being asked for a code), then again inside it on the locked row.
   */
  async function assertLeaderOf(row: ExpenseRow, user: UserRow, tx?: Tx) {
    if (!isLeader(await tribes.membership(row.tribeId, user.id, tx))) throw forbidden();
  }

  return {
    async summary(tribeRef: string, viewer: UserRow | null): Promise<TreasurySummary> {
      const tribe = await tribeOf(tribeRef);
      const member = viewer ? await tribes.membership(tribe.id, viewer.id) : undefined;
      if (isBanned(member)) throw forbidden();
      const titles = await campaigns.titlesOf(tribe.id);
      const accounts = await ledger.publicAccountsOf([tribe.id, ...titles.map((c) => c.id)]);
      const balanceOf = (kind: string, owner: string) =>
        Number(accounts.find((a) => a.kind === kind && a.ownerId === owner)?.balance ?? 0);
      return {
        balance: balanceOf('tribe', tribe.id),
        campaigns: titles.map((c) => ({ id: c.id, title: c.title, balance: balanceOf('campaign', c.id) })),
        open_expenses: isActive(member) ? await repo.countOpen(tribe.id) : 0,
        can_propose: isActive(member),
        can_decide: isLeader(member),
      };
    },

    /**
     * A leader gives a donation back, once: the locked donation (not refunded yet), one reversing
     * transfer from the account it went to (the tribe's or the campaign's; 409 when that fund has spent
     * it) to the donor's wallet, the donation marked with the public reason, the campaign's total
     * lowered. The donor is told after the commit.
     */
    async refund(donationId: string, user: UserRow, body: RefundBody, code: string | undefined): Promise<Refund> {
      const first = await repo.findDonation(donationId);
      if (!first) throw notFound();
      if (!isLeader(await tribes.membership(first.tribeId, user.id))) throw forbidden();
      await twoFactor.stepUp(user, code);
      const now = clock.now();
      return transact(async (tx, afterCommit) => {
        const d = await repo.lockDonation(tx, donationId);
        if (!d) throw notFound();
        if (!isLeader(await tribes.membership(d.tribeId, user.id, tx))) throw forbidden();
        if (d.refundedAt) throw conflict(TREASURY_ERRORS.refunded, 'refunds.already');
        const from = d.campaignId
          ? await ledger.accountOf('campaign', d.campaignId, tx)
          : await ledger.accountOf('tribe', d.tribeId, tx);
        const to = await ledger.accountOf('user', d.donorId, tx);
        await ledger
          .transfer(tx, {
            fromId: from.id,
            toId: to.id,
            amount: d.amount,
            kind: REFUND_TRANSFER_KIND,
            referenceId: d.id,
            at: now,
          })
          .catch((err: unknown) => {
            if (err instanceof HttpError && err.errorType === MONEY_ERRORS.insufficientFunds)
              throw conflict(MONEY_ERRORS.insufficientFunds, 'refunds.insufficient_funds');
            throw err;
          });
        const row = await repo.markRefunded(tx, d, { reason: body.reason, by: user.id, at: now });
        const target = d.campaignId
          ? ((await campaigns.find(d.campaignId, tx))?.title ?? '')
          : ((await tribes.findByRef(d.tribeId, tx))?.name ?? '');
        afterCommit(() => {
          void notifications
            .notify(d.donorId, 'donation_refunded', user, { type: 'donation', id: d.id, title: target, tribe_id: d.tribeId })
            .catch(() => undefined);
        });
        return { donation_id: row.id, amount: row.amount, reason: body.reason, refunded_at: now.toISOString() };
      });
    },

    /**
     * A leader records the payout of an approved expense, exactly once: the Idempotency-Key, the
     * locked expense (approved, not yet paid), the ledger transfer from the source account (409
     * insufficient_funds when it lacks the tokens: nothing moves) and the expense's new state, in one
     * transaction. A moderator cannot pay.
     */
    async pay(
      id: string,
      user: UserRow,
      body: PayExpenseBody,
      key: string,
      code: string | undefined,
    ): Promise<Answer<{ expense: Expense }>> {
      const first = await repo.find(id);
      if (!first) throw notFound();
      await assertLeaderOf(first, user);
      await twoFactor.stepUp(user, code);
      const now = clock.now();
      return transact((tx, afterCommit) =>
        idempotent(tx, { userId: user.id, key, hash: requestHash('expense.pay', { id, body }), now }, async () => {
          const row = await repo.lock(tx, id);
          if (!row) throw notFound();
          await assertLeaderOf(row, user, tx);
          if (row.status !== 'approved') throw conflict(TREASURY_ERRORS.notPayable, 'expenses.not_approved');
          const from = row.campaignId
            ? await ledger.accountOf('campaign', row.campaignId, tx)
            : await ledger.accountOf('tribe', row.tribeId, tx);
          const to = await ledger.systemAccount(PAYOUTS_ACCOUNT, tx);
          const transfer = await ledger
            .transfer(tx, {
              fromId: from.id,
              toId: to.id,
              amount: row.amount,
              kind: EXPENSE_TRANSFER_KIND,
              referenceId: row.id,
              at: now,
            })
            .catch((err: unknown) => {
              // The ledger's 409 speaks of the payer's wallet; here the payer is the tribe's or the campaign's fund.
              if (err instanceof HttpError && err.errorType === MONEY_ERRORS.insufficientFunds)
                throw conflict(MONEY_ERRORS.insufficientFunds, 'expenses.insufficient_funds');
              throw err;
            });
          const paid = await repo.update(tx, id, {
            status: 'paid',
            reference: body.reference,
            paidBy: user.id,
            paidAt: now,
            transferId: transfer.id,
            updatedAt: now,
          });
          const expense = await present(paid, user, tx, false);
          afterCommit(() => tell('expense_paid', user, expense));
          return { expense };
        }),
      );
    },
  };
}

export type FundsService = ReturnType<typeof createFundsService>;
