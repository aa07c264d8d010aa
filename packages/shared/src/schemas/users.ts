import { z } from 'zod';
import { LAST_STEPS, LIMITS, PROFILE_VISIBILITIES, ROLES } from '../constants.js';
import { LOCALE_CODES } from '../locales.js';
import { PasswordInputSchema } from './auth.js';
import { NOTIFICATION_TYPES, DEFAULT_NOTIFICATION_SETTINGS } from '../rules/users.js';
import { PLATFORM_ROLES } from '../rules/moderation.js';

export * from '../rules/users.js';

export const RoleSchema = z.enum(ROLES);
export const LastStepSchema = z.enum(LAST_STEPS);
export const ProfileVisibilitySchema = z.enum(PROFILE_VISIBILITIES);

export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export const NotificationTypeSchema = z.enum(NOTIFICATION_TYPES);

/** The channels of one type: the bell in the app, a mail, a push to the member's devices. */
export const ChannelSwitchesSchema = z.strictObject({ in_app: z.boolean(), email: z.boolean(), push: z.boolean() });
export type ChannelSwitches = z.infer<typeof ChannelSwitchesSchema>;
export const NOTIFICATION_CHANNELS = ['in_app', 'email', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const NotificationSettingsSchema = z.strictObject(
  Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, ChannelSwitchesSchema])) as Record<
    NotificationType,
    typeof ChannelSwitchesSchema
  >,
);
export type NotificationSettings = Record<NotificationType, ChannelSwitches>;

export const DIGEST_FREQUENCIES = ['off', 'weekly'] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];

const HHMM = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'validation.time' });
/** No mail or push between `from` and `to` in the member's time zone (IANA); they wait for `to`. */
/** An IANA time zone name (`Europe/Paris`), as this runtime knows them. */
export const TimeZoneSchema = z.string().min(1).max(64).refine(isTimeZone, { error: 'validation.timezone' });

export const QuietHoursSchema = z.strictObject({
  from: HHMM,
  to: HHMM,
  tz: TimeZoneSchema,
});
export type QuietHours = z.infer<typeof QuietHoursSchema>;

function isTimeZone(tz: string): boolean {
  // Offsets (`+01:00`) are not zones: their hour would not follow daylight saving.
  if (/^[+-]/.test(tz)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** What a user row keeps (users.notification_settings): this shape, or the first round's booleans. */
export type StoredNotificationSettings = Partial<Record<NotificationType, Partial<ChannelSwitches> | boolean>> & {
  email?: boolean;
  digest?: DigestFrequency;
  quiet_hours?: QuietHours | null;
  /** Whether others see my read markers and I see theirs (DESIGN 11.4); true unless turned off. */
  read_receipts?: boolean;
};

/**
 * Every switch of a stored value, old or new: a first-round boolean is the type's in-app switch and
 * the old global `email` switch turns the mail of every type on; missing switches take the defaults.
 */
export function readNotificationSettings(stored: unknown): {
  notifications: NotificationSettings;
  digest: DigestFrequency;
  quiet_hours: QuietHours | null;
  read_receipts: boolean;
} {
  const s = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  const mailAll = s.email === true;
  const notifications = Object.fromEntries(
    NOTIFICATION_TYPES.map((t) => {
      const base = { ...DEFAULT_NOTIFICATION_SETTINGS[t], ...(mailAll ? { email: true } : {}) };
      const v = s[t];
      if (typeof v === 'boolean') return [t, { ...base, in_app: v }];
      if (v && typeof v === 'object') {
        const o = v as Record<string, unknown>;
        return [t, Object.fromEntries(NOTIFICATION_CHANNELS.map((c) => [c, typeof o[c] === 'boolean' ? o[c] : base[c]]))];
      }
      return [t, base];
    }),
  ) as NotificationSettings;
  const quiet = QuietHoursSchema.safeParse(s.quiet_hours);
  return {
    notifications,
    digest: s.digest === 'weekly' ? 'weekly' : 'off',
    quiet_hours: quiet.success ? quiet.data : null,
    read_receipts: s.read_receipts !== false,
  };
}

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
  /** 'operator' for those who run the whole site (DESIGN 11.2), else null; always sent by the server. */
  platform_role: z.enum(PLATFORM_ROLES).nullable().optional(),
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
  settings: z.object({
    notifications: z.object(NotificationSettingsSchema.shape),
    digest: z.enum(DIGEST_FREQUENCIES),
    quiet_hours: QuietHoursSchema.nullable(),
    /** Messages' read markers, sent and seen (DESIGN 11.4); on by default. */
    read_receipts: z.boolean().default(true),
  }),
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

/**
 * PATCH (or PUT) /v1/me/settings: only what is sent changes. A type takes some of its channels, or a
 * boolean as the first round sent it (its in-app switch); the first round's `email` boolean sets the
 * mail of every type. `quiet_hours: null` turns quiet hours off.
 */
export const SettingsBodySchema = z.strictObject({
  language: z.enum(LOCALE_CODES).optional(),
  notifications: z
    .strictObject({
      ...(Object.fromEntries(
        NOTIFICATION_TYPES.map((t) => [t, z.union([z.boolean(), ChannelSwitchesSchema.partial()]).optional()]),
      ) as Record<NotificationType, z.ZodOptional<z.ZodUnion<[z.ZodBoolean, ReturnType<typeof ChannelSwitchesSchema.partial>]>>>),
      email: z.boolean().optional(),
    })
    .optional(),
  digest: z.enum(DIGEST_FREQUENCIES).optional(),
  quiet_hours: QuietHoursSchema.nullable().optional(),
  /** false: my read markers are not sent to others and I see none of theirs. */
  read_receipts: z.boolean().optional(),
});
export type SettingsBody = z.infer<typeof SettingsBodySchema>;

/**
 * The stored settings after a PATCH: the old value read in the current shape (first-round booleans
 * migrate on the first write), then only what the body names changed.
 */
export function mergeNotificationSettings(stored: unknown, body: SettingsBody): StoredNotificationSettings {
  const current = readNotificationSettings(stored);
  const sent = body.notifications ?? {};
  const notifications = Object.fromEntries(
    NOTIFICATION_TYPES.map((type) => {
      const v = sent[type];
      const channels = {
        ...current.notifications[type],
        ...(sent.email !== undefined ? { email: sent.email } : {}),
        ...(typeof v === 'boolean'
          ? { in_app: v }
          : Object.fromEntries(Object.entries(v ?? {}).filter(([, on]) => on !== undefined))),
      };
      return [type, channels];
    }),
  );
  return {
    ...notifications,
    digest: body.digest ?? current.digest,
    quiet_hours: body.quiet_hours !== undefined ? body.quiet_hours : current.quiet_hours,
    read_receipts: body.read_receipts ?? current.read_receipts,
  };
}

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
