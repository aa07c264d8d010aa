import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  EXPENSE_LIMITS,
  TREASURY_ERRORS,
  type CreateExpenseBody,
  type Expense,
  type ExpenseDecisionBody,
  type ExpensePage,
  type ExpensesQuery,
} from '@tribes/shared';
import type { Clock } from '#src/core/clock.js';
import { readTimeCursor, timeCursor } from '#src/core/cursor.js';
import { idempotent, requestHash, type Answer } from '#src/core/db/idempotency.js';
import type { Tx } from '#src/core/db/client.js';
import type { Transact } from '#src/core/db/transaction.js';
import { HttpError, conflict, fieldError, forbidden, notFound } from '#src/core/errors.js';
import { reencodeImage } from '#src/core/images.js';
import type { Storage } from '#src/core/storage.js';
import { isActive, isBanned, type TribeReads } from '../tribes/index.js';
import type { UserRow } from '../users/index.js';
import type { CampaignReads } from '../wallet/index.js';
import type { ExpenseViews, StepUp } from './expense-views.js';
import { newReceiptKey } from './receipt-files.js';
import { presentExpense } from './treasury.presenter.js';
import type { ExpenseRow, TreasuryRepo } from './treasury.repo.js';

/** Longest side of a receipt photo: enough to read a till slip. */
const RECEIPT_MAX_SIDE = 2048;

interface Deps {
  repo: TreasuryRepo;
  /** The expense's tribe, approval state and answer object, and who is told (shared with the funds service). */
  views: ExpenseViews;
  tribes: TribeReads;
  campaigns: Pick<CampaignReads, 'find'>;
  transact: Transact;
  clock: Clock;
  storage: Pick<Storage, 'url' | 'put' | 'delete'>;
  twoFactor: StepUp;
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
 * Expenses (DESIGN 10.4): members propose spending from the tribe's or a campaign's funds, leaders
 * other than the proposer approve (min(2, leaders) of them) or reject (a moderator stands in for
 * missing leaders; a sole leader may approve their own with two-factor: decision 023). Outsiders see
 * paid expenses only. Paying one is the funds service's.
 */
export function createExpensesService({ repo, views, tribes, campaigns, transact, clock, storage, twoFactor }: Deps) {
  const { tell, tribeOf, ruleOf, approvalOf, present } = views;

  /** Who may see an expense: a paid one anyone but the tribe's banned members; the rest its active members. */
  async function assertVisible(row: ExpenseRow, viewer: UserRow | null): Promise<void> {
    const member = viewer ? await tribes.membership(row.tribeId, viewer.id) : undefined;
    if (isBanned(member)) throw forbidden();
    if (row.status !== 'paid' && !isActive(member)) throw notFound();
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
  };
}

export type ExpensesService = ReturnType<typeof createExpensesService>;
