import { z } from 'zod';
import { PersonRefSchema, UuidSchema } from './common.js';
import { MONEY_LIMITS } from './money.js';
import { EXPENSE_LIMITS } from '../rules/treasury.js';

export * from '../rules/treasury.js';

export const EXPENSE_STATUSES = ['proposed', 'approved', 'rejected', 'paid'] as const;
export const ExpenseStatusSchema = z.enum(EXPENSE_STATUSES);
export type ExpenseStatus = z.infer<typeof ExpenseStatusSchema>;

/** Whose funds pay: the tribe's own account, or one of its campaigns'. */
export const ExpenseSourceSchema = z.strictObject({ type: z.enum(['tribe', 'campaign']), id: UuidSchema });
export type ExpenseSource = z.infer<typeof ExpenseSourceSchema>;

/** A proposal (JSON, or multipart with the same fields as text, `source` as JSON, and up to five "receipts"). */
export const CreateExpenseBodySchema = z.strictObject({
  amount: z.number().int().min(1).max(EXPENSE_LIMITS.amountMax),
  title: z.string().trim().min(1).max(EXPENSE_LIMITS.titleMax),
  description: z.string().trim().max(EXPENSE_LIMITS.descriptionMax).default(''),
  payee: z.string().trim().min(1).max(EXPENSE_LIMITS.payeeMax),
  /** Left out: the tribe's own funds. */
  source: ExpenseSourceSchema.optional(),
});
export type CreateExpenseBody = z.infer<typeof CreateExpenseBodySchema>;

export const ExpenseDecisionBodySchema = z.strictObject({
  note: z.string().trim().max(EXPENSE_LIMITS.noteMax).default(''),
});
export type ExpenseDecisionBody = z.infer<typeof ExpenseDecisionBodySchema>;

export const PayExpenseBodySchema = z.strictObject({
  reference: z.string().trim().min(1).max(EXPENSE_LIMITS.referenceMax),
});
export type PayExpenseBody = z.infer<typeof PayExpenseBodySchema>;

/** A leader's refund of a donation: the reason is public on the ledger. */
export const RefundBodySchema = z.strictObject({
  reason: z.string().trim().min(1).max(EXPENSE_LIMITS.noteMax),
});
export type RefundBody = z.infer<typeof RefundBodySchema>;

export const RefundSchema = z.object({
  donation_id: z.string(),
  amount: z.number(),
  reason: z.string(),
  refunded_at: z.string(),
});
export const RefundDataSchema = z.object({ refund: RefundSchema });
export type Refund = z.infer<typeof RefundSchema>;

/** The year of a donor's statement (default: this year). */
export const StatementQuerySchema = z.strictObject({
  year: z.coerce.number().int().min(2000).max(2100).optional(),
});

export const ExpensesQuerySchema = z.strictObject({
  status: ExpenseStatusSchema.optional(),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type ExpensesQuery = z.infer<typeof ExpensesQuerySchema>;

/**
 * The capacity a decision was taken in (decision 023): a leader other than the proposer; a moderator
 * giving an approval the tribe's other leaders cannot; the proposer, a leader with nobody else left to
 * approve, with a fresh two-factor code (shown publicly as approved by its own requester).
 */
export const APPROVER_ROLES = ['leader', 'moderator', 'proposer'] as const;
export type ApproverRole = (typeof APPROVER_ROLES)[number];

/**
 * What a proposed expense's missing approvals wait for: its other leaders; a moderator (too few other
 * leaders); its proposer's own approval with two-factor (a sole leader, no moderator); or an appointment
 * (nobody left who may approve: a leader must appoint a moderator or another leader).
 */
export const EXPENSE_WAITING_FOR = ['leaders', 'moderator', 'self', 'appointment'] as const;
export type ExpenseWaitingFor = (typeof EXPENSE_WAITING_FOR)[number];

export const ExpenseDecisionSchema = z.object({
  /** Who decided (a leader, or in the cases of `as`, a moderator or the proposer). */
  leader: PersonRefSchema,
  decision: z.enum(['approve', 'reject']),
  as: z.enum(APPROVER_ROLES),
  note: z.string(),
  created_at: z.string(),
});

export const ExpenseReceiptSchema = z.object({ url: z.string(), content_type: z.string() });

export const ExpenseSchema = z.object({
  id: z.string(),
  tribe_id: z.string(),
  source: z.object({ type: z.enum(['tribe', 'campaign']), id: z.string(), name: z.string() }),
  amount: z.number(),
  title: z.string(),
  description: z.string(),
  payee: z.string(),
  status: ExpenseStatusSchema,
  proposer: PersonRefSchema.nullable(),
  /** Leaders who approved, in order; `required_approvals` = min(2, the tribe's leaders) when proposed. */
  approvals: z.array(ExpenseDecisionSchema),
  rejection: ExpenseDecisionSchema.nullable(),
  required_approvals: z.number(),
  /** What it waits for, and what the viewer may do about it now (decision 023). */
  approval: z.object({
    waiting_for: z.enum(EXPENSE_WAITING_FOR).nullable(),
    can_approve: z.boolean(),
    can_reject: z.boolean(),
    /** The viewer is the proposer who may approve it themselves, but must turn two-factor on first. */
    two_factor_needed: z.boolean(),
  }),
  receipts: z.array(ExpenseReceiptSchema),
  reference: z.string().nullable(),
  paid_by: PersonRefSchema.nullable(),
  paid_at: z.string().nullable(),
  created_at: z.string(),
});
export type Expense = z.infer<typeof ExpenseSchema>;

export const ExpenseDataSchema = z.object({ expense: ExpenseSchema });
export const ExpensePageSchema = z.object({ items: z.array(ExpenseSchema), next_cursor: z.string().nullable() });
export type ExpensePage = z.infer<typeof ExpensePageSchema>;

/** A tribe's funds: its own account and each campaign's, and how many expenses wait for a decision or a payout. */
export const TreasurySummarySchema = z.object({
  balance: z.number(),
  campaigns: z.array(z.object({ id: z.string(), title: z.string(), balance: z.number() })),
  /** Expenses proposed or approved, not yet paid (0 for anyone but the tribe's active members). */
  open_expenses: z.number(),
  /** What the viewer may do: propose (an active member), decide and pay (a leader). */
  can_propose: z.boolean(),
  can_decide: z.boolean(),
});
export type TreasurySummary = z.infer<typeof TreasurySummarySchema>;

export const TREASURY_ERRORS = {
  twoFactorRequired: 'two_factor_required',
  notApprovable: 'expense_not_open',
  notPayable: 'expense_not_approved',
  refunded: 'donation_refunded',
  /** A sole leader's own approval needs two-factor on (403; decision 023). */
  selfApprovalNeedsTwoFactor: 'self_approval_needs_two_factor',
} as const;

/** A pledge that found the wallet short is tried again this many days later (DESIGN 10.4). */
export const PLEDGE_RETRY_DAYS = 3;

/** A monthly gift from my wallet (DESIGN 10.4); the day is 1 to 28 so every month has it. */
export const CreatePledgeBodySchema = z.strictObject({
  target_type: z.enum(['tribe', 'campaign']),
  target_id: UuidSchema,
  amount: z.number().int().min(MONEY_LIMITS.donationMin).max(MONEY_LIMITS.donationMax),
  day_of_month: z.number().int().min(1).max(28),
});
export type CreatePledgeBody = z.infer<typeof CreatePledgeBodySchema>;

/** Pause or resume, change the amount or the day, or skip the next month. */
export const UpdatePledgeBodySchema = z
  .strictObject({
    status: z.enum(['active', 'paused']).optional(),
    amount: z.number().int().min(MONEY_LIMITS.donationMin).max(MONEY_LIMITS.donationMax).optional(),
    day_of_month: z.number().int().min(1).max(28).optional(),
    skip_next: z.literal(true).optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { error: 'validation.required', path: ['status'] });
export type UpdatePledgeBody = z.infer<typeof UpdatePledgeBodySchema>;

export const PledgeSchema = z.object({
  id: z.string(),
  target_type: z.enum(['tribe', 'campaign']),
  target_id: z.string(),
  target_name: z.string(),
  tribe_id: z.string(),
  amount: z.number(),
  day_of_month: z.number(),
  status: z.enum(['active', 'paused', 'cancelled']),
  /** When it is next taken (null unless active), and the month that run pays for. */
  next_run_at: z.string().nullable(),
  due_month: z.string(),
  /** Failed tries for the due month (lack of funds), retried every three days. */
  failures: z.number(),
  created_at: z.string(),
});
export type Pledge = z.infer<typeof PledgeSchema>;
export const PledgeDataSchema = z.object({ pledge: PledgeSchema });
export const PledgeListSchema = z.object({ items: z.array(PledgeSchema) });
