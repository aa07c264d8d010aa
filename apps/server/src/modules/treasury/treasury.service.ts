import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  EXPENSE_LIMITS,
  MONEY_ERRORS,
  TREASURY_ERRORS,
  type CreateExpenseBody,
  type Expense,
  type ExpenseDecisionBody,
  type ExpensePage,
  type ExpensesQuery,
  type PayExpenseBody,
  type Refund,
  type RefundBody,
  type TreasurySummary,
} from '@tribes/shared';
import type { Clock } from '#src/core/clock.js';
import { readTimeCursor, timeCursor } from '#src/core/cursor.js';
import { idempotent, requestHash, type Answer } from '#src/core/db/idempotency.js';
import type { Tx } from '#src/core/db/client.js';
import type { Transact } from '#src/core/db/transaction.js';
import { HttpError, conflict, fieldError, forbidden, notFound } from '#src/core/errors.js';
import type { Storage } from '#src/core/storage.js';
import { isActive, isBanned, isLeader, type TribeRow, type TribeReads } from '../tribes/index.js';
import { approvalState, type Deciders } from './approval-rule.js';
import type { UserRow } from '../users/index.js';
import type { NotificationsService } from '../notifications/index.js';
import { reencodeImage } from '#src/core/images.js';
import type { CampaignReads, LedgerAccounts } from '../wallet/index.js';
import { newReceiptKey } from './receipt-files.js';
import { presentExpense } from './treasury.presenter.js';
import type { ExpenseDecisionRow, ExpenseRow, ExpenseView, TreasuryRepo } from './treasury.repo.js';

/** The system account payouts go to: money leaving the ledger for a payee outside it. */
export const PAYOUTS_ACCOUNT = 'external:payouts';
/** The ledger kind of a payout (one transfer per expense: the ledger's (kind, reference) is unique). */
export const EXPENSE_TRANSFER_KIND = 'expense';
/** The ledger kind of a refund (one per donation: the ledger's (kind, reference) is unique). */
export const REFUND_TRANSFER_KIND = 'refund';
/** Longest side of a receipt photo: enough to read a till slip. */
const RECEIPT_MAX_SIDE = 2048;

/**
 * The fresh second factor of a sensitive act (approving, rejecting, paying): nothing without 2FA on;
 * and whether it is on (a sole leader's own approval needs it, decision 023).
 */
export interface StepUp {
  stepUp(user: UserRow, code: string | undefined): Promise<void>;
  status(user: UserRow): Promise<{ totp_enabled: boolean }>;
}

interface Deps {
  repo: TreasuryRepo;
  ledger: LedgerAccounts;
  tribes: TribeReads;
  campaigns: Pick<CampaignReads, 'find' | 'titlesOf'>;
  transact: Transact;
  clock: Clock;
  storage: Pick<Storage, 'url' | 'put' | 'delete'>;
  twoFactor: StepUp;
  notifications: Pick<NotificationsService, 'notify'>;
}

const isPdf = (b: Buffer) => b.length >= 5 && b.toString('latin1', 0, 5) === '%PDF-';

/**
 * A receipt is a photo (re-encoded to WebP, EXIF gone) or a PDF (kept as sent); anything else 415.
 * Stored privately: the presenter signs a short-lived URL for those who may see the expense (DESIGN 11.7).
 */
async function storeReceipt(storage: Pick<Storage, 'put'>, upload: Buffer): Promise<{ storageKey: string; contentType: string }> {
  const name = randomBytes(16).toString('hex');
  if (isPdf(upload)) {
    const storageKey = newReceiptKey(name, 'pdf');
    await storage.put(storageKey, upload, 'application/pdf');
    return { storageKey, contentType: 'application/pdf' };
  }
  let webp: Buffer;
  try {
    webp = await reencodeImage(upload, 'receipts', RECEIPT_MAX_SIDE);
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 415)
      throw new HttpError(415, 'validation.receipt_type', {}, undefined, {}, 'unsupported_media_type');
    throw err;
  }
  const storageKey = newReceiptKey(name, 'webp');
  await storage.put(storageKey, webp, 'image/webp');
  return { storageKey, contentType: 'image/webp' };
}

/**
 * The treasury (DESIGN 10.4): members propose spending from the tribe's or a campaign's funds,
 * leaders other than the proposer approve (min(2, leaders) of them) or reject (a moderator stands in
 * for missing leaders; a sole leader may approve their own with two-factor: decision 023), and a
 * leader records the payout: one ledger transfer, exactly once, never below zero. Outsiders see paid
 * expenses only.
 */
export function createTreasuryService({
  repo,
  ledger,
  tribes,
  campaigns,
  transact,
  clock,
  storage,
  twoFactor,
  notifications,
}: Deps) {
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
  async function assertVisible(row: ExpenseRow, viewer: UserRow | null): Promise<void> {
    const member = viewer ? await tribes.membership(row.tribeId, viewer.id) : undefined;
    if (isBanned(member)) throw forbidden();
    if (row.status !== 'paid' && !isActive(member)) throw notFound();
  }

  /**
   * The checks of a leader's payout, before its transaction (so that an outsider is told 403 before
   * being asked for a code), then again inside it on the locked row.
   */
  async function assertLeaderOf(row: ExpenseRow, user: UserRow, tx?: Tx) {
    if (!isLeader(await tribes.membership(row.tribeId, user.id, tx))) throw forbidden();
  }

  /**
   * In which capacity the user may approve or reject (decision 023): only the tribe's leaders and
   * moderators get past the first check (403), then an expense no longer open or already decided by
   * them is a 409, then the rule says who may (403 otherwise). Asked before the transaction, so that
   * nobody is asked for a code in vain, and again inside it on the locked row.
   */
  async function capacityOf(row: ExpenseRow, user: UserRow, decision: 'approve' | 'reject', tx?: Tx) {
    const who = await repo.deciders(row.tribeId, tx);
    if (!who.leaders.includes(user.id) && !who.moderators.includes(user.id)) throw forbidden();
    if (row.status !== 'proposed') throw conflict(TREASURY_ERRORS.notApprovable, 'expenses.not_open');
    const earlier = await repo.decisions(row.id, tx);
    if (earlier.some((d) => d.leaderId === user.id)) throw conflict('expense_already_decided', 'expenses.already_decided');
    const state = ruleOf(row, earlier, who);
    const as = state.approveAs(user.id);
    // The proposer may approve their own as a last resort, never reject it (that would be withdrawing it).
    if (!as || (decision === 'reject' && !state.mayReject(user.id))) throw forbidden();
    return { as, earlier };
  }

  async function decide(
    id: string,
    user: UserRow,
    body: ExpenseDecisionBody,
    code: string | undefined,
    decision: 'approve' | 'reject',
  ): Promise<Expense> {
    const first = await repo.find(id);
    if (!first) throw notFound();
    const { as } = await capacityOf(first, user, decision);
    // Approving one's own expense (nobody else left to): only with a second factor, and a fresh code of it.
    if (as === 'proposer' && !(await twoFactor.status(user)).totp_enabled)
      throw new HttpError(
        403,
        'expenses.self_approval_needs_two_factor',
        {},
        undefined,
        {},
        TREASURY_ERRORS.selfApprovalNeedsTwoFactor,
      );
    await twoFactor.stepUp(user, code);
    const now = clock.now();
    return transact(async (tx, afterCommit) => {
      const row = await repo.lock(tx, id);
      if (!row) throw notFound();
      const { as: role, earlier } = await capacityOf(row, user, decision, tx);
      await repo.addDecision(tx, { expenseId: id, leaderId: user.id, decision, role, note: body.note, createdAt: now });
      const approvals = earlier.filter((d) => d.decision === 'approve').length + (decision === 'approve' ? 1 : 0);
      const status = decision === 'reject' ? 'rejected' : approvals >= row.requiredApprovals ? 'approved' : 'proposed';
      // The decider has decided: nothing is left for them to approve, so no second factor is asked about.
      const expense = await present(await repo.update(tx, id, { status, updatedAt: now }), user, tx, false);
      if (status !== 'proposed')
        afterCommit(() => tell(status === 'approved' ? 'expense_approved' : 'expense_rejected', user, expense));
      return expense;
    });
  }

  return {
    /**
     * A member's proposal, exactly once per Idempotency-Key. The receipts are stored before the
     * transaction (they are files) and removed again when it fails or the request was a replay.
     */
    async propose(
      tribeRef: string,
      user: UserRow,
      body: CreateExpenseBody,
      files: Buffer[],
      key: string,
    ): Promise<Answer<{ expense: Expense }>> {
      const tribe = await tribeOf(tribeRef);
      if (!isActive(await tribes.membership(tribe.id, user.id))) throw forbidden();
      let campaignId: string | null = null;
      if (body.source?.type === 'campaign') {
        const campaign = await campaigns.find(body.source.id);
        if (!campaign || campaign.tribeId !== tribe.id) throw fieldError('source', 'expenses.source_invalid');
        campaignId = campaign.id;
      } else if (body.source && body.source.id !== tribe.id) {
        throw fieldError('source', 'expenses.source_invalid');
      }
      if (files.length > EXPENSE_LIMITS.receiptsMax)
        throw fieldError('receipts', 'expenses.too_many_receipts', { max: EXPENSE_LIMITS.receiptsMax });
      const hash = requestHash('expense', {
        tribe: tribe.id,
        body,
        receipts: files.map((f) => createHash('sha256').update(f).digest('hex')),
      });
      const stored: { storageKey: string; contentType: string }[] = [];
      const cleanUp = () => Promise.all(stored.map((s) => storage.delete(s.storageKey).catch(() => undefined)));
      try {
        for (const file of files) stored.push(await storeReceipt(storage, file));
        // The answer tells a sole leader whether they may approve it themselves (decision 023).
        const totpOn = (await twoFactor.status(user)).totp_enabled;
        const now = clock.now();
        const answer = await transact((tx, afterCommit) =>
          idempotent(tx, { userId: user.id, key, hash, now, status: 201 }, async () => {
            const leaders = await tribes.countActiveLeaders(tribe.id, tx);
            const row = await repo.insert(
              tx,
              {
                id: randomUUID(),
                tribeId: tribe.id,
                campaignId,
                proposerId: user.id,
                amount: body.amount,
                title: body.title,
                description: body.description,
                payee: body.payee,
                requiredApprovals: Math.max(1, Math.min(2, leaders)),
                createdAt: now,
                updatedAt: now,
              },
              stored,
            );
            const expense = await present(row, user, tx, totpOn);
            afterCommit(() => tell('expense_proposed', user, expense));
            return { expense };
          }),
        );
        if (answer.replayed) await cleanUp();
        return answer;
      } catch (err) {
        await cleanUp();
        throw err;
      }
    },

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

    async list(tribeRef: string, viewer: UserRow | null, q: ExpensesQuery): Promise<ExpensePage> {
      const tribe = await tribeOf(tribeRef);
      const member = viewer ? await tribes.membership(tribe.id, viewer.id) : undefined;
      if (isBanned(member)) throw forbidden();
      const statuses = isActive(member) ? (q.status ? [q.status] : undefined) : !q.status || q.status === 'paid' ? ['paid'] : [];
      if (statuses?.length === 0) return { items: [], next_cursor: null };
      const rows = await repo.ofTribe(tribe.id, { statuses, after: readTimeCursor(q.cursor), limit: q.limit + 1 });
      const page = rows.slice(0, q.limit);
      const views = await repo.views(page);
      const who = await repo.deciders(tribe.id);
      const approval = approvalOf(viewer);
      const items = await Promise.all(views.map(async (v) => presentExpense(v, tribe.name, storage, await approval(v, who))));
      const last = page[page.length - 1];
      return {
        items,
        next_cursor: rows.length > q.limit && last ? timeCursor(last.createdAt, last.id) : null,
      };
    },

    /** How many of a tribe's proposed expenses this person may approve now (the tribe page's "waiting for you"). */
    async awaitingDecision(tribeId: string, userId: string): Promise<number> {
      const rows = await repo.ofTribe(tribeId, { statuses: ['proposed'], after: undefined, limit: 500 });
      if (rows.length === 0) return 0;
      const [views, who] = await Promise.all([repo.views(rows), repo.deciders(tribeId)]);
      return views.filter((v) => ruleOf(v.row, v.decisions, who).approveAs(userId) !== null).length;
    },

    async get(id: string, viewer: UserRow | null): Promise<Expense> {
      const row = await repo.find(id);
      if (!row) throw notFound();
      await assertVisible(row, viewer);
      return present(row, viewer);
    },

    approve: (id: string, user: UserRow, body: ExpenseDecisionBody, code: string | undefined) =>
      decide(id, user, body, code, 'approve'),
    reject: (id: string, user: UserRow, body: ExpenseDecisionBody, code: string | undefined) =>
      decide(id, user, body, code, 'reject'),

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

export type TreasuryService = ReturnType<typeof createTreasuryService>;
