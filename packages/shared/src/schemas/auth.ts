import { z } from 'zod';
import { isCommonPassword } from '../common-passwords.js';
import { LIMITS, OTP, OTP_PURPOSES, PASSWORD_POLICY } from '../constants.js';
import { LOCALE_CODES } from '../locales.js';
import { EmailSchema } from './common.js';

/** Shortest name or email local part that a password may not contain (shorter ones would block too much). */
const PERSONAL_MIN = 3;
/** Shortest single word of a name that a password may not contain. */
const NAME_WORD_MIN = 4;

const fold = (s: string) => s.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * True when the password is, or contains, something about the account that others know or can
 * guess: the email, its local part (with and without a +tag), the name (with or without spaces),
 * or a word of the name of at least 4 characters. Case-insensitive; parts under 3 characters
 * (4 for a single name word) are ignored, since a short name would otherwise rule out half of all
 * passwords. NIST SP 800-63B lists such context-specific words among those to refuse.
 */
export function passwordMentionsAccount(password: string, account: { email?: string | null; name?: string | null }): boolean {
  const p = fold(password);
  const parts: string[] = [];
  const email = fold(account.email ?? '');
  if (email) {
    const local = email.split('@')[0] ?? '';
    parts.push(email, local, local.split('+')[0] ?? '');
  }
  const name = fold(account.name ?? '');
  if (name) {
    parts.push(name, name.replace(/ /g, ''));
    for (const word of name.split(' ')) if (word.length >= NAME_WORD_MIN) parts.push(word);
  }
  return parts.some((part) => part.length >= PERSONAL_MIN && p.includes(part));
}

/** A new password under the policy of GET /v1/password_policy. */
export const NewPasswordSchema = z
  .string()
  .min(PASSWORD_POLICY.min_length)
  .max(PASSWORD_POLICY.max_length)
  .refine((p) => p.trim() !== '', { error: 'validation.password_blank' })
  .refine((p) => !isCommonPassword(p), { error: 'validation.password_common' })
  .refine((p) => !PASSWORD_POLICY.require_lowercase || /\p{Ll}/u.test(p), { error: 'validation.password_lowercase' })
  .refine((p) => !PASSWORD_POLICY.require_uppercase || /\p{Lu}/u.test(p), { error: 'validation.password_uppercase' })
  .refine((p) => !PASSWORD_POLICY.require_numeric || /\p{Nd}/u.test(p), { error: 'validation.password_numeric' })
  .refine((p) => !PASSWORD_POLICY.require_non_alphanumeric || /[^\p{L}\p{N}]/u.test(p), {
    error: 'validation.password_non_alphanumeric',
  });

/** A password typed to sign in: only bounded, since the policy may have changed since it was chosen. */
export const PasswordInputSchema = z.string().min(1).max(1024);

const NameSchema = z.string().trim().min(1).max(LIMITS.nameMax);

/**
 * Adds the "passwords match" rule on password_confirmation, and refuses on password a password that
 * contains the email or name of the same body.
 */
function withConfirmation<T extends { password: string; password_confirmation: string; email?: string; name?: string }>(
  value: T,
  ctx: z.RefinementCtx,
) {
  if (passwordMentionsAccount(value.password, value)) {
    ctx.addIssue({ code: 'custom', path: ['password'], message: 'validation.password_personal' });
  }
  if (value.password !== value.password_confirmation) {
    ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: 'validation.password_confirmation' });
  }
}

export const CheckEmailExistsBodySchema = z.strictObject({ email: EmailSchema });

export const RegisterBodySchema = z
  .strictObject({
    name: NameSchema,
    email: EmailSchema,
    password: NewPasswordSchema,
    password_confirmation: z.string().max(1024),
    locale: z.enum(LOCALE_CODES).optional(),
  })
  .superRefine(withConfirmation);
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

export const OtpPurposeSchema = z.enum(OTP_PURPOSES);

export const OtpSendBodySchema = z.strictObject({ email: EmailSchema, purpose: OtpPurposeSchema });
export type OtpSendBody = z.infer<typeof OtpSendBodySchema>;

export const OtpCodeSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${OTP.length}}$`), { error: 'validation.code_format' });

/** Recovery codes as typed: letters, digits, spaces and dashes, at most 40 characters. */
export const RecoveryCodeSchema = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9\s-]+$/, { error: 'validation.recovery_code_format' });

export const OtpVerifyBodySchema = z.strictObject({
  email: EmailSchema,
  code: OtpCodeSchema,
  purpose: OtpPurposeSchema,
});
export type OtpVerifyBody = z.infer<typeof OtpVerifyBodySchema>;

export const LoginBodySchema = z.strictObject({
  email: EmailSchema,
  password: PasswordInputSchema,
  device_name: z.string().trim().max(LIMITS.deviceNameMax).optional(),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const ForgotPasswordBodySchema = z.strictObject({ email: EmailSchema });

export const ResetPasswordBodySchema = z
  .strictObject({
    email: EmailSchema,
    reset_token: z.string().min(1).max(200),
    password: NewPasswordSchema,
    password_confirmation: z.string().max(1024),
  })
  .superRefine(withConfirmation);
export type ResetPasswordBody = z.infer<typeof ResetPasswordBodySchema>;

export const ChangePasswordBodySchema = z
  .strictObject({
    /** Required when the account has a password; an account without one (phone, Google) sets its first. */
    current_password: PasswordInputSchema.optional(),
    password: NewPasswordSchema,
    password_confirmation: z.string().max(1024),
  })
  .superRefine(withConfirmation);
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

export const PasswordPolicySchema = z.object({
  min_length: z.number(),
  max_length: z.number(),
  require_lowercase: z.boolean(),
  require_uppercase: z.boolean(),
  require_numeric: z.boolean(),
  require_non_alphanumeric: z.boolean(),
  enforcement: z.enum(['ENFORCE', 'OFF']),
  schema_version: z.literal(1),
});
export type PasswordPolicy = z.infer<typeof PasswordPolicySchema>;
