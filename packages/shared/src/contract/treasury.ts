import { z } from 'zod';
import { IdParamsSchema } from '../schemas/common.js';
import { TribeRefParamsSchema } from '../schemas/tribes.js';
import {
  CreateExpenseBodySchema,
  CreatePledgeBodySchema,
  PledgeDataSchema,
  PledgeListSchema,
  UpdatePledgeBodySchema,
  ExpenseDataSchema,
  ExpenseDecisionBodySchema,
  ExpensePageSchema,
  ExpensesQuerySchema,
  PayExpenseBodySchema,
  RefundBodySchema,
  RefundDataSchema,
  StatementQuerySchema,
  TreasurySummarySchema,
} from '../schemas/treasury.js';
import { endpoint } from './endpoint.js';

const tags = ['treasury'] as const;

/** DESIGN 10.4: spending a tribe's money, accountably. */
export const treasuryEndpoints = {
  summary: endpoint({
    method: 'GET',
    path: '/v1/tribes/{id}/treasury',
    summary:
      "A tribe's funds (its account's and each campaign's balance, public as its ledger), how many expenses are open " +
      '(for its active members) and what the viewer may do; banned members 403.',
    tags,
    auth: 'optional',
    params: TribeRefParamsSchema,
    data: TreasurySummarySchema,
    errors: [403, 404],
  }),
  proposeExpense: endpoint({
    method: 'POST',
    path: '/v1/tribes/{id}/expenses',
    summary:
      "Proposes spending from the tribe's or one of its campaigns' funds (any active member; Idempotency-Key required): " +
      'JSON, or multipart/form-data with the same fields as text (source as JSON) and up to five files named "receipts" ' +
      '(images or PDF, 10 MB each; anything else 415).',
    tags,
    auth: 'user',
    params: TribeRefParamsSchema,
    body: CreateExpenseBodySchema,
    multipart: true,
    files: [{ name: 'receipts', max: 5 }],
    consumes: ['multipart/form-data', 'application/json'],
    idempotencyKey: true,
    data: ExpenseDataSchema,
    status: 201,
    errors: [401, 403, 404, 409, 413, 415, 503],
  }),
  expenses: endpoint({
    method: 'GET',
    path: '/v1/tribes/{id}/expenses',
    summary:
      "A tribe's expenses, newest first: its active members see them all, anyone else only the paid ones; banned members 403.",
    tags,
    auth: 'optional',
    params: TribeRefParamsSchema,
    query: ExpensesQuerySchema,
    data: ExpensePageSchema,
    errors: [403, 404],
  }),
  expense: endpoint({
    method: 'GET',
    path: '/v1/expenses/{id}',
    summary: "One expense, seen as in the list (a paid one by anyone, others by the tribe's active members).",
    tags,
    auth: 'optional',
    params: IdParamsSchema,
    data: ExpenseDataSchema,
    errors: [403, 404],
  }),
  approveExpense: endpoint({
    method: 'POST',
    path: '/v1/expenses/{id}/approve',
    summary:
      'A leader other than the proposer approves; with 2FA on, a fresh code in X-Two-Factor-Code (403 two_factor_required). ' +
      'With required_approvals approvals the expense is approved. When the other leaders are too few, a moderator gives ' +
      'the missing approval; with neither, the proposing leader may approve it with two-factor on (else 403 ' +
      'self_approval_needs_two_factor), shown publicly as approved by its own requester (decision 023).',
    tags,
    auth: 'user',
    params: IdParamsSchema,
    body: ExpenseDecisionBodySchema,
    data: ExpenseDataSchema,
    errors: [401, 403, 404, 409],
  }),
  rejectExpense: endpoint({
    method: 'POST',
    path: '/v1/expenses/{id}/reject',
    summary:
      'A leader other than the proposer (or a moderator who may approve it) rejects a proposed expense (2FA as for approving).',
    tags,
    auth: 'user',
    params: IdParamsSchema,
    body: ExpenseDecisionBodySchema,
    data: ExpenseDataSchema,
    errors: [401, 403, 404, 409],
  }),
  payExpense: endpoint({
    method: 'POST',
    path: '/v1/expenses/{id}/pay',
    summary:
      'A leader records the payout of an approved expense with its reference (Idempotency-Key required; 2FA as for approving): ' +
      'one ledger transfer from the source account to the payouts account, exactly once; 409 insufficient_funds.',
    tags,
    auth: 'user',
    params: IdParamsSchema,
    body: PayExpenseBodySchema,
    idempotencyKey: true,
    data: ExpenseDataSchema,
    errors: [401, 403, 404, 409],
  }),
  refundDonation: endpoint({
    method: 'POST',
    path: '/v1/donations/{id}/refund',
    summary:
      "A leader of the donation's tribe gives it back, with a reason shown on the public ledger: one reversing transfer " +
      "(kind refund) from the tribe's or the campaign's account to the donor's wallet, once (409 donation_refunded); " +
      '409 insufficient_funds when the fund has spent it; 2FA as for expenses.',
    tags,
    auth: 'user',
    params: IdParamsSchema,
    body: RefundBodySchema,
    data: RefundDataSchema,
    errors: [401, 403, 404, 409],
  }),
  createPledge: endpoint({
    method: 'POST',
    path: '/v1/pledges',
    summary:
      'A monthly gift from my wallet to a tribe or one of its open campaigns, taken by the job queue on day_of_month ' +
      '(1-28), once per month; when the wallet lacks the tokens I am told and it is tried again three days later.',
    tags,
    auth: 'user',
    body: CreatePledgeBodySchema,
    data: PledgeDataSchema,
    status: 201,
    errors: [401, 403, 404, 409],
  }),
  myPledges: endpoint({
    method: 'GET',
    path: '/v1/me/pledges',
    summary: 'My pledges, newest first (cancelled ones too, for the record).',
    tags,
    auth: 'user',
    data: PledgeListSchema,
    errors: [401],
  }),
  updatePledge: endpoint({
    method: 'PATCH',
    path: '/v1/pledges/{id}',
    summary: "Pause or resume my pledge, change its amount or day, or skip the next month (404 for anyone else's).",
    tags,
    auth: 'user',
    params: IdParamsSchema,
    body: UpdatePledgeBodySchema,
    data: PledgeDataSchema,
    errors: [401, 404, 409],
  }),
  cancelPledge: endpoint({
    method: 'DELETE',
    path: '/v1/pledges/{id}',
    summary: 'Cancels my pledge: nothing more is taken (the past gifts stay on the ledger).',
    tags,
    auth: 'user',
    params: IdParamsSchema,
    data: PledgeDataSchema,
    errors: [401, 404],
  }),
  donationReceipt: endpoint({
    method: 'GET',
    path: '/v1/donations/{id}/receipt',
    summary:
      "The receipt of one of my donations as a PDF in my language (every script), with its refund if any; 404 for anyone else's.",
    tags,
    auth: 'user',
    params: IdParamsSchema,
    // Not the envelope: the PDF itself. Its errors are the usual envelope.
    produces: 'application/pdf',
    data: z.never(),
    errors: [401, 404],
  }),
  donationStatement: endpoint({
    method: 'GET',
    path: '/v1/me/donations/statement',
    summary: 'My donations of a year (default: this one) as a PDF statement in my language, with the total.',
    tags,
    auth: 'user',
    query: StatementQuerySchema,
    produces: 'application/pdf',
    data: z.never(),
    errors: [401],
  }),
} as const;
