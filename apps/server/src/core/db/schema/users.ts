import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  bigserial,
} from 'drizzle-orm/pg-core';
import type { StoredNotificationSettings } from '@tribes/shared';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** The name's search words (foldText); null until the search module folds it (cleared when the name changes). */
    searchName: text('search_name'),
    /** Stored trimmed and lower-cased; unique. Null for an account made from a phone identity until it adds one. */
    email: text('email'),
    /** Null for an account that signs in only through identities (phone, Google, OIDC, passkeys). */
    passwordHash: text('password_hash'),
    /** E.164, from a provider-verified phone identity; unique. */
    phone: text('phone'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true, mode: 'date' }),
    avatarKey: text('avatar_key'),
    bio: text('bio').notNull().default(''),
    locale: text('locale').notNull().default('en'),
    role: text('role'),
    lastStep: text('last_step'),
    primaryTribeId: uuid('primary_tribe_id'),
    profileVisibility: text('profile_visibility').notNull().default('public'),
    showOnMap: boolean('show_on_map').notNull().default(true),
    notificationSettings: jsonb('notification_settings').$type<StoredNotificationSettings>().notNull().default({}),
    /** The site-wide role above the tribes' (DESIGN 11.2): 'operator' or null. */
    platformRole: text('platform_role'),
    /** A suspension in force: since when, why, until when (null: until lifted). Null when not suspended. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true, mode: 'date' }),
    suspensionReason: text('suspension_reason'),
    suspendedUntil: timestamp('suspended_until', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_phone_unique').on(t.phone),
    index('users_platform_role_idx').on(t.platformRole),
    index('users_search_trgm_idx').using('gin', sql`${t.searchName} gin_trgm_ops`),
    index('users_search_pending_idx')
      .on(t.id)
      .where(sql`${t.searchName} is null`),
    check('users_platform_role', sql`${t.platformRole} is null or ${t.platformRole} in ('operator')`),
  ],
);

export const authTokens = pgTable(
  'auth_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the opaque token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    deviceName: text('device_name'),
    /** The User-Agent the session was made with (Settings → devices names it from this). */
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    /**
     * When the session last proved its owner (its sign-in, or POST /v1/me/reauth): sensitive acts
     * need it within REAUTH_WINDOW_SECONDS (DESIGN 11.7, "sudo mode").
     */
    authenticatedAt: timestamp('authenticated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('auth_tokens_hash_unique').on(t.tokenHash), index('auth_tokens_user_idx').on(t.userId)],
);

export const otpCodes = pgTable(
  'otp_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    purpose: text('purpose').notNull(),
    /** HMAC of email, purpose and code under the app secret. */
    codeHash: text('code_hash').notNull(),
    tries: integer('tries').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('otp_codes_lookup_idx').on(t.email, t.purpose, t.createdAt)],
);

export const resetTokens = pgTable(
  'reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('reset_tokens_hash_unique').on(t.tokenHash)],
);

/** One row per counted event of a sliding-window limit (per email, per account): shared by every node. */
export const throttleHits = pgTable(
  'throttle_hits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('throttle_hits_key_at_idx').on(t.key, t.at)],
);
