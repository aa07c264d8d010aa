import type { FastifyReply, FastifyRequest } from 'fastify';
import { OIDC_STATE_TTL_MS } from './oidc.service.js';

/** The cookie that binds a started authorization to its browser (DESIGN 11.7). */
export const OIDC_BINDING_COOKIE = 'tribes_oidc';

/**
 * Where the cookie goes: only to the provider's callback (its path under PUBLIC_URL), over TLS when
 * PUBLIC_URL is https, never to scripts (httpOnly), and with a top-level navigation from the issuer
 * (SameSite=Lax) but not with a cross-site subrequest.
 */
function attributes(publicUrl: URL, providerId: string, maxAgeSeconds: number): string {
  const path = new URL(`api/v1/auth/oidc/${encodeURIComponent(providerId)}/callback`, publicUrl).pathname;
  const secure = publicUrl.protocol === 'https:' ? '; Secure' : '';
  return `Path=${path}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

/** Sets the binding cookie for as long as the state lives. */
export function setBindingCookie(reply: FastifyReply, publicUrl: URL, providerId: string, binding: string): void {
  const maxAge = Math.floor(OIDC_STATE_TTL_MS / 1000);
  reply.header('set-cookie', `${OIDC_BINDING_COOKIE}=${binding}; ${attributes(publicUrl, providerId, maxAge)}`);
}

/** Clears the binding cookie once its callback came back (the state is spent or refused). */
export function clearBindingCookie(reply: FastifyReply, publicUrl: URL, providerId: string): void {
  reply.header('set-cookie', `${OIDC_BINDING_COOKIE}=; ${attributes(publicUrl, providerId, 0)}`);
}

/** The binding cookie the request carries, if any. */
export function bindingCookie(req: FastifyRequest): string | undefined {
  for (const pair of (req.headers.cookie ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === OIDC_BINDING_COOKIE) return pair.slice(at + 1).trim() || undefined;
  }
  return undefined;
}
