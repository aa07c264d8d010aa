import { z } from 'zod';
import { LAST_STEPS, LIMITS, PROFILE_VISIBILITIES, ROLES } from '../constants.js';
import { LOCALE_CODES } from '../locales.js';
import { PasswordInputSchema } from './auth.js';

export const RoleSchema = z.enum(ROLES);
export const LastStepSchema = z.enum(LAST_STEPS);
export const ProfileVisibilitySchema = z.enum(PROFILE_VISIBILITIES);

export const NotificationSettingsSchema = z.strictObject({
  comments: z.boolean(),
  likes: z.boolean(),
  membership: z.boolean(),
  villages: z.boolean(),
  donations: z.boolean(),
  email: z.boolean(),
});
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  comments: true,
  likes: true,
  membership: true,
  villages: true,
  donations: true,
  email: false,
};

/** The signed-in user as the API presents it (DESIGN section 5). */
export const UserSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Null for an account made from a phone identity until it adds an email. */
  email: z.string().nullable(),
  email_verified: z.boolean(),
  /** E.164, set by a provider-verified phone identity. */
  phone: z.string().nullable(),
  avatar_url: z.string().nullable(),
  bio: z.string(),
  locale: z.enum(LOCALE_CODES),
  role: RoleSchema.nullable(),
  created_at: z.string(),
  profile: z.object({
    last_step: LastStepSchema.nullable(),
    primary_tribe_id: z.string().nullable(),
  }),
  privacy: z.object({
    profile_visibility: ProfileVisibilitySchema,
    show_on_map: z.boolean(),
  }),
  // Not strict in an answer: a switch stored once and since retired is left out, not a 500.
  settings: z.object({ notifications: z.object(NotificationSettingsSchema.shape) }),
});
export type User = z.infer<typeof UserSchema>;

export const UpdateMeBodySchema = z.strictObject({
  name: z.string().trim().min(1).max(LIMITS.nameMax).optional(),
  bio: z.string().trim().max(LIMITS.bioMax).optional(),
  locale: z.enum(LOCALE_CODES).optional(),
});
export type UpdateMeBody = z.infer<typeof UpdateMeBodySchema>;

/** The delete-account form: the password confirms the deletion. */
export const DeleteMeBodySchema = z.strictObject({ password: PasswordInputSchema });

/** DELETE /v1/me's body: an account without a password (phone, Google, passkeys only) sends none. */
export const DeleteMeRequestSchema = z.strictObject({ password: PasswordInputSchema.optional() });

export const RoleBodySchema = z.strictObject({ role: RoleSchema });

export const PrivacyBodySchema = z.strictObject({
  profile_visibility: ProfileVisibilitySchema.optional(),
  show_on_map: z.boolean().optional(),
});
export type PrivacyBody = z.infer<typeof PrivacyBodySchema>;

export const SettingsBodySchema = z.strictObject({
  language: z.enum(LOCALE_CODES).optional(),
  notifications: NotificationSettingsSchema.partial().optional(),
});
export type SettingsBody = z.infer<typeof SettingsBodySchema>;

/** One signed-in device of the user (GET /v1/me/sessions). */
export const SessionSchema = z.object({
  id: z.string(),
  device_name: z.string().nullable(),
  /** What to call the device: device_name when the sign-in gave one, else "Chrome on Android" from the user agent. */
  name: z.string().nullable(),
  /** The browser and the operating system read from the user agent (null when unknown). */
  browser: z.string().nullable(),
  os: z.string().nullable(),
  /** 'mobile' | 'tablet' | 'desktop' | null (unknown). */
  device_type: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  current: z.boolean(),
});
export type Session = z.infer<typeof SessionSchema>;
