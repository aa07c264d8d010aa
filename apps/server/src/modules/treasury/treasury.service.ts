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
import { isActive, isBanned, isLeader } from '../tribes/tribe-roles.js';
import type { TribeRow, TribesRepo } from '../tribes/tribes.repo.js';
import type { UserRow } from '../users/users.repo.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import { reencodeImage } from '#src/core/images.js';
import type { CampaignsRepo } from '../wallet/campaigns.repo.js';
import type { Ledger } from '../wallet/ledger.repo.js';
import { newReceiptKey } from './receipt-files.js';
import { presentExpense } from './treasury.presenter.js';
import type { ExpenseRow, TreasuryRepo } from './treasury.repo.js';

/** The system account payouts go to: money leaving the ledger for a payee outside it. */
export const PAYOUTS_ACCOUNT = 'external:payouts';
/** The ledger kind of a payout (one transfer per expense: the ledger's (kind, reference) is unique). */
export const EXPENSE_TRANSFER_KIND = 'expense';
/** The ledger kind of a refund (one per donation: the ledger's (kind, reference) is unique). */
export const REFUND_TRANSFER_KIND = 'refund';
/** Longest side of a receipt photo: enough to read a till slip. */
const RECEIPT_MAX_SIDE = 2048;

/** The fresh second factor of a sensitive act (approving, rejecting, paying): nothing without 2FA on. */
export interface StepUp {
  stepUp(user: UserRow, code: string | undefined): Promise<void>;
}

interface Deps {
  repo: TreasuryRepo;
  ledger: Ledger;
  tribes: TribesRepo;
  campaigns: Pick<CampaignsRepo, 'find' | 'titlesOf'>;
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
 * leaders other than the proposer approve (min(2, leaders) of them) or reject, and a leader records
 * the payout: one ledger transfer, exactly once, never below zero. Outsiders see paid expenses only.
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
      const leaders = kind === 'expense_proposed' || kind === 'expense_approved' ? await tribes.activeLeaderIds(e.tribe_id) : [];
      const people = new Set<string>(leaders);
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

  async function present(row: ExpenseRow, tx?: Tx): Promise<Expense> {
    const [view] = await repo.views([row], tx);
    const tribe = await tribes.findByRef(row.tribeId, tx);
    return presentExpense(view!, tribe?.name ?? '', storage);
  }

  /** Who may see an expense: a paid one anyone but the tribe's banned members; the rest its active members. */
  async function assertVisible(row: ExpenseRow, viewer: UserRow | null): Promise<void> {
    const member = viewer ? await tribes.membership(row.tribeId, viewer.id) : undefined;
    if (isBanned(member)) throw forbidden();
    if (row.status !== 'paid' && !isActive(member)) throw notFound();
  }

  /**
   * The checks of a leader's act on an expense, before its transaction (so that an outsider is told
   * 403 before being asked for a code), then again inside it on the locked row.
   */
  async function assertLeaderOf(row: ExpenseRow, user: UserRow, opts: { notProposer: boolean }, tx?: Tx) {
    const member = await tribes.membership(row.tribeId, user.id, tx);
    if (!isLeader(member)) throw forbidden();
    if (opts.notProposer && row.proposerId === user.id) throw forbidden();
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
    await assertLeaderOf(first, user, { notProposer: true });
    await twoFactor.stepUp(user, code);
    const now = clock.now();
    return transact(async (tx, afterCommit) => {
      const row = await repo.lock(tx, id);
      if (!row) throw notFound();
      await assertLeaderOf(row, user, { notProposer: true }, tx);
      if (row.status !== 'proposed') throw conflict(TREASURY_ERRORS.notApprovable, 'expenses.not_open');
      const earlier = await repo.decisions(tx, id);
      if (earlier.some((d) => d.leaderId === user.id)) throw conflict('expense_already_decided', 'expenses.already_decided');
      await repo.addDecision(tx, { expenseId: id, leaderId: user.id, decision, note: body.note, createdAt: now });
      const approvals = earlier.filter((d) => d.decision === 'approve').length + (decision === 'approve' ? 1 : 0);
      const status = decision === 'reject' ? 'rejected' : approvals >= row.requiredApprovals ? 'approved' : 'proposed';
      const expense = await present(await repo.update(tx, id, { status, updatedAt: now }), tx);
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
            const expense = await present(row, tx);
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
      const last = page[page.length - 1];
      return {
        items: views.map((v) => presentExpense(v, tribe.name, storage)),
        next_cursor: rows.length > q.limit && last ? timeCursor(last.createdAt, last.id) : null,
      };
    },

    async get(id: string, viewer: UserRow | null): Promise<Expense> {
      const row = await repo.find(id);
      if (!row) throw notFound();
      await assertVisible(row, viewer);
      return present(row);
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
      await assertLeaderOf(first, user, { notProposer: false });
      await twoFactor.stepUp(user, code);
      const now = clock.now();
      return transact((tx, afterCommit) =>
        idempotent(tx, { userId: user.id, key, hash: requestHash('expense.pay', { id, body }), now }, async () => {
          const row = await repo.lock(tx, id);
          if (!row) throw notFound();
          await assertLeaderOf(row, user, { notProposer: false }, tx);
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
          const expense = await present(paid, tx);
          afterCommit(() => tell('expense_paid', user, expense));
          return { expense };
        }),
      );
    },
  };
}

export type TreasuryService = ReturnType<typeof createTreasuryService>;
