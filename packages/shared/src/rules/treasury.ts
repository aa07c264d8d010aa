// The treasury module's rules without zod (limits, vocabularies, helpers): the web app reads them at run time
// without building the schemas of ../schemas/treasury.ts, which it loads only when a form validates.

import { MONEY_LIMITS } from './money.js';

/** Limits of an expense (DESIGN 10.4); receipts have the size limit of post photos. */
export const EXPENSE_LIMITS = {
  titleMax: 120,
  descriptionMax: 2000,
  payeeMax: 120,
  referenceMax: 120,
  noteMax: 500,
  receiptsMax: 5,
  receiptMaxBytes: 10 * 1024 * 1024,
  amountMax: MONEY_LIMITS.goalMax,
} as const;

/** The header a leader with 2FA on sends a fresh code in, to approve, reject or pay. */
export const TWO_FACTOR_HEADER = 'x-two-factor-code';
