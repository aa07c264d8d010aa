import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { UserSchema } from '../schemas/users.js';
import { TwoFactorRequiredSchema } from './auth.js';
import { EmptyDataSchema, endpoint } from './endpoint.js';

/**
 * Sign-in with Firebase Authentication (phone, Google, Apple, Facebook) and the list of an account's
 * sign-in methods (DESIGN 10.2).
 *
 * - providers: what the sign-in page may offer. `firebase` is null unless FIREBASE_PROJECT_ID is set;
 *   its `emulator_host` (host:port, dev and tests only) tells the web SDK to call connectAuthEmulator.
 * - identity: turns a Firebase ID token into a Tribes session. The token's Firebase user is joined to an
 *   account in this order: the account it was joined to before; else the account whose email matches an
 *   email the provider marks verified (`email_verified`); else a new account (`created: true`; its email is
 *   left empty when the token's email is unverified and another account has it, so nobody takes an account
 *   over with an unverified address). A bad, expired, foreign-project, malformed or unsigned token is
 *   401 with error_type `identity.invalid_token`. An account with TOTP on answers a warning
 *   { two_factor_required: true, challenge_id } and no token.
 * - identities: the signed-in account's sign-in methods, each with an id that DELETE takes: `password`,
 *   `email` (one-time codes to a verified email), a linked identity's id (Firebase or OIDC), or a passkey's
 *   id. The last method cannot be removed (409 `identity.last_method`). Removing `email` is refused with
 *   409 `identity.email_not_removable` (the email stays the account's contact address; it stops being a
 *   way in only with the account).
 * - link: joins a Firebase identity to the signed-in account; 409 `identity.linked_elsewhere` when that
 *   Firebase user is already joined to another account.
 */

/** The error_type of a refused Firebase ID token (401). */
export const IDENTITY_INVALID_TOKEN = 'identity.invalid_token';

/** The 409 error_type values of the identity endpoints. */
export const IDENTITY_CONFLICTS = ['identity.last_method', 'identity.linked_elsewhere', 'identity.email_not_removable'] as const;
export type IdentityConflict = (typeof IDENTITY_CONFLICTS)[number];

/** The Firebase sign-in methods the web app may show (IDENTITY_PROVIDERS). */
export const FIREBASE_PROVIDERS = ['google', 'apple', 'facebook', 'phone'] as const;
export type FirebaseProvider = (typeof FIREBASE_PROVIDERS)[number];

export const AuthProvidersSchema = z.object({
  /** The web SDK's public config, or null when Firebase is not configured. */
  firebase: z
    .object({
      api_key: z.string(),
      auth_domain: z.string(),
      project_id: z.string(),
      providers: z.array(z.enum(FIREBASE_PROVIDERS)),
      /** host:port of the Auth emulator (dev and tests), null with the real service. */
      emulator_host: z.string().nullable(),
    })
    .nullable(),
  /** OpenID Connect issuers (OIDC_PROVIDERS): start at /v1/auth/oidc/{id}/start. */
  oidc: z.array(z.object({ id: z.string(), name: z.string() })),
  passkeys: z.literal(true),
});
export type AuthProviders = z.infer<typeof AuthProvidersSchema>;

/** A Firebase ID token (a JWT, at most a few KB). */
const IdTokenSchema = z.string().trim().min(1).max(8192);

export const IdentitySignInBodySchema = z.strictObject({
  id_token: IdTokenSchema,
  device_name: z.string().trim().max(LIMITS.deviceNameMax).optional(),
});
export type IdentitySignInBody = z.infer<typeof IdentitySignInBodySchema>;

/** Signed in with a Firebase identity; `created` tells a new account (onboarding follows) from an existing one. */
export const IdentitySignedInSchema = z.object({ auth_token: z.string(), user: UserSchema, created: z.boolean() });
export type IdentitySignedIn = z.infer<typeof IdentitySignedInSchema>;

export const IdentitySignInDataSchema = z.union([IdentitySignedInSchema, TwoFactorRequiredSchema]);
export type IdentitySignInData = z.infer<typeof IdentitySignInDataSchema>;

export const IDENTITY_KINDS = ['password', 'email', 'firebase', 'oidc', 'passkey'] as const;
export type IdentityKind = (typeof IDENTITY_KINDS)[number];

/** One way into the account. */
export const IdentitySchema = z.object({
  /** What DELETE /v1/me/identities/{id} takes: 'password', 'email', or the identity's or passkey's id. */
  id: z.string(),
  kind: z.enum(IDENTITY_KINDS),
  /**
   * Firebase: its sign-in provider ('google.com', 'apple.com', 'facebook.com', 'phone', 'password');
   * OIDC: the configured provider id; null for the others.
   */
  provider: z.string().nullable(),
  /** What to show: the OIDC provider's name, the passkey's name; null when the kind says it all. */
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  created_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
});
export type Identity = z.infer<typeof IdentitySchema>;

export const IdentitiesDataSchema = z.object({ identities: z.array(IdentitySchema) });
export type IdentitiesData = z.infer<typeof IdentitiesDataSchema>;

export const IdentityParamsSchema = z.strictObject({ id: z.string().trim().min(1).max(64) });

export const LinkFirebaseBodySchema = z.strictObject({ id_token: IdTokenSchema });
export type LinkFirebaseBody = z.infer<typeof LinkFirebaseBodySchema>;

const tags = ['identity'] as const;

export const identityEndpoints = {
  providers: endpoint({
    method: 'GET',
    path: '/v1/auth/providers',
    summary: 'The sign-in methods this server offers: Firebase (web config and providers) or null, OIDC issuers, passkeys.',
    tags,
    auth: 'public',
    data: AuthProvidersSchema,
    errors: [],
  }),
  signIn: endpoint({
    method: 'POST',
    path: '/v1/auth/identity',
    summary:
      'Signs in with a Firebase ID token: { auth_token, user, created }, or with TOTP on a warning ' +
      '{ two_factor_required: true, challenge_id }. 401 identity.invalid_token for a bad, expired or foreign-project token; ' +
      '404 when Firebase is not configured.',
    tags,
    auth: 'public',
    body: IdentitySignInBodySchema,
    data: IdentitySignInDataSchema,
    errors: [401, 403, 404],
  }),
  list: endpoint({
    method: 'GET',
    path: '/v1/me/identities',
    summary: 'The sign-in methods of my account: password, email codes, Firebase and OIDC identities, passkeys.',
    tags,
    auth: 'user',
    data: IdentitiesDataSchema,
    errors: [401],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/v1/me/identities/{id}',
    summary: 'Removes a sign-in method of my account; the last one cannot go (409 identity.last_method).',
    tags,
    auth: 'user',
    fresh: true,
    params: IdentityParamsSchema,
    data: EmptyDataSchema,
    errors: [401, 404, 409],
    errorTypes: ['identity.last_method', 'identity.email_not_removable'],
  }),
  linkFirebase: endpoint({
    method: 'POST',
    path: '/v1/me/identities/firebase',
    summary: 'Links a Firebase identity (its ID token) to my account; 409 identity.linked_elsewhere when another account has it.',
    tags,
    auth: 'user',
    fresh: true,
    body: LinkFirebaseBodySchema,
    data: z.object({ identity: IdentitySchema }),
    status: 201,
    errors: [401, 404, 409],
    errorTypes: ['identity.linked_elsewhere'],
  }),
} as const;
