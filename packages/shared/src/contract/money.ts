import { z } from 'zod';
import { IdParamsSchema } from '../schemas/common.js';
import {
  CampaignDaySchema,
  CampaignSchema,
  CampaignSearchQuerySchema,
  CampaignUpdateBodySchema,
  CampaignUpdateSchema,
  CreateCampaignBodySchema,
  DonationBodySchema,
  DonationResultSchema,
  DonationSchema,
  LedgerHealthSchema,
  LedgerPageSchema,
  LedgerQuerySchema,
  MONEY_ERRORS,
  PaymentStatusSchema,
  PurchaseBodySchema,
  PurchaseResumeSchema,
  PurchaseStartedSchema,
  SandboxCompleteBodySchema,
  SandboxResultSchema,
  TopDonorSchema,
  TransactionsQuerySchema,
  UpdateCampaignBodySchema,
  WalletSchema,
  WalletTransactionSchema,
} from '../schemas/money.js';
import { PageQuerySchema } from '../schemas/posts.js';
import { TribeRefParamsSchema } from '../schemas/tribes.js';
import { MODERATION_ERRORS } from '../rules/moderation.js';
import { endpoint } from './endpoint.js';

/**
 * Money (DESIGN section 5, "Money"): the wallet, token purchases, donations, campaigns and the
 * public ledger of a tribe; the payment provider's webhook.
 *
 * Tokens move only through the ledger. Every write needs `Authorization: Bearer` and is rate
 * limited (60 per minute per user). The two money POSTs (a purchase, a donation) take an
 * `Idempotency-Key` header (1 to 255 visible ASCII characters, 400 on idempotency_key without it):
 * the same key with the same body answers the first answer again (its status too) and moves
 * nothing twice; the same key with another body is 409 idempotency_conflict. The 409s carry an
 * `error_type` from MONEY_ERRORS: insufficient_funds, campaign_closed, idempotency_conflict,
 * payment_settled, purchases_disabled.
 *
 * Purchases credit the wallet only on the provider's confirmation (the sandbox page in
 * development, Stripe's signed webhook otherwise). A node without a provider (NODE_ENV=production
 * and no PAYMENT_PROVIDER, or PAYMENT_PROVIDER=none) sells no tokens: a purchase answers 409
 * purchases_disabled before anything is stored (its key is not kept), the sandbox endpoint answers
 * 404, and GET /v1/config and GET /v1/health say `provider: "none"`. A 409, not a 503: it is how the
 * site is set up, not an outage a client should retry. Donations go to a tribe or to one of its open
 * campaigns; the public sees anonymous donors without name or message, here and in the ledger.
 * Campaigns are written by the tribe's leaders and moderators, as JSON or as multipart with a
 * cover image named "cover".
 */

/** A page of items and the cursor of the next page (null at the end). */
const pageOf = <S extends z.ZodType>(item: S) => z.object({ items: z.array(item), next_cursor: z.string().nullable() });

const CampaignData = z.object({ campaign: CampaignSchema });
/** The provider names a webhook's path: only `stripe` sends webhooks. */
const ProviderParamsSchema = z.object({ provider: z.string() });

const tags = ['money'] as const;

export const moneyEndpoints = {
  wallet: endpoint({
    method: 'GET',
    path: '/v1/wallet',
    summary: 'My balance and the purchases waiting for the provider (up to 20, newest first).',
    tags,
    auth: 'user',
    data: WalletSchema,
    errors: [401],
  }),
  transactions: endpoint({
    method: 'GET',
    path: '/v1/wallet/transactions',
    summary: "My wallet's movements, newest first, page by page; only in or out, or one kind.",
    tags,
    auth: 'user',
    query: TransactionsQuerySchema,
    data: pageOf(WalletTransactionSchema),
    errors: [401],
  }),
  startPurchase: endpoint({
    method: 'POST',
    path: '/v1/wallet/purchases',
    summary:
      'Starts a token purchase (Idempotency-Key): a pending payment and the checkout to pay it at; tokens come with the confirmation. ' +
      '409 purchases_disabled when the site has no payment provider.',
    tags,
    auth: 'user',
    body: PurchaseBodySchema,
    data: PurchaseStartedSchema,
    status: 201,
    errors: [401, 409],
    errorTypes: [MONEY_ERRORS.idempotencyConflict, MONEY_ERRORS.purchasesDisabled],
    idempotencyKey: true,
  }),
  payment: endpoint({
    method: 'GET',
    path: '/v1/wallet/purchases/{id}',
    summary: 'One of my purchases and where it stands.',
    tags,
    auth: 'user',
    params: IdParamsSchema,
    data: PaymentStatusSchema,
    errors: [401, 403, 404],
  }),
  resumePurchase: endpoint({
    method: 'POST',
    path: '/v1/wallet/purchases/{id}/resume',
    summary:
      "Back to a pending purchase's checkout while it is still valid (24 h); 409 payment_settled once it is paid, declined, cancelled or expired.",
    tags,
    auth: 'user',
    params: IdParamsSchema,
    data: PurchaseResumeSchema,
    errors: [401, 403, 404, 409],
    errorTypes: [MONEY_ERRORS.paymentSettled],
  }),
  cancelPurchase: endpoint({
    method: 'POST',
    path: '/v1/wallet/purchases/{id}/cancel',
    summary:
      'Cancels a pending purchase (status cancelled): a payment confirmed after it credits nothing. Cancelling it again answers it as it is; ' +
      '409 payment_settled once paid, declined or expired.',
    tags,
    auth: 'user',
    params: IdParamsSchema,
    data: PaymentStatusSchema,
    errors: [401, 403, 404, 409],
    errorTypes: [MONEY_ERRORS.paymentSettled],
  }),
  completeSandbox: endpoint({
    method: 'POST',
    path: '/v1/payments/sandbox/{id}/complete',
    summary: "The sandbox checkout's answer from the payer: confirms (tokens credited) or declines a pending purchase.",
    tags,
    auth: 'user',
    params: IdParamsSchema,
    body: SandboxCompleteBodySchema,
    data: SandboxResultSchema,
    errors: [401, 403, 404, 409],
    errorTypes: [MONEY_ERRORS.paymentSettled],
  }),
  webhook: endpoint({
    method: 'POST',
    path: '/v1/payments/{provider}/webhook',
    summary:
      "The provider's signed events (Stripe-Signature checked on the raw body, 300 s tolerance), each applied once; " +
      'answers { received: true, result } outside the envelope; 400 for a bad signature, 404 when the provider sends no webhooks.',
    tags,
    auth: 'public',
    params: ProviderParamsSchema,
    data: z.object({ received: z.literal(true), result: z.enum(['ignored', 'duplicate', 'unknown', 'applied']) }),
    errors: [404],
    produces: 'application/json',
  }),
  donate: endpoint({
    method: 'POST',
    path: '/v1/donations',
    summary:
      'Gives tokens to a tribe or to one of its open campaigns (Idempotency-Key), with my balance after it; ' +
      '403 when the tribe banned me.',
    tags,
    auth: 'user',
    body: DonationBodySchema,
    data: DonationResultSchema,
    status: 201,
    errors: [401, 403, 404, 409],
    errorTypes: [
      MONEY_ERRORS.insufficientFunds,
      MONEY_ERRORS.campaignClosed,
      MONEY_ERRORS.idempotencyConflict,
      MODERATION_ERRORS.tribeSuspended,
    ],
    idempotencyKey: true,
  }),
  myDonations: endpoint({
    method: 'GET',
    path: '/v1/me/donations',
    summary: 'My donations, newest first (the last 100).',
    tags,
    auth: 'user',
    data: pageOf(DonationSchema),
    errors: [401],
  }),
  tribeDonations: endpoint({
    method: 'GET',
    path: '/v1/tribes/{id}/donations',
    summary: "A tribe's donations as the public sees them (anonymous donors hidden), newest first (the last 100).",
    tags,
    auth: 'optional',
    params: TribeRefParamsSchema,
    data: pageOf(DonationSchema),
    errors: [404],
  }),
  campaigns: endpoint({
    method: 'GET',
    path: '/v1/tribes/{id}/campaigns',
    summary: "A tribe's campaigns, newest first, page by page; can_manage for its leaders and moderators.",
    tags,
    auth: 'optional',
    params: TribeRefParamsSchema,
    query: PageQuerySchema,
    data: pageOf(CampaignSchema),
    errors: [404],
  }),
  createCampaign: endpoint({
    method: 'POST',
    path: '/v1/tribes/{id}/campaigns',
    summary:
      "Creates a campaign (the tribe's leaders and moderators): JSON, or multipart/form-data with the same fields as " +
      'text (milestones as JSON) and an image named "cover" (10 MB; anything but an image 415).',
    tags,
    auth: 'user',
    params: TribeRefParamsSchema,
    body: CreateCampaignBodySchema,
    multipart: true,
    files: [{ name: 'cover' }],
    consumes: ['multipart/form-data', 'application/json'],
    data: CampaignData,
    status: 201,
    errors: [401, 403, 404, 413, 415, 503],
  }),
  searchCampaigns: endpoint({
    method: 'GET',
    path: '/v1/campaigns',
    summary: 'Open campaigns across all tribes, newest first, page by page; q searches titles, descriptions and tribe names.',
    tags,
    auth: 'optional',
    query: CampaignSearchQuerySchema,
    data: pageOf(CampaignSchema),
    errors: [],
  }),
  campaign: endpoint({
    method: 'GET',
    path: '/v1/campaigns/{id}',
    summary: 'A campaign with its progress and milestones.',
    tags,
    auth: 'optional',
    params: IdParamsSchema,
    data: CampaignData,
    errors: [404],
  }),
  campaignDonations: endpoint({
    method: 'GET',
    path: '/v1/campaigns/{id}/donations',
    summary: "A campaign's donations as the public sees them (anonymous donors hidden), newest first, page by page.",
    tags,
    auth: 'optional',
    params: IdParamsSchema,
    query: PageQuerySchema,
    data: pageOf(DonationSchema),
    errors: [404],
  }),
  campaignDaily: endpoint({
    method: 'GET',
    path: '/v1/campaigns/{id}/daily',
    summary: 'Tokens given to a campaign per UTC day, oldest first, over its whole life.',
    tags,
    auth: 'optional',
    params: IdParamsSchema,
    data: z.object({ items: z.array(CampaignDaySchema) }),
    errors: [404],
  }),
  campaignTopDonors: endpoint({
    method: 'GET',
    path: '/v1/campaigns/{id}/donors/top',
    summary: "A campaign's ten largest givers by total given; anonymous gifts counted apart, without a name.",
    tags,
    auth: 'optional',
    params: IdParamsSchema,
    data: z.object({ items: z.array(TopDonorSchema) }),
    errors: [404],
  }),
  campaignUpdates: endpoint({
    method: 'GET',
    path: '/v1/campaigns/{id}/updates',
    summary: "A campaign's updates from its organisers, newest first, page by page.",
    tags,
    auth: 'optional',
    params: IdParamsSchema,
    query: PageQuerySchema,
    data: pageOf(CampaignUpdateSchema),
    errors: [404],
  }),
  postCampaignUpdate: endpoint({
    method: 'POST',
    path: '/v1/campaigns/{id}/updates',
    summary:
      "Posts an update to a campaign (the tribe's leaders and moderators, as campaigns are written); its donors are notified in the app.",
    tags,
    auth: 'user',
    params: IdParamsSchema,
    body: CampaignUpdateBodySchema,
    data: z.object({ update: CampaignUpdateSchema }),
    status: 201,
    errors: [401, 403, 404],
  }),
  updateCampaign: endpoint({
    method: 'PATCH',
    path: '/v1/campaigns/{id}',
    summary:
      'Edits an open campaign (JSON, or multipart with a new "cover"; cover: null removes it); 409 campaign_closed once closed.',
    tags,
    auth: 'user',
    params: IdParamsSchema,
    body: UpdateCampaignBodySchema,
    multipart: true,
    files: [{ name: 'cover' }],
    consumes: ['multipart/form-data', 'application/json'],
    data: CampaignData,
    errors: [401, 403, 404, 409, 413, 415, 503],
    errorTypes: [MONEY_ERRORS.campaignClosed],
  }),
  closeCampaign: endpoint({
    method: 'POST',
    path: '/v1/campaigns/{id}/close',
    summary: 'Closes a campaign by hand (no more donations).',
    tags,
    auth: 'user',
    params: IdParamsSchema,
    data: CampaignData,
    errors: [401, 403, 404],
  }),
  ledger: endpoint({
    method: 'GET',
    path: '/v1/tribes/{id}/ledger',
    summary:
      "A tribe's public ledger (its account's and its campaigns' movements), newest first, page by page; " +
      'with format=csv the whole ledger as a text/csv download instead of this JSON.',
    tags,
    auth: 'optional',
    params: TribeRefParamsSchema,
    query: LedgerQuerySchema,
    data: LedgerPageSchema,
    alsoProduces: 'text/csv',
    errors: [404],
  }),
  ledgerHealth: endpoint({
    method: 'GET',
    path: '/v1/health/ledger',
    summary:
      "Whether the ledger's invariants hold (balances equal their transfers, total zero); 500 with the same data when not.",
    tags,
    auth: 'public',
    data: LedgerHealthSchema,
    errorData: LedgerHealthSchema,
    errors: [],
  }),
} as const;
