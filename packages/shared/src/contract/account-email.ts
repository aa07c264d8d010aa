import { z } from 'zod';
import { OtpCodeSchema } from '../schemas/auth.js';
import { EmailSchema } from '../schemas/common.js';
import { MeDataSchema } from './users.js';
import { EmptyDataSchema, endpoint } from './endpoint.js';

/**
 * Adding or changing the account's email with a code (issue 13: "phone accounts may add an email
 * later"). An addition to DESIGN section 5: the code goes to the NEW address (6 digits, 10 minutes,
 * single-use, 5 tries, the send limits of the other codes), bound to the account that asked for it.
 * Confirming sets the email, verified; the account then signs in with emailed codes, and a former
 * address is told by mail that it changed. An address another account has is a 409 `email_taken`.
 */

const tags = ['account'] as const;

/** The address to add or change to. */
export const AccountEmailBodySchema = z.strictObject({ email: EmailSchema });
export type AccountEmailBody = z.infer<typeof AccountEmailBodySchema>;

/** The same address and the code mailed to it. */
export const AccountEmailConfirmBodySchema = z.strictObject({ email: EmailSchema, code: OtpCodeSchema });
export type AccountEmailConfirmBody = z.infer<typeof AccountEmailConfirmBodySchema>;

/** The 409 error_type values of these endpoints. */
export const ACCOUNT_EMAIL_ERRORS = {
  /** Another account has this address (the same message as a sign-up with it). */
  taken: 'email_taken',
  /** The address is already this account's, verified. */
  unchanged: 'email_unchanged',
} as const;

export const accountEmailEndpoints = {
  sendCode: endpoint({
    method: 'POST',
    path: '/v1/me/email',
    summary:
      "Starts adding or changing the account's email: mails a 6-digit code to the new address (10 minutes, " +
      'single-use; one send per minute and 5 per hour per address, 10 per hour per account, else 429). ' +
      "409 email_taken when another account has the address, email_unchanged when it is already the account's.",
    tags,
    auth: 'user',
    fresh: true,
    body: AccountEmailBodySchema,
    data: EmptyDataSchema,
    errors: [401, 409],
    errorTypes: Object.values(ACCOUNT_EMAIL_ERRORS),
  }),
  confirm: endpoint({
    method: 'POST',
    path: '/v1/me/email/confirm',
    summary:
      'Confirms the new address with its code: the account now has this email, verified (a wrong, spent, expired ' +
      "or another account's code is a 400 on `code`; 5 wrong tries burn it). The former address, if any, is told by mail.",
    tags,
    auth: 'user',
    body: AccountEmailConfirmBodySchema,
    data: MeDataSchema,
    errors: [401, 409],
    errorTypes: Object.values(ACCOUNT_EMAIL_ERRORS),
  }),
} as const;
