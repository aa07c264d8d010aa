import { z } from 'zod';
import { OtpCodeSchema, PasswordInputSchema, RecoveryCodeSchema } from '../schemas/auth.js';
import { EmptyDataSchema, endpoint } from './endpoint.js';
import { AuthenticationResponseSchema, WebAuthnOptionsSchema } from './passkeys.js';

/**
 * Sensitive acts need a fresh session ("sudo mode", DESIGN 11.7): removing a sign-in method, setting
 * or changing the password, changing the email, deleting the account, registering a passkey, linking
 * an identity, turning two-factor off, making new recovery codes. Their endpoints carry `fresh: true`
 * and answer 403 `reauthentication_required` on a session that neither signed in nor passed
 * POST /v1/me/reauth within REAUTH_WINDOW_SECONDS (default 600). The reauth proves the owner with
 * one of a password, an emailed code (POST /v1/me/reauth/email first) or a passkey; with two-factor
 * on, `code` or `recovery_code` as well (403 `two_factor_required` without one), unless a passkey
 * was used (a passkey with user verification is two factors).
 */

const tags = ['reauth'] as const;

/** The ways this account can prove it is its owner again. */
export const ReauthMethodSchema = z.enum(['password', 'email_code', 'passkey']);
export type ReauthMethod = z.infer<typeof ReauthMethodSchema>;

/** GET /v1/me/reauth: whether the session is fresh now, until when, and how to refresh it. */
export const ReauthStatusSchema = z.object({
  fresh: z.boolean(),
  /** When the session stops being fresh; null when it is not fresh now. */
  fresh_until: z.string().nullable(),
  methods: z.array(ReauthMethodSchema),
  /** Two-factor is on: a password or an emailed code must come with `code` or `recovery_code`. */
  two_factor: z.boolean(),
  /** The address an emailed code goes to, masked (`am***@example.org`); null without one. */
  email: z.string().nullable(),
});
export type ReauthStatus = z.infer<typeof ReauthStatusSchema>;

/** Exactly one first factor; at most one second factor, and none beside a passkey. */
function oneWay(
  value: { password?: string; email_code?: string; passkey?: unknown; code?: string; recovery_code?: string },
  ctx: z.RefinementCtx,
) {
  const firsts = [value.password, value.email_code, value.passkey].filter((v) => v !== undefined).length;
  if (firsts === 0) ctx.addIssue({ code: 'custom', path: ['password'], message: 'validation.reauth_way_required' });
  if (firsts > 1) ctx.addIssue({ code: 'custom', path: ['password'], message: 'validation.reauth_one_way' });
  if (value.code !== undefined && value.recovery_code !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['recovery_code'], message: 'validation.two_factor_one_code' });
  }
  if (value.passkey !== undefined && (value.code !== undefined || value.recovery_code !== undefined)) {
    ctx.addIssue({ code: 'custom', path: ['passkey'], message: 'validation.two_factor_one_way' });
  }
}

export const ReauthBodySchema = z
  .strictObject({
    password: PasswordInputSchema.optional(),
    /** The code of POST /v1/me/reauth/email. */
    email_code: OtpCodeSchema.optional(),
    /** The browser's WebAuthn assertion for options of POST /v1/me/reauth/passkey/options. */
    passkey: AuthenticationResponseSchema.optional(),
    /** The authenticator app's code, with two-factor on. */
    code: OtpCodeSchema.optional(),
    recovery_code: RecoveryCodeSchema.optional(),
  })
  .superRefine(oneWay);
export type ReauthBody = z.infer<typeof ReauthBodySchema>;

export const ReauthDataSchema = z.object({ fresh_until: z.string() });
export type ReauthData = z.infer<typeof ReauthDataSchema>;

export const ReauthPasskeyOptionsSchema = z.object({ options: WebAuthnOptionsSchema });
export type ReauthPasskeyOptions = z.infer<typeof ReauthPasskeyOptionsSchema>;

/** The 403 error_type values of the reauth flow, and of every sensitive act on a stale session. */
export const REAUTH_ERRORS = {
  required: 'reauthentication_required',
  twoFactorRequired: 'two_factor_required',
} as const;

export const reauthEndpoints = {
  status: endpoint({
    method: 'GET',
    path: '/v1/me/reauth',
    summary: 'Whether this session may do sensitive acts now (fresh), until when, and the ways to confirm it is you.',
    tags,
    auth: 'user',
    data: ReauthStatusSchema,
    errors: [401],
  }),
  reauth: endpoint({
    method: 'POST',
    path: '/v1/me/reauth',
    summary:
      'Confirms the owner of this session (password, email_code or passkey; with two-factor on, code or recovery_code ' +
      'too, else 403 two_factor_required), making the session fresh for REAUTH_WINDOW_SECONDS. A wrong password is a ' +
      '400 on errors.password, a wrong emailed code on errors.email_code, a wrong app code on errors.code. ' +
      'Wrong passwords are limited per account (429).',
    tags,
    auth: 'user',
    body: ReauthBodySchema,
    data: ReauthDataSchema,
    errors: [401, 403, 409],
    errorTypes: ['reauth_method_unavailable'],
  }),
  sendEmailCode: endpoint({
    method: 'POST',
    path: '/v1/me/reauth/email',
    summary:
      "Mails a 6-digit code (10 minutes, single use) to the account's verified email, for POST /v1/me/reauth " +
      '{ email_code }; 409 reauth_method_unavailable without a verified email.',
    tags,
    auth: 'user',
    data: EmptyDataSchema,
    errors: [401, 409],
    errorTypes: ['reauth_method_unavailable'],
  }),
  passkeyOptions: endpoint({
    method: 'POST',
    path: '/v1/me/reauth/passkey/options',
    summary:
      "WebAuthn request options limited to the account's own passkeys (user verification required), for POST " +
      '/v1/me/reauth { passkey }; 409 reauth_method_unavailable without a passkey.',
    tags,
    auth: 'user',
    data: ReauthPasskeyOptionsSchema,
    errors: [401, 409],
    errorTypes: ['reauth_method_unavailable'],
  }),
} as const;
