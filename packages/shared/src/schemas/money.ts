import { z } from 'zod';
import { PAGINATION } from '../constants.js';
import { PersonRefSchema, UuidSchema } from './common.js';
import { MONEY_LIMITS, MONEY_ERRORS } from '../rules/money.js';

export * from '../rules/money.js';

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

const IsoDate = z.string();
/** A movement's kind on the ledger ('purchase', 'donation', ...). */
const LedgerKind = z.string();
const Direction = z.enum(['in', 'out']);
const Person = z.object({ id: z.string(), name: z.string() });

/** The states of a token purchase: pending until the provider confirms, then its outcome. */
export const PAYMENT_STATUSES = ['pending', 'succeeded', 'declined', 'expired', 'cancelled'] as const;
export type PaymentState = (typeof PAYMENT_STATUSES)[number];

/** A purchase still pending this long after it started is expired: it can no longer be paid, resumed or credited. */
export const PURCHASE_TTL_HOURS = 24;

export const WalletSchema = z.object({
  balance: z.number(),
  /** Pending purchases not yet expired: each can be resumed (back to its checkout) or cancelled until `expires_at`. */
  pending_purchases: z.array(
    z.object({ payment_id: z.string(), tokens: z.number(), amount_cents: z.number(), created_at: IsoDate, expires_at: IsoDate }),
  ),
});
export type Wallet = z.infer<typeof WalletSchema>;

export const WalletTransactionSchema = z.object({
  id: z.string(),
  kind: LedgerKind,
  direction: Direction,
  amount: z.number(),
  counterparty: z.object({
    type: z.enum(['tribe', 'campaign', 'user', 'payment']),
    id: z.string().nullable(),
    name: z.string(),
  }),
  /** The donation a donation or refund movement records (for its receipt); null for other kinds. */
  donation_id: z.string().nullable(),
  created_at: IsoDate,
});
export type WalletTransaction = z.infer<typeof WalletTransactionSchema>;

/** A purchase just started: where the payer goes to pay. */
export const PurchaseStartedSchema = z.object({
  payment_id: z.string(),
  status: z.literal('pending'),
  tokens: z.number(),
  amount_cents: z.number(),
  checkout_url: z.string(),
});
export type PurchaseStarted = z.infer<typeof PurchaseStartedSchema>;

/** One of my purchases and where it stands. */
export const PaymentStatusSchema = z.object({
  payment_id: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  tokens: z.number(),
  amount_cents: z.number(),
  created_at: IsoDate,
  /** When a pending purchase stops being payable (24 h after it started); a pending one past it answers `expired`. */
  expires_at: IsoDate,
});
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>;

/** The sandbox checkout's answer: the outcome and my balance after it. */
export const SandboxResultSchema = z.object({
  payment_id: z.string(),
  status: z.enum(['succeeded', 'declined']),
  balance: z.number(),
});
export type SandboxResult = z.infer<typeof SandboxResultSchema>;

export const CampaignSchema = z.object({
  id: z.string(),
  tribe_id: z.string(),
  title: z.string(),
  /** The story as written (Markdown). */
  description: z.string(),
  /** The story rendered from Markdown and sanitised by the server (raw HTML off, an allowlist of tags). */
  description_html: z.string(),
  goal: z.number(),
  monthly_goal: z.number().nullable(),
  raised: z.number(),
  donor_count: z.number(),
  ends_at: IsoDate,
  status: z.enum(['active', 'closed']),
  cover_url: z.string().nullable(),
  milestones: z.array(z.object({ title: z.string(), amount: z.number(), reached: z.boolean() })),
  can_manage: z.boolean(),
  created_at: IsoDate,
  /** The tribe's name (campaigns are listed across tribes on /donate). */
  tribe_name: z.string(),
  /** Who started it (null when that account is gone). */
  organiser: PersonRefSchema.nullable(),
});
export type Campaign = z.infer<typeof CampaignSchema>;

export const DonationSchema = z.object({
  id: z.string(),
  target_type: z.enum(['tribe', 'campaign']),
  tribe_id: z.string(),
  campaign_id: z.string().nullable(),
  amount: z.number(),
  message: z.string(),
  anonymous: z.boolean(),
  donor: Person.nullable(),
  created_at: IsoDate,
});
export type Donation = z.infer<typeof DonationSchema>;

/** A donation made, and the donor's balance after it. */
export const DonationResultSchema = z.object({ donation: DonationSchema, balance: z.number() });
export type DonationResult = z.infer<typeof DonationResultSchema>;

/** Tokens given to a campaign on one UTC day (date as YYYY-MM-DD). */
export const CampaignDaySchema = z.object({ date: z.string(), amount: z.number() });
export type CampaignDay = z.infer<typeof CampaignDaySchema>;

/** One public movement of a tribe's or its campaigns' accounts. */
export const LedgerEntrySchema = z.object({
  id: z.string(),
  kind: LedgerKind,
  direction: Direction,
  amount: z.number(),
  account: z.object({ type: z.enum(['tribe', 'campaign']), id: z.string(), name: z.string() }),
  donor: Person.nullable(),
  message: z.string(),
  /** The donation a donation or refund entry records (null for other kinds), and whether it was refunded. */
  donation_id: z.string().nullable(),
  refunded: z.boolean(),
  /**
   * The expense a payout paid (kind expense): what, to whom, how many receipts, who approved and as what
   * (a leader, a moderator standing in, or its own requester: decision 023).
   */
  expense: z
    .object({
      id: z.string(),
      title: z.string(),
      payee: z.string(),
      receipts: z.number(),
      approvers: z.array(Person.extend({ as: z.enum(['leader', 'moderator', 'proposer']) })),
    })
    .nullable(),
  created_at: IsoDate,
});
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;

/** A page of a tribe's public ledger, with the tribe's name. */
export const LedgerPageSchema = z.object({
  tribe_name: z.string(),
  items: z.array(LedgerEntrySchema),
  next_cursor: z.string().nullable(),
});
export type LedgerPage = z.infer<typeof LedgerPageSchema>;

/** The ledger's invariants check: whether they hold, over how many accounts. */
export const LedgerHealthSchema = z.object({ ok: z.boolean(), accounts: z.number() });
export type LedgerHealth = z.infer<typeof LedgerHealthSchema>;

/** The body that links a crypto wallet: a signed Sign-In with Ethereum message. */
export const LinkCryptoWalletBodySchema = z.strictObject({
  message: z.string().min(1).max(4000),
  signature: z.string().min(1).max(1000),
});
export type LinkCryptoWalletBody = z.infer<typeof LinkCryptoWalletBodySchema>;

/** A linked crypto wallet (address checksummed). */
export const CryptoWalletSchema = z.object({ id: z.string(), address: z.string(), chain_id: z.number(), created_at: IsoDate });
export type CryptoWallet = z.infer<typeof CryptoWalletSchema>;

/** What a Sign-In with Ethereum message must carry: the single-use nonce, the domain, the uri and the chains allowed. */
export const SiweNonceSchema = z.object({
  nonce: z.string(),
  domain: z.string(),
  uri: z.string(),
  chain_ids: z.array(z.number()),
});
export type SiweNonce = z.infer<typeof SiweNonceSchema>;

/** POST /v1/campaigns/{id}/updates: a leader's news about the campaign (plain text or Markdown, shown sanitised). */
export const CampaignUpdateBodySchema = z.strictObject({ body: z.string().trim().min(1).max(MONEY_LIMITS.updateMax) });
export type CampaignUpdateBody = z.infer<typeof CampaignUpdateBodySchema>;

/** A campaign update, newest first in its list. */
export const CampaignUpdateSchema = z.object({
  id: z.string(),
  campaign_id: z.string(),
  author: PersonRefSchema.nullable(),
  body: z.string(),
  /** The update rendered from Markdown and sanitised by the server. */
  body_html: z.string(),
  created_at: IsoDate,
});
export type CampaignUpdate = z.infer<typeof CampaignUpdateSchema>;

/** GET /v1/campaigns: open campaigns across tribes, newest first, searched by title, description or tribe name. */
export const CampaignSearchQuerySchema = z.strictObject({
  q: z.string().trim().max(100).optional(),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(PAGINATION.maxLimit).default(PAGINATION.defaultLimit),
});
export type CampaignSearchQuery = z.infer<typeof CampaignSearchQuerySchema>;

/** The givers of a campaign by total given, the largest first; an anonymous gift's donor is null. */
export const TopDonorSchema = z.object({ donor: Person.nullable(), anonymous: z.boolean(), amount: z.number() });
export type TopDonor = z.infer<typeof TopDonorSchema>;

/** Where a resumed purchase is paid: the provider's checkout, while it is still valid. */
export const PurchaseResumeSchema = z.object({ payment_id: z.string(), checkout_url: z.string(), expires_at: IsoDate });
export type PurchaseResume = z.infer<typeof PurchaseResumeSchema>;
