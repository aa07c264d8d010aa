import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tribes } from './tribes.js';
import { users } from './users.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** Whole tokens; never floating point. JavaScript numbers are exact up to 2^53. */
const tokens = (name: string) => bigint(name, { mode: 'number' });

/**
 * One account per user, tribe and campaign, plus system accounts standing for money from outside.
 * Only system accounts may go below zero; the sum of all balances is always zero.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    /** The user, tribe or campaign it belongs to; null for system accounts. */
    ownerId: uuid('owner_id'),
    /** System accounts are named (e.g. external:sandbox). */
    name: text('name'),
    balance: tokens('balance').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_owner_unique').on(t.kind, t.ownerId),
    uniqueIndex('ledger_accounts_name_unique').on(t.name),
    check('ledger_accounts_kind', sql`${t.kind} in ('user', 'tribe', 'campaign', 'system')`),
    check('ledger_accounts_non_negative', sql`${t.kind} = 'system' or ${t.balance} >= 0`),
    check('ledger_accounts_owner', sql`(${t.kind} = 'system') = (${t.ownerId} is null)`),
  ],
);

/** Immutable: one debit and one credit of a positive amount, written with both balance updates in one transaction. */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fromAccountId: uuid('from_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    toAccountId: uuid('to_account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: tokens('amount').notNull(),
    kind: text('kind').notNull(),
    /** What caused it: a payment, a donation. */
    referenceId: uuid('reference_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('ledger_transfers_from_idx').on(t.fromAccountId, t.createdAt),
    index('ledger_transfers_to_idx').on(t.toAccountId, t.createdAt),
    uniqueIndex('ledger_transfers_reference_unique').on(t.kind, t.referenceId),
    check('ledger_transfers_positive', sql`${t.amount} > 0`),
    check('ledger_transfers_distinct', sql`${t.fromAccountId} <> ${t.toAccountId}`),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * The buyer. No foreign key: a payment is a money record kept when its buyer deletes their
     * account (the id then names nobody: the person is gone, the ledger stays exact, DESIGN 11.2).
     */
    userId: uuid('user_id').notNull(),
    provider: text('provider').notNull(),
    /** The provider's id (Stripe Checkout Session id). */
    providerRef: text('provider_ref'),
    tokens: tokens('tokens').notNull(),
    amountCents: tokens('amount_cents').notNull(),
    status: text('status').notNull().default('pending'),
    createdAt: ts('created_at').notNull().defaultNow(),
    completedAt: ts('completed_at'),
  },
  (t) => [
    index('payments_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('payments_provider_ref_unique').on(t.provider, t.providerRef),
    check('payments_status', sql`${t.status} in ('pending', 'succeeded', 'declined', 'expired', 'cancelled')`),
    check('payments_tokens', sql`${t.tokens} > 0 and ${t.amountCents} > 0`),
  ],
);

/** Provider events applied, by id: a replayed webhook finds its id here and changes nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/** The first successful answer of a money POST, per user and Idempotency-Key, with a hash of its request. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tribeId: uuid('tribe_id')
      .notNull()
      .references(() => tribes.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    goal: tokens('goal').notNull(),
    /** Optional monthly recurring goal. */
    monthlyGoal: tokens('monthly_goal'),
    endsAt: ts('ends_at').notNull(),
    coverKey: text('cover_key'),
    status: text('status').notNull().default('active'),
    closedAt: ts('closed_at'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Total donated, kept in the donation's transaction and checked against the ledger. */
    raised: tokens('raised').notNull().default(0),
    donorCount: integer('donor_count').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('campaigns_tribe_idx').on(t.tribeId, t.createdAt),
    check('campaigns_status', sql`${t.status} in ('active', 'closed')`),
    check('campaigns_goal', sql`${t.goal} > 0 and ${t.raised} >= 0`),
  ],
);

export const donations = pgTable(
  'donations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The donor. No foreign key, as for payments: the donation and its ledger lines outlive a deleted account. */
    donorId: uuid('donor_id').notNull(),
    targetType: text('target_type').notNull(),
    tribeId: uuid('tribe_id')
      .notNull()
      .references(() => tribes.id, { onDelete: 'restrict' }),
    campaignId: uuid('campaign_id').references(() => campaigns.id, { onDelete: 'restrict' }),
    amount: tokens('amount').notNull(),
    message: text('message').notNull().default(''),
    anonymous: boolean('anonymous').notNull().default(false),
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => ledgerTransfers.id),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** Set once a leader refunded it (a reversing transfer of kind 'refund', reference = this id). */
    refundedAt: ts('refunded_at'),
    refundReason: text('refund_reason'),
    refundedBy: uuid('refunded_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('donations_donor_idx').on(t.donorId, t.createdAt),
    index('donations_tribe_idx').on(t.tribeId, t.createdAt),
    index('donations_campaign_idx').on(t.campaignId, t.createdAt),
    check('donations_target', sql`${t.targetType} in ('tribe', 'campaign')`),
    check('donations_positive', sql`${t.amount} > 0`),
  ],
);

/** Sub-goals within a campaign, reached in order as it raises. */
export const campaignMilestones = pgTable(
  'campaign_milestones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    amount: tokens('amount').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    index('campaign_milestones_campaign_idx').on(t.campaignId, t.position),
    check('campaign_milestones_amount', sql`${t.amount} > 0`),
  ],
);

/** News a campaign's organisers post to its page (and, with the job queue, to its donors). */
export const campaignUpdates = pgTable(
  'campaign_updates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('campaign_updates_campaign_idx').on(t.campaignId, t.createdAt)],
);
