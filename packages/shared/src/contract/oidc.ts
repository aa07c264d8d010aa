import { z } from 'zod';
import { endpoint } from './endpoint.js';

/**
 * Sign-in with any OpenID Connect issuer named in OIDC_PROVIDERS (DESIGN 10.2): the authorization
 * code flow with PKCE (S256), a single-use state and a nonce, held server-side for 10 minutes.
 * `start` and `callback` are browser navigations, so they answer redirects, not the envelope
 * (only an unknown provider is a 404 envelope):
 * - start: 302 to the issuer; an issuer that cannot be reached answers 302 to
 *   `/sign-in?error=oidc_unavailable`.
 * - callback: 302 to `/sign-in/complete#token=<auth_token>&return_to=<path>` (the web app stores the
 *   token like a login), to `/sign-in?challenge=<id>` when the account has 2FA on, or to
 *   `/sign-in?error=<code>` on any failure: `oidc_state` (unknown, expired or replayed state, or a
 *   state started in another browser: start and link set an httpOnly, SameSite=Lax cookie scoped to
 *   the callback, which the callback checks and clears),
 *   `oidc_denied` (the user said no at the issuer), `oidc_failed` (code exchange, nonce, signature),
 *   `oidc_unavailable` (issuer unreachable), `oidc_linked_elsewhere` (linking a subject another account has).
 * - link (signed in, JSON): the issuer URL to send the browser to; its callback joins the subject to
 *   the signed-in account and redirects to `return_to` (default `/setting/sign-in-methods`) with `?linked=<id>`.
 * Redirect targets (`return_to`) are same-site paths only: anything else is ignored.
 */

/** The error codes the callback puts in `/sign-in?error=`; the web app shows each in five languages. */
export const OIDC_ERROR_CODES = [
  'oidc_state',
  'oidc_denied',
  'oidc_failed',
  'oidc_unavailable',
  'oidc_linked_elsewhere',
] as const;
export type OidcErrorCode = (typeof OIDC_ERROR_CODES)[number];

/** A configured provider's id (OIDC_PROVIDERS): an unknown one is a 404. */
export const OidcProviderParamsSchema = z.strictObject({ id: z.string().trim().min(1).max(40) });

/** Where to land after signing in: a same-site path (`/tribes/x`); anything else is ignored. */
export const OidcStartQuerySchema = z.object({ return_to: z.string().max(2000).optional() });

/** What the issuer sends back (RFC 6749 4.1.2, RFC 9207 `iss`); checked by the server, never trusted. */
export const OidcCallbackQuerySchema = z.object({
  code: z.string().max(4000).optional(),
  state: z.string().max(500).optional(),
  iss: z.string().max(2000).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2000).optional(),
});

export const OidcLinkBodySchema = z.strictObject({ return_to: z.string().max(2000).optional() });
export type OidcLinkBody = z.infer<typeof OidcLinkBodySchema>;

/** A redirect answer's body: nothing (the Location header says where). */
const RedirectSchema = z.string().max(0).describe('Empty: the Location header says where to go.');

const tags = ['oidc'] as const;

export const oidcEndpoints = {
  start: endpoint({
    method: 'GET',
    path: '/v1/auth/oidc/{id}/start',
    summary: 'Starts signing in with an OpenID Connect issuer: 302 to it (PKCE S256, state, nonce).',
    tags,
    auth: 'public',
    params: OidcProviderParamsSchema,
    query: OidcStartQuerySchema,
    data: RedirectSchema,
    status: 302,
    errors: [404],
  }),
  callback: endpoint({
    method: 'GET',
    path: '/v1/auth/oidc/{id}/callback',
    summary:
      'Where the issuer returns: 302 to /sign-in/complete#token=... (signed in), /sign-in?challenge=... (2FA) or /sign-in?error=...',
    tags,
    auth: 'public',
    params: OidcProviderParamsSchema,
    query: OidcCallbackQuerySchema,
    data: RedirectSchema,
    status: 302,
    errors: [403, 404],
  }),
  link: endpoint({
    method: 'POST',
    path: '/v1/me/identities/oidc/{id}/start',
    summary: 'Starts linking an OpenID Connect identity to the signed-in account: the issuer URL to open.',
    tags,
    auth: 'user',
    fresh: true,
    params: OidcProviderParamsSchema,
    body: OidcLinkBodySchema,
    data: z.object({ url: z.string() }),
    errors: [401, 404, 503],
  }),
} as const;
