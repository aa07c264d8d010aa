import { z } from 'zod';
import { PAGINATION } from '../constants.js';
import { UuidSchema } from './common.js';

export const MONEY_LIMITS = {
  purchaseMin: 100,
  purchaseMax: 1_000_000,
  donationMin: 1,
  donationMax: 1_000_000,
  goalMax: 1_000_000_000,
  messageMax: 500,
  titleMax: 120,
  descriptionMax: 5000,
} as const;

/** The `error_type` of the money module's 409 answers, so clients tell conflicts apart without reading messages. */
export const MONEY_ERRORS = {
  insufficientFunds: 'insufficient_funds',
  campaignClosed: 'campaign_closed',
  idempotencyConflict: 'idempotency_conflict',
  paymentSettled: 'payment_settled',
} as const;
export type MoneyErrorType = (typeof MONEY_ERRORS)[keyof typeof MONEY_ERRORS];

/** Tokens are priced in this currency (DESIGN section 3: TOKEN_PRICE_CENTS is in USD cents). */
export const TOKEN_CURRENCY = 'USD';

/** The Idempotency-Key header of money POSTs: 1 to 255 visible ASCII characters. */
export const IdempotencyKeySchema = z.string().regex(/^[\x21-\x7e]{1,255}$/, { error: 'validation.idempotency_key' });

const Tokens = (min: number, max: number) => z.number().int().min(min).max(max);

export const PurchaseBodySchema = z.strictObject({ tokens: Tokens(MONEY_LIMITS.purchaseMin, MONEY_LIMITS.purchaseMax) });

export const SandboxCompleteBodySchema = z.strictObject({ outcome: z.enum(['succeeded', 'declined']) });

export const DonationBodySchema = z.strictObject({
  target_type: z.enum(['tribe', 'campaign']),
  target_id: UuidSchema,
  amount: Tokens(MONEY_LIMITS.donationMin, MONEY_LIMITS.donationMax),
  message: z.string().trim().max(MONEY_LIMITS.messageMax).default(''),
  anonymous: z.boolean().default(false),
});
export type DonationBody = z.infer<typeof DonationBodySchema>;

const Milestone = z.strictObject({
  title: z.string().trim().min(1).max(MONEY_LIMITS.titleMax),
  amount: Tokens(1, MONEY_LIMITS.goalMax),
});

export const CreateCampaignBodySchema = z.strictObject({
  title: z.string().trim().min(3).max(MONEY_LIMITS.titleMax),
  description: z.string().trim().max(MONEY_LIMITS.descriptionMax).default(''),
  goal: Tokens(1, MONEY_LIMITS.goalMax),
  monthly_goal: Tokens(1, MONEY_LIMITS.goalMax).nullable().optional(),
  ends_at: z.iso.datetime({ offset: true, error: 'validation.date' }),
  milestones: z.array(Milestone).max(10).default([]),
});
export type CreateCampaignBody = z.infer<typeof CreateCampaignBodySchema>;

export const UpdateCampaignBodySchema = z.strictObject({
  title: z.string().trim().min(3).max(MONEY_LIMITS.titleMax).optional(),
  description: z.string().trim().max(MONEY_LIMITS.descriptionMax).optional(),
  goal: Tokens(1, MONEY_LIMITS.goalMax).optional(),
  monthly_goal: Tokens(1, MONEY_LIMITS.goalMax).nullable().optional(),
  ends_at: z.iso.datetime({ offset: true, error: 'validation.date' }).optional(),
  /** null removes the cover; a new one comes as a multipart file named "cover". */
  cover: z.null().optional(),
});
export type UpdateCampaignBody = z.infer<typeof UpdateCampaignBodySchema>;

export const LedgerQuerySchema = z.strictObject({
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(PAGINATION.maxLimit).default(PAGINATION.defaultLimit),
  format: z.enum(['json', 'csv']).default('json'),
});

export const TransactionsQuerySchema = z.strictObject({
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(PAGINATION.maxLimit).default(PAGINATION.defaultLimit),
  direction: z.enum(['in', 'out']).optional(),
  kind: z.enum(['purchase', 'donation']).optional(),
});

export interface Wallet {
  balance: number;
  pending_purchases: { payment_id: string; tokens: number; created_at: string }[];
}

export interface WalletTransaction {
  id: string;
  kind: string;
  direction: 'in' | 'out';
  amount: number;
  counterparty: { type: 'tribe' | 'campaign' | 'user' | 'payment'; id: string | null; name: string };
  created_at: string;
}

export interface Campaign {
  id: string;
  tribe_id: string;
  title: string;
  description: string;
  goal: number;
  monthly_goal: number | null;
  raised: number;
  donor_count: number;
  ends_at: string;
  status: 'active' | 'closed';
  cover_url: string | null;
  milestones: { title: string; amount: number; reached: boolean }[];
  can_manage: boolean;
  created_at: string;
}

export interface Donation {
  id: string;
  target_type: 'tribe' | 'campaign';
  tribe_id: string;
  campaign_id: string | null;
  amount: number;
  message: string;
  anonymous: boolean;
  donor: { id: string; name: string } | null;
  created_at: string;
}

/** Tokens given to a campaign on one UTC day (date as YYYY-MM-DD). */
export interface CampaignDay {
  date: string;
  amount: number;
}

/** One public movement of a tribe's or its campaigns' accounts. */
export interface LedgerEntry {
  id: string;
  kind: string;
  direction: 'in' | 'out';
  amount: number;
  account: { type: 'tribe' | 'campaign'; id: string; name: string };
  donor: { id: string; name: string } | null;
  message: string;
  created_at: string;
}
