import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '#src/core/db/client.js';
import {
  campaigns,
  donations,
  expenseDecisions,
  expenseReceipts,
  expenses,
  ledgerAccounts,
  ledgerTransfers,
  tribes,
  users,
} from '#src/core/db/schema/index.js';
import { MONEY_ERRORS, type ApproverRole } from '@tribes/shared';
import type { TimeCursor } from '#src/core/cursor.js';
import { olderThan } from '#src/core/db/keyset.js';
import { conflict } from '#src/core/errors.js';
import type { DonationRow } from './donations.repo.js';

export type AccountRow = typeof ledgerAccounts.$inferSelect;
export type TransferRow = typeof ledgerTransfers.$inferSelect;
export type AccountKind = 'user' | 'tribe' | 'campaign';

/** One of an account's movements, with the account on its other side (and that tribe's or campaign's name). */
export interface AccountEntryRow {
  t: TransferRow;
  other: { kind: string; ownerId: string | null };
  tribeName: string | null;
  campaignTitle: string | null;
}

/** A movement of a public ledger, with the donation it records (if any) and that donation's donor. */
export interface PublicEntryRow {
  t: TransferRow;
  d: DonationRow | null;
  donor: { id: string; name: string } | null;
}

/** An expense as the public ledger shows it beside its payout. */
export interface PaidExpenseRow {
  id: string;
  title: string;
  payee: string;
  receipts: number;
  /** Who approved, and as what (a leader, a moderator standing in, or its own requester: decision 023). */
  approvers: { id: string; name: string; as: ApproverRole }[];
}

/** 409 with a clear message: nothing moved. */
export const insufficientFunds = () => conflict(MONEY_ERRORS.insufficientFunds, 'wallet.insufficient_funds');

/**
 * The double-entry ledger (accounts, their entries and balances), the only code that changes a balance. Every movement is one transfer
 * row and two balance updates in the caller's transaction, with both account rows locked in a
 * fixed order (by id) so concurrent transfers neither deadlock nor overspend.
 */
export function createLedger(db: Db) {
  /** The account of a user, tribe or campaign, created on first use. */
  async function accountOf(kind: AccountKind, ownerId: string, conn: Db | Tx = db): Promise<AccountRow> {
    const where = and(eq(ledgerAccounts.kind, kind), eq(ledgerAccounts.ownerId, ownerId));
    const [found] = await conn.select().from(ledgerAccounts).where(where).limit(1);
    if (found) return found;
    await conn.insert(ledgerAccounts).values({ kind, ownerId }).onConflictDoNothing();
    const [row] = await conn
      .select()
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.kind, kind), eq(ledgerAccounts.ownerId, ownerId)))
      .limit(1);
    return row!;
  }

  async function systemAccount(name: string, conn: Db | Tx = db): Promise<AccountRow> {
    const [row] = await conn.select().from(ledgerAccounts).where(eq(ledgerAccounts.name, name)).limit(1);
    if (!row) throw new Error(`system account ${name} is missing (migrations not applied?)`);
    return row;
  }

  /** Moves tokens from one account to another inside the given transaction; 409 when a non-system account lacks them. */
  async function transfer(
    tx: Tx,
    move: { id?: string; fromId: string; toId: string; amount: number; kind: string; referenceId: string | null; at: Date },
  ): Promise<TransferRow & { fromBalance: number; toBalance: number }> {
    if (!Number.isSafeInteger(move.amount) || move.amount <= 0) throw new Error(`invalid transfer amount ${move.amount}`);
    const locked = await tx
      .select()
      .from(ledgerAccounts)
      .where(inArray(ledgerAccounts.id, [move.fromId, move.toId]))
      .orderBy(asc(ledgerAccounts.id))
      .for('update');
    const from = locked.find((a) => a.id === move.fromId);
    const to = locked.find((a) => a.id === move.toId);
    if (!from || !to) throw new Error('transfer between unknown accounts');
    if (from.kind !== 'system' && from.balance < move.amount) throw insufficientFunds();
    await tx
      .update(ledgerAccounts)
      .set({ balance: sql`${ledgerAccounts.balance} - ${move.amount}` })
      .where(eq(ledgerAccounts.id, from.id));
    await tx
      .update(ledgerAccounts)
      .set({ balance: sql`${ledgerAccounts.balance} + ${move.amount}` })
      .where(eq(ledgerAccounts.id, to.id));
    const [row] = await tx
      .insert(ledgerTransfers)
      .values({
        ...(move.id ? { id: move.id } : {}),
        fromAccountId: from.id,
        toAccountId: to.id,
        amount: move.amount,
        kind: move.kind,
        referenceId: move.referenceId,
        createdAt: move.at,
      })
      .returning();
    return { ...row!, fromBalance: Number(from.balance) - move.amount, toBalance: Number(to.balance) + move.amount };
  }

  /**
   * The ledger's invariants: every balance equals its credits minus its debits, and all balances
   * sum to zero. Tests and the operator health endpoint run it.
   */
  async function checkInvariants(): Promise<{ ok: boolean; accounts: number; total: number; mismatched: string[] }> {
    const credits = db
      .select({ account: ledgerTransfers.toAccountId, total: sql<string>`sum(${ledgerTransfers.amount})`.as('credits') })
      .from(ledgerTransfers)
      .groupBy(ledgerTransfers.toAccountId)
      .as('c');
    const debits = db
      .select({ account: ledgerTransfers.fromAccountId, total: sql<string>`sum(${ledgerTransfers.amount})`.as('debits') })
      .from(ledgerTransfers)
      .groupBy(ledgerTransfers.fromAccountId)
      .as('d');
    const rows = await db
      .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance, credits: credits.total, debits: debits.total })
      .from(ledgerAccounts)
      .leftJoin(credits, eq(credits.account, ledgerAccounts.id))
      .leftJoin(debits, eq(debits.account, ledgerAccounts.id));
    const mismatched = rows.filter((r) => Number(r.credits ?? 0) - Number(r.debits ?? 0) !== Number(r.balance)).map((r) => r.id);
    const total = rows.reduce((sum, r) => sum + Number(r.balance), 0);
    return { ok: mismatched.length === 0 && total === 0, accounts: rows.length, total, mismatched };
  }

  /** An account's movements, newest first, after the cursor: only in, only out or both, optionally of one kind. */
  async function entriesOf(
    accountId: string,
    q: { direction?: 'in' | 'out'; kind?: string; after: TimeCursor | undefined; limit: number },
  ): Promise<AccountEntryRow[]> {
    const mine =
      q.direction === 'in'
        ? eq(ledgerTransfers.toAccountId, accountId)
        : q.direction === 'out'
          ? eq(ledgerTransfers.fromAccountId, accountId)
          : or(eq(ledgerTransfers.toAccountId, accountId), eq(ledgerTransfers.fromAccountId, accountId));
    return db
      .select({
        t: ledgerTransfers,
        other: { kind: ledgerAccounts.kind, ownerId: ledgerAccounts.ownerId },
        tribeName: tribes.name,
        campaignTitle: campaigns.title,
      })
      .from(ledgerTransfers)
      .innerJoin(
        ledgerAccounts,
        sql`${ledgerAccounts.id} = case when ${ledgerTransfers.fromAccountId} = ${accountId} then ${ledgerTransfers.toAccountId} else ${ledgerTransfers.fromAccountId} end`,
      )
      .leftJoin(tribes, and(eq(ledgerAccounts.kind, 'tribe'), eq(tribes.id, ledgerAccounts.ownerId)))
      .leftJoin(campaigns, and(eq(ledgerAccounts.kind, 'campaign'), eq(campaigns.id, ledgerAccounts.ownerId)))
      .where(
        and(
          mine,
          q.kind ? eq(ledgerTransfers.kind, q.kind) : undefined,
          olderThan(ledgerTransfers.createdAt, ledgerTransfers.id, q.after),
        ),
      )
      .orderBy(desc(ledgerTransfers.createdAt), desc(ledgerTransfers.id))
      .limit(q.limit);
  }

  /** The tribe and campaign accounts of these owners (a tribe and its campaigns). */
  async function publicAccountsOf(ownerIds: string[]): Promise<AccountRow[]> {
    return db
      .select()
      .from(ledgerAccounts)
      .where(and(inArray(ledgerAccounts.ownerId, ownerIds), inArray(ledgerAccounts.kind, ['tribe', 'campaign'])));
  }

  /** Movements into and out of these accounts, newest first, after the cursor, with their donations and donors. */
  async function publicEntries(
    accountIds: string[],
    q: { after: TimeCursor | undefined; limit: number },
  ): Promise<PublicEntryRow[]> {
    return db
      .select({ t: ledgerTransfers, d: donations, donor: { id: users.id, name: users.name } })
      .from(ledgerTransfers)
      .leftJoin(
        donations,
        and(inArray(ledgerTransfers.kind, ['donation', 'refund']), eq(donations.id, ledgerTransfers.referenceId)),
      )
      .leftJoin(users, eq(users.id, donations.donorId))
      .where(
        and(
          or(inArray(ledgerTransfers.toAccountId, accountIds), inArray(ledgerTransfers.fromAccountId, accountIds)),
          olderThan(ledgerTransfers.createdAt, ledgerTransfers.id, q.after),
        ),
      )
      .orderBy(desc(ledgerTransfers.createdAt), desc(ledgerTransfers.id))
      .limit(q.limit);
  }

  /** The public face of the expenses these payouts paid: title, payee, receipts count, approvers (in order). */
  async function paidExpenses(expenseIds: string[]): Promise<Map<string, PaidExpenseRow>> {
    if (expenseIds.length === 0) return new Map();
    const rows = await db
      .select({ id: expenses.id, title: expenses.title, payee: expenses.payee })
      .from(expenses)
      .where(inArray(expenses.id, expenseIds));
    const counts = await db
      .select({ id: expenseReceipts.expenseId, n: sql<number>`count(*)::int` })
      .from(expenseReceipts)
      .where(inArray(expenseReceipts.expenseId, expenseIds))
      .groupBy(expenseReceipts.expenseId);
    const approvers = await db
      .select({ expenseId: expenseDecisions.expenseId, id: users.id, name: users.name, as: expenseDecisions.role })
      .from(expenseDecisions)
      .innerJoin(users, eq(users.id, expenseDecisions.leaderId))
      .where(and(inArray(expenseDecisions.expenseId, expenseIds), eq(expenseDecisions.decision, 'approve')))
      .orderBy(asc(expenseDecisions.createdAt));
    return new Map(
      rows.map((r) => [
        r.id,
        {
          ...r,
          receipts: counts.find((c) => c.id === r.id)?.n ?? 0,
          approvers: approvers
            .filter((a) => a.expenseId === r.id)
            .map((a) => ({ id: a.id, name: a.name, as: a.as as ApproverRole })),
        },
      ]),
    );
  }

  return { accountOf, systemAccount, transfer, checkInvariants, entriesOf, publicAccountsOf, publicEntries, paidExpenses };
}

export type Ledger = ReturnType<typeof createLedger>;
