import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { campaigns, ledgerTransfers } from './money.js';
import { tribes } from './tribes.js';
import { users } from './users.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const tokens = (name: string) => bigint(name, { mode: 'number' });

/**
 * Spending from a tribe's or a campaign's funds (DESIGN 10.4): proposed by a member, approved by
 * `required_approvals` leaders other than the proposer (or rejected by one), then paid by a leader
 * with one ledger transfer (kind 'expense', reference = this id) to the payouts system account.
 */
export const expenses = pgTable(
  'expenses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tribeId: uuid('tribe_id')
      .notNull()
      .references(() => tribes.id, { onDelete: 'restrict' }),
    /** Paid from this campaign's account; null: from the tribe's own account. */
    campaignId: uuid('campaign_id').references(() => campaigns.id, { onDelete: 'restrict' }),
    proposerId: uuid('proposer_id').references(() => users.id, { onDelete: 'set null' }),
    amount: tokens('amount').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    payee: text('payee').notNull(),
    status: text('status').notNull().default('proposed'),
    requiredApprovals: integer('required_approvals').notNull(),
    /** The payout's reference (bank transfer, receipt number), recorded by the leader who paid. */
    reference: text('reference'),
    paidBy: uuid('paid_by').references(() => users.id, { onDelete: 'set null' }),
    paidAt: ts('paid_at'),
    transferId: uuid('transfer_id').references(() => ledgerTransfers.id),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('expenses_tribe_idx').on(t.tribeId, t.createdAt),
    check('expenses_status', sql`${t.status} in ('proposed', 'approved', 'rejected', 'paid')`),
    check('expenses_amount', sql`${t.amount} > 0`),
    check('expenses_required', sql`${t.requiredApprovals} between 1 and 2`),
    check('expenses_paid', sql`(${t.status} = 'paid') = (${t.transferId} is not null)`),
  ],
);

/**
 * A decision on an expense, one per person: a leader's (never the proposer's), or, when the tribe has
 * too few other leaders to approve it, a moderator's, or the sole leader's own approval with a
 * two-factor code (decision 023). `role` keeps the capacity the decision was taken in: roles change.
 */
export const expenseDecisions = pgTable(
  'expense_decisions',
  {
    expenseId: uuid('expense_id')
      .notNull()
      .references(() => expenses.id, { onDelete: 'cascade' }),
    /** Who decided (named for the usual case: a leader). */
    leaderId: uuid('leader_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    decision: text('decision').notNull(),
    role: text('role').notNull().default('leader'),
    note: text('note').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.expenseId, t.leaderId] }),
    check('expense_decisions_decision', sql`${t.decision} in ('approve', 'reject')`),
    check('expense_decisions_role', sql`${t.role} in ('leader', 'moderator', 'proposer')`),
  ],
);

/** The receipts of an expense (photos re-encoded to WebP, or PDF), in the order they were sent. */
export const expenseReceipts = pgTable(
  'expense_receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    expenseId: uuid('expense_id')
      .notNull()
      .references(() => expenses.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [index('expense_receipts_expense_idx').on(t.expenseId, t.position)],
);

/**
 * A monthly gift from a wallet to a tribe or one of its campaigns (DESIGN 10.4), run by the job queue
 * on `day_of_month`: `next_run_at` is when it is next due (a month on after a payment, three days on
 * after a failure for lack of funds). Paused pledges wait; cancelled ones are kept for the record.
 */
export const pledges = pgTable(
  'pledges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type').notNull(),
    tribeId: uuid('tribe_id')
      .notNull()
      .references(() => tribes.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id').references(() => campaigns.id, { onDelete: 'cascade' }),
    amount: tokens('amount').notNull(),
    dayOfMonth: integer('day_of_month').notNull(),
    status: text('status').notNull().default('active'),
    nextRunAt: ts('next_run_at').notNull(),
    /** The month (YYYY-MM) `next_run_at` pays for: a retry after a failure pays the same month. */
    dueMonth: text('due_month').notNull(),
    failures: integer('failures').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('pledges_user_idx').on(t.userId, t.createdAt),
    index('pledges_due_idx').on(t.status, t.nextRunAt),
    check('pledges_status', sql`${t.status} in ('active', 'paused', 'cancelled')`),
    check('pledges_target', sql`${t.targetType} in ('tribe', 'campaign')`),
    check('pledges_amount', sql`${t.amount} > 0`),
    check('pledges_day', sql`${t.dayOfMonth} between 1 and 28`),
  ],
);

/** One month of a pledge: paid (with its donation), skipped, or failed so far. Its key makes a month run once. */
export const pledgeRuns = pgTable(
  'pledge_runs',
  {
    pledgeId: uuid('pledge_id')
      .notNull()
      .references(() => pledges.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    status: text('status').notNull(),
    donationId: uuid('donation_id'),
    at: ts('at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.pledgeId, t.month] }),
    check('pledge_runs_status', sql`${t.status} in ('paid', 'skipped', 'failed')`),
  ],
);
