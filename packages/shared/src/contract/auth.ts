import { z } from 'zod';
import {
  CheckEmailExistsBodySchema,
  ForgotPasswordBodySchema,
  LoginBodySchema,
  OtpSendBodySchema,
  OtpVerifyBodySchema,
  PasswordPolicySchema,
  RegisterBodySchema,
  ResetPasswordBodySchema,
} from '../schemas/auth.js';
import { UserSchema } from '../schemas/users.js';
import { EmptyDataSchema, endpoint } from './endpoint.js';

/**
 * The account lifecycle (DESIGN section 5, "Auth and account"): sign-up, one-time codes, sign-in,
 * sign-out and password reset.
 *
 * Every endpoint but logout is public and rate limited per IP (login 25 per 5 min, register 5 per
 * 30 min, check_email_exists 10 per minute, codes and resets 30 per minute), 429 with Retry-After.
 * Wrong input is a 400 validation_error with field errors, never an answer that tells an unknown
 * email from a known one: a wrong email and a wrong password read the same (errors.email), and
 * code sends and forgot_password answer the same whether or not the account exists.
 */

/** A signed-in answer: the bearer token of the new session and the user. */
export const SignedInSchema = z.object({ auth_token: z.string(), user: UserSchema });
export type SignedIn = z.infer<typeof SignedInSchema>;

/** The warning answer of a login whose email is not verified yet (a new code is on its way). */
export const VerificationRequiredSchema = z.object({ verification_required: z.literal(true), email: z.string() });
export type VerificationRequired = z.infer<typeof VerificationRequiredSchema>;

/**
 * A sign-in waiting for its second factor (the account has TOTP on, DESIGN 10.2): answered as a
 * warning with no token; POST /v1/auth/2fa/verify spends the challenge.
 */
export const TwoFactorRequiredSchema = z.object({ two_factor_required: z.literal(true), challenge_id: z.uuid() });
export type TwoFactorRequired = z.infer<typeof TwoFactorRequiredSchema>;

/**
 * POST /v1/auth/login: signed in (success), the email to verify first (warning), or the second
 * factor to give (warning).
 */
export const LoginDataSchema = z.union([SignedInSchema, VerificationRequiredSchema, TwoFactorRequiredSchema]);
export type LoginData = z.infer<typeof LoginDataSchema>;

/** A forgot-password code spent: the token that lets POST /v1/reset_password set a new password. */
export const ResetAllowedSchema = z.object({ reset_token: z.string() });

/**
 * POST /v1/auth/email/otp/verify: signed in (email-verification, login), the second factor to give
 * (warning, an account with TOTP on), or a reset token (forgot-password).
 */
export const VerifyOtpDataSchema = z.union([SignedInSchema, TwoFactorRequiredSchema, ResetAllowedSchema]);
export type VerifyOtpData = z.infer<typeof VerifyOtpDataSchema>;

export const EmailExistsSchema = z.object({ exists: z.boolean() });

const tags = ['auth'] as const;

export const authEndpoints = {
  checkEmailExists: endpoint({
    method: 'POST',
    path: '/v1/check_email_exists',
    summary: 'Whether an account uses this email (sign-up form).',
    tags,
    auth: 'public',
    body: CheckEmailExistsBodySchema,
    data: EmailExistsSchema,
    errors: [],
  }),
  register: endpoint({
    method: 'POST',
    path: '/v1/auth/register',
    summary: 'Creates an account (no token until the email is verified) and sends an email-verification code.',
    tags,
    auth: 'public',
    body: RegisterBodySchema,
    data: z.object({ user: UserSchema }),
    status: 201,
    errors: [],
  }),
  sendOtp: endpoint({
    method: 'POST',
    path: '/v1/auth/email/otp/send',
    summary: 'Sends a one-time code for a purpose; the same answer whether or not the account exists.',
    tags,
    auth: 'public',
    body: OtpSendBodySchema,
    data: EmptyDataSchema,
    errors: [],
  }),
  verifyOtp: endpoint({
    method: 'POST',
    path: '/v1/auth/email/otp/verify',
    summary:
      'Spends a one-time code: email-verification and login sign in ({ auth_token, user }, or with TOTP on a ' +
      'warning { two_factor_required: true, challenge_id }); forgot-password answers { reset_token }.',
    tags,
    auth: 'public',
    body: OtpVerifyBodySchema,
    data: VerifyOtpDataSchema,
    errors: [403],
  }),
  login: endpoint({
    method: 'POST',
    path: '/v1/auth/login',
    summary:
      'Signs in with email and password ({ auth_token, user }); an unverified email answers a warning with ' +
      '{ verification_required: true, email } and sends a new code unless one went out in the last 60 s; ' +
      'an account with TOTP on answers a warning with { two_factor_required: true, challenge_id } and no token ' +
      '(POST /v1/auth/2fa/verify completes it).',
    tags,
    auth: 'public',
    body: LoginBodySchema,
    data: LoginDataSchema,
    errors: [403],
  }),
  logout: endpoint({
    method: 'POST',
    path: '/v1/auth/logout',
    summary: 'Revokes the current token.',
    tags,
    auth: 'user',
    data: EmptyDataSchema,
    errors: [401],
  }),
  forgotPassword: endpoint({
    method: 'POST',
    path: '/v1/forgot_password',
    summary: 'Sends a forgot-password code; the same answer whether or not the account exists.',
    tags,
    auth: 'public',
    body: ForgotPasswordBodySchema,
    data: EmptyDataSchema,
    errors: [],
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/v1/reset_password',
    summary: 'Sets a new password with a reset token and revokes every token of the user (it does not sign in).',
    tags,
    auth: 'public',
    body: ResetPasswordBodySchema,
    data: EmptyDataSchema,
    errors: [],
  }),
  passwordPolicy: endpoint({
    method: 'GET',
    path: '/v1/password_policy',
    summary: 'The rules a new password must follow.',
    tags,
    auth: 'public',
    data: PasswordPolicySchema,
    errors: [],
  }),
} as const;
