// The money module's rules without zod (limits, vocabularies, helpers): the web app reads them at run time
// without building the schemas of ../schemas/money.ts, which it loads only when a form validates.

export const MONEY_LIMITS = {
  purchaseMin: 100,
  purchaseMax: 1_000_000,
  donationMin: 1,
  donationMax: 1_000_000,
  goalMax: 1_000_000_000,
  messageMax: 500,
  titleMax: 120,
  descriptionMax: 5000,
  /** A campaign update's body (DESIGN 10.4). */
  updateMax: 5000,
} as const;

/** The `error_type` of the money module's 409 answers, so clients tell conflicts apart without reading messages. */
export const MONEY_ERRORS = {
  insufficientFunds: 'insufficient_funds',
  campaignClosed: 'campaign_closed',
  idempotencyConflict: 'idempotency_conflict',
  paymentSettled: 'payment_settled',
  /** No payment provider is configured (a production node without PAYMENT_PROVIDER): nothing can be bought. */
  purchasesDisabled: 'purchases_disabled',
} as const;
