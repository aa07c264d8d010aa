import { z } from 'zod';
import { isCommonPassword } from '../common-passwords.js';
import { LIMITS, OTP, OTP_PURPOSES, PASSWORD_POLICY } from '../constants.js';
import { LOCALE_CODES } from '../locales.js';
import { EmailSchema } from './common.js';

/** A new password under the policy of GET /v1/password_policy. */
export const NewPasswordSchema = z
  .string()
  .min(PASSWORD_POLICY.min_length)
  .max(PASSWORD_POLICY.max_length)
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

/** Adds the "passwords match" rule on password_confirmation. */
function withConfirmation<T extends { password: string; password_confirmation: string }>(value: T, ctx: z.RefinementCtx) {
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
    current_password: PasswordInputSchema,
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
