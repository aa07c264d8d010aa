import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { IdParamsSchema } from '../schemas/common.js';
import { SignedInSchema, TwoFactorRequiredSchema } from './auth.js';
import { EmptyDataSchema, endpoint } from './endpoint.js';

/**
 * Passkeys (DESIGN 10.2): WebAuthn credentials that sign in without a password. A signed-in user
 * registers one (options, then the browser's attestation), lists and removes their own; anyone signs
 * in with one (options with an empty allowCredentials, so the browser offers its discoverable
 * credentials, then the assertion). The relying party is PUBLIC_URL: its hostname is the RP ID and
 * its origin the only accepted origin. Each challenge lives 5 minutes and is spent once.
 * A response that does not verify (wrong challenge, spent or expired challenge, bad signature, foreign
 * origin) is a 400 on `response` when registering and a 401 when signing in (an unknown credential too).
 */

const tags = ['passkeys'] as const;

const b64url = z
  .string()
  .min(1)
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*={0,2}$/, 'base64url');

/** A registered passkey as its owner sees it (no key material). */
export const PasskeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** 'singleDevice' | 'multiDevice' (synced). */
  device_type: z.string().nullable(),
  backed_up: z.boolean(),
  transports: z.array(z.string()),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type Passkey = z.infer<typeof PasskeySchema>;

/**
 * WebAuthn options JSON (PublicKeyCredentialCreationOptionsJSON or PublicKeyCredentialRequestOptionsJSON)
 * passed as it is to the browser's navigator.credentials call (`@simplewebauthn/browser`'s `optionsJSON`).
 */
export const WebAuthnOptionsSchema = z.looseObject({ challenge: z.string(), rpId: z.string().optional() });

/** Options with the id of their stored challenge (sent back with the response). */
export const PasskeyOptionsDataSchema = z.object({ options: WebAuthnOptionsSchema, challenge_id: z.string() });
export type PasskeyOptionsData = z.infer<typeof PasskeyOptionsDataSchema>;

const clientExtensionResults = z.record(z.string(), z.unknown()).default({});

/** RegistrationResponseJSON (navigator.credentials.create, as `@simplewebauthn/browser` encodes it). */
export const RegistrationResponseSchema = z.looseObject({
  id: b64url,
  rawId: b64url,
  type: z.literal('public-key'),
  authenticatorAttachment: z.string().max(40).optional(),
  clientExtensionResults,
  response: z.looseObject({
    clientDataJSON: b64url,
    attestationObject: b64url,
    transports: z.array(z.string().max(40)).max(10).optional(),
  }),
});

/** AuthenticationResponseJSON (navigator.credentials.get). */
export const AuthenticationResponseSchema = z.looseObject({
  id: b64url,
  rawId: b64url,
  type: z.literal('public-key'),
  authenticatorAttachment: z.string().max(40).optional(),
  clientExtensionResults,
  response: z.looseObject({
    clientDataJSON: b64url,
    authenticatorData: b64url,
    signature: b64url,
    userHandle: b64url.optional(),
  }),
});

export const AddPasskeyBodySchema = z.strictObject({
  response: RegistrationResponseSchema,
  name: z.string().trim().min(1).max(60).optional(),
});
export type AddPasskeyBody = z.infer<typeof AddPasskeyBodySchema>;

export const PasskeySignInBodySchema = z.strictObject({
  response: AuthenticationResponseSchema,
  challenge_id: z.uuid().optional(),
  device_name: z.string().trim().max(LIMITS.deviceNameMax).optional(),
});
export type PasskeySignInBody = z.infer<typeof PasskeySignInBodySchema>;

/** Signed in; or, were the passkey not to satisfy a second factor (never for a verified passkey today), its challenge. */
export const PasskeySignInDataSchema = z.union([SignedInSchema, TwoFactorRequiredSchema]);

export const passkeyEndpoints = {
  registrationOptions: endpoint({
    method: 'POST',
    path: '/v1/me/passkeys/options',
    summary:
      'WebAuthn registration options for a new passkey of mine (resident key required, user verification preferred, ' +
      'my passkeys excluded); the challenge is valid 5 minutes.',
    tags,
    auth: 'user',
    fresh: true,
    data: PasskeyOptionsDataSchema,
    errors: [401],
  }),
  add: endpoint({
    method: 'POST',
    path: '/v1/me/passkeys',
    summary:
      "Verifies the browser's registration response against my latest challenge and stores the passkey " +
      '(named after the device when no name is given); 409 passkey_exists when it is already registered.',
    tags,
    auth: 'user',
    fresh: true,
    body: AddPasskeyBodySchema,
    data: z.object({ passkey: PasskeySchema }),
    status: 201,
    errors: [401, 409],
    errorTypes: ['passkey_exists'],
  }),
  list: endpoint({
    method: 'GET',
    path: '/v1/me/passkeys',
    summary: 'My passkeys, newest first (one page).',
    tags,
    auth: 'user',
    data: z.object({ items: z.array(PasskeySchema), next_cursor: z.string().nullable() }),
    errors: [401],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/v1/me/passkeys/{id}',
    summary: 'Removes one of my passkeys; 404 when I have none with this id.',
    tags,
    auth: 'user',
    fresh: true,
    params: IdParamsSchema,
    data: EmptyDataSchema,
    errors: [401, 404],
  }),
  signInOptions: endpoint({
    method: 'POST',
    path: '/v1/auth/passkeys/options',
    summary:
      'WebAuthn authentication options for a passwordless sign-in (empty allowCredentials: the browser offers its ' +
      'discoverable credentials) and the id of their challenge (5 minutes, single use).',
    tags,
    auth: 'public',
    data: PasskeyOptionsDataSchema,
    errors: [],
  }),
  signIn: endpoint({
    method: 'POST',
    path: '/v1/auth/passkeys/verify',
    summary:
      "Signs in with a passkey: verifies the browser's assertion against the stored credential and the challenge " +
      '(spent once), then answers { auth_token, user }. 401 for an unknown credential, a wrong, spent or expired ' +
      'challenge, or a signature that does not verify.',
    tags,
    auth: 'public',
    body: PasskeySignInBodySchema,
    data: PasskeySignInDataSchema,
    errors: [401, 403],
  }),
} as const;
