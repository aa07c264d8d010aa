// Identity (DESIGN 10.2): sign-in methods beyond the password — Firebase identities (phone, Google, Apple,
// Facebook), OpenID Connect subjects, passkeys — and the second factor (TOTP with recovery codes).
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const userRef = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** An external identity joined to an account: a Firebase user or an OIDC subject. */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    /** 'firebase' | 'oidc' */
    kind: text('kind').notNull(),
    /** The Firebase project id, or the OIDC provider's configured id. */
    issuer: text('issuer').notNull(),
    /** The Firebase uid, or the OIDC `sub`. */
    subject: text('subject').notNull(),
    /** How it signs in: 'google.com', 'apple.com', 'facebook.com', 'phone', 'password' (Firebase), or the OIDC id. */
    provider: text('provider').notNull(),
    email: text('email'),
    phone: text('phone'),
    createdAt: createdAt(),
    lastUsedAt: at('last_used_at'),
  },
  (t) => [
    uniqueIndex('user_identities_subject_unique').on(t.kind, t.issuer, t.subject),
    index('user_identities_user_idx').on(t.userId),
  ],
);

/** One OIDC authorization in flight (state, PKCE verifier, nonce): shared by every node, single use. */
export const oidcStates = pgTable('oidc_states', {
  state: text('state').primaryKey(),
  providerId: text('provider_id').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  returnTo: text('return_to'),
  /** Set when a signed-in user links this OIDC identity instead of signing in. */
  linkUserId: uuid('link_user_id'),
  expiresAt: at('expires_at').notNull(),
  consumedAt: at('consumed_at'),
  createdAt: createdAt(),
});

/** A TOTP second factor: pending until confirmed with a first code. The secret is sealed with the app secret. */
export const totpFactors = pgTable('totp_factors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretSealed: text('secret_sealed').notNull(),
  confirmedAt: at('confirmed_at'),
  /** The last accepted time step, so a code is not accepted twice. */
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** Ten single-use recovery codes per confirmed TOTP factor (hashed). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    codeHash: text('code_hash').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/** A password sign-in waiting for its second factor: answered instead of a token; 5 wrong codes burn it. */
export const twoFactorChallenges = pgTable('two_factor_challenges', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: userRef(),
  tries: integer('tries').notNull().default(0),
  deviceName: text('device_name'),
  userAgent: text('user_agent'),
  expiresAt: at('expires_at').notNull(),
  consumedAt: at('consumed_at'),
  createdAt: createdAt(),
});

/** A WebAuthn credential (passkey). */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    /** base64url credential id; unique. */
    credentialId: text('credential_id').notNull(),
    /** base64url COSE public key. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    deviceType: text('device_type'),
    backedUp: boolean('backed_up').notNull().default(false),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: at('last_used_at'),
  },
  (t) => [uniqueIndex('passkeys_credential_unique').on(t.credentialId), index('passkeys_user_idx').on(t.userId)],
);

/** A WebAuthn challenge handed out with registration or sign-in options; single use, short-lived. */
export const webauthnChallenges = pgTable('webauthn_challenges', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Set for registration (the signed-in user) and for a second-factor sign-in; null for a passwordless sign-in. */
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  challenge: text('challenge').notNull(),
  /** 'register' | 'login' */
  purpose: text('purpose').notNull(),
  expiresAt: at('expires_at').notNull(),
  consumedAt: at('consumed_at'),
  createdAt: createdAt(),
});
