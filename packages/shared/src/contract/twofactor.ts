import { z } from 'zod';
import { OtpCodeSchema, RecoveryCodeSchema } from '../schemas/auth.js';
import { UuidSchema } from '../schemas/common.js';
import { SignedInSchema } from './auth.js';
import { EmptyDataSchema, endpoint } from './endpoint.js';
import { AuthenticationResponseSchema, WebAuthnOptionsSchema } from './passkeys.js';

/**
 * The second factor (DESIGN 10.2): a TOTP authenticator app with ten single-use recovery codes.
 *
 * With a confirmed factor, every sign-in but a passkey answers a challenge instead of a token
 * (POST /v1/auth/login: status warning, data { two_factor_required: true, challenge_id }); the
 * challenge is spent with POST /v1/auth/2fa/verify. A challenge lives 10 minutes; a wrong code is a
 * 400 with errors.code (or errors.recovery_code); the fifth wrong code burns it, and a burnt,
 * expired, spent or unknown challenge is a 400 with errors.challenge_id telling to sign in again
 * (the web then goes back to the password step). A TOTP time step is accepted once per account.
 *
 * An account with a passkey may answer the challenge with it instead (an addition to DESIGN 10.2):
 * POST /v1/auth/2fa/passkey/options { challenge_id } gives WebAuthn request options limited to that
 * account's passkeys, and POST /v1/auth/2fa/verify { challenge_id, passkey } takes the browser's
 * assertion. A passkey of another account, a replayed assertion or one that does not verify is a 400
 * on errors.passkey and counts as a wrong try toward the five that burn the challenge.
 *
 * Wrong answers are capped per account too (DESIGN 11.7): 10 wrong codes, recovery codes or passkeys
 * in 15 minutes across every challenge, step-up code and turning 2FA off, then 429 with Retry-After
 * for that account, even for the right code; the owner is told by mail. RATE_LIMIT_SCALE leaves it.
 */

/** Ten recovery codes: `xxxxx-xxxxx` (lower-case letters and digits); spaces, dashes and case are ignored when typed. */
export const RECOVERY_CODE_COUNT = 10;

/** One of `code` (the app's 6 digits) or `recovery_code`, never both. */
function oneCode(value: { code?: string; recovery_code?: string }, ctx: z.RefinementCtx) {
  if (value.code === undefined && value.recovery_code === undefined) {
    ctx.addIssue({ code: 'custom', path: ['code'], message: 'validation.two_factor_code_required' });
  }
  if (value.code !== undefined && value.recovery_code !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['recovery_code'], message: 'validation.two_factor_one_code' });
  }
}

export const TotpConfirmBodySchema = z.strictObject({ code: OtpCodeSchema });
export type TotpConfirmBody = z.infer<typeof TotpConfirmBodySchema>;

export const TotpDisableBodySchema = z
  .strictObject({ code: OtpCodeSchema.optional(), recovery_code: RecoveryCodeSchema.optional() })
  .superRefine(oneCode);
export type TotpDisableBody = z.infer<typeof TotpDisableBodySchema>;

/** Exactly one way in for the challenge: `code`, `recovery_code` or `passkey`. */
function oneWay(value: { code?: string; recovery_code?: string; passkey?: unknown }, ctx: z.RefinementCtx) {
  if (value.passkey === undefined) return oneCode(value, ctx);
  if (value.code !== undefined || value.recovery_code !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['passkey'], message: 'validation.two_factor_one_way' });
  }
}

export const TwoFactorVerifyBodySchema = z
  .strictObject({
    challenge_id: UuidSchema,
    code: OtpCodeSchema.optional(),
    recovery_code: RecoveryCodeSchema.optional(),
    /** The browser's WebAuthn assertion (AuthenticationResponseJSON) for options of /v1/auth/2fa/passkey/options. */
    passkey: AuthenticationResponseSchema.optional(),
  })
  .superRefine(oneWay);
export type TwoFactorVerifyBody = z.infer<typeof TwoFactorVerifyBodySchema>;

export const TwoFactorPasskeyOptionsBodySchema = z.strictObject({ challenge_id: UuidSchema });
export type TwoFactorPasskeyOptionsBody = z.infer<typeof TwoFactorPasskeyOptionsBodySchema>;

/** POST /v1/auth/2fa/passkey/options: WebAuthn request options for the browser (allowCredentials: the account's passkeys). */
export const TwoFactorPasskeyOptionsSchema = z.object({ options: WebAuthnOptionsSchema });
export type TwoFactorPasskeyOptions = z.infer<typeof TwoFactorPasskeyOptionsSchema>;

/**
 * GET /v1/me/2fa: whether TOTP is on, how many recovery codes are left unused, and how many passkeys
 * the account has (each can answer a sign-in's challenge when TOTP is on).
 */
export const TwoFactorStatusSchema = z.object({
  totp_enabled: z.boolean(),
  recovery_codes_left: z.number().int(),
  passkeys: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;

/** POST /v1/me/2fa/totp: the new secret (Base32) and its otpauth:// URI, pending until confirmed. */
export const TotpEnrolmentSchema = z.object({ secret: z.string(), otpauth_url: z.string() });
export type TotpEnrolment = z.infer<typeof TotpEnrolmentSchema>;

/** POST /v1/me/2fa/totp/confirm: the ten recovery codes, shown this once. */
export const RecoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;

const tags = ['two-factor'] as const;

export const twoFactorEndpoints = {
  status: endpoint({
    method: 'GET',
    path: '/v1/me/2fa',
    summary: 'Whether the signed-in user has TOTP on, how many recovery codes are left, and how many passkeys they have.',
    tags,
    auth: 'user',
    data: TwoFactorStatusSchema,
    errors: [401],
  }),
  enrol: endpoint({
    method: 'POST',
    path: '/v1/me/2fa/totp',
    summary:
      'Starts a TOTP enrolment: a new secret and its otpauth:// URI (issuer Tribes), pending until confirmed; ' +
      'calling again replaces a pending secret. 409 two_factor_enabled when TOTP is already on.',
    tags,
    auth: 'user',
    data: TotpEnrolmentSchema,
    errors: [401, 409],
    errorTypes: ['two_factor_enabled'],
  }),
  confirm: endpoint({
    method: 'POST',
    path: '/v1/me/2fa/totp/confirm',
    summary:
      'Turns TOTP on with a first code from the app and answers ten single-use recovery codes, shown this once; ' +
      'a wrong code is a 400 on errors.code. 409 two_factor_not_started without a pending enrolment, ' +
      'two_factor_enabled when already on.',
    tags,
    auth: 'user',
    body: TotpConfirmBodySchema,
    data: RecoveryCodesSchema,
    errors: [401, 409],
    errorTypes: ['two_factor_enabled', 'two_factor_not_started'],
  }),
  disable: endpoint({
    method: 'DELETE',
    path: '/v1/me/2fa/totp',
    summary:
      'Turns TOTP off with a code from the app or a recovery code (removes the factor and every recovery code); ' +
      'a wrong one is a 400 on its field. 409 two_factor_disabled when TOTP is not on.',
    tags,
    auth: 'user',
    fresh: true,
    body: TotpDisableBodySchema,
    data: EmptyDataSchema,
    errors: [401, 409],
    errorTypes: ['two_factor_disabled'],
  }),
  renewRecoveryCodes: endpoint({
    method: 'POST',
    path: '/v1/me/2fa/recovery_codes',
    summary:
      'Makes ten new recovery codes, shown this once; the old ones stop working. 409 two_factor_disabled when TOTP is not on.',
    tags,
    auth: 'user',
    fresh: true,
    data: RecoveryCodesSchema,
    errors: [401, 409],
    errorTypes: ['two_factor_disabled'],
  }),
  verify: endpoint({
    method: 'POST',
    path: '/v1/auth/2fa/verify',
    summary:
      'Completes a sign-in that answered two_factor_required: challenge_id with code, recovery_code (single use) or ' +
      'passkey (a WebAuthn assertion for options of /v1/auth/2fa/passkey/options) answers { auth_token, user }. ' +
      'A wrong code is a 400 on errors.code / errors.recovery_code, a passkey of another account, replayed or not ' +
      'verifying a 400 on errors.passkey; the fifth wrong try burns the challenge: then, and for an expired, spent ' +
      'or unknown challenge, a 400 on errors.challenge_id (sign in again). Rate limited like login (25 per 5 min per IP), ' +
      'and 429 for the account after 10 wrong answers in 15 minutes across its challenges.',
    tags,
    auth: 'public',
    body: TwoFactorVerifyBodySchema,
    data: SignedInSchema,
    errors: [403],
  }),
  passkeyOptions: endpoint({
    method: 'POST',
    path: '/v1/auth/2fa/passkey/options',
    summary:
      "WebAuthn request options to answer a sign-in's challenge with a passkey: allowCredentials lists only the " +
      "account's passkeys, user verification preferred; valid 5 minutes, single use. An expired, burnt, spent or " +
      'unknown challenge is a 400 on errors.challenge_id; 409 no_passkeys when the account has none.',
    tags,
    auth: 'public',
    body: TwoFactorPasskeyOptionsBodySchema,
    data: TwoFactorPasskeyOptionsSchema,
    errors: [409],
    errorTypes: ['no_passkeys'],
  }),
} as const;
