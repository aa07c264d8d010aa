import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { bindingCookie, setBindingCookie } from './oidc.cookie.js';

/** The Set-Cookie a reply would carry. */
function setCookieFor(publicUrl: string, providerId: string): string {
  let value = '';
  const reply = { header: (_name: string, v: string) => ((value = v), reply) } as unknown as FastifyReply;
  setBindingCookie(reply, new URL(publicUrl), providerId, 'ab12');
  return value;
}

describe('the OIDC browser-binding cookie', () => {
  it('is Secure behind https and scoped to the callback under PUBLIC_URL', () => {
    expect(setCookieFor('https://tribes.example/', 'keycloak')).toBe(
      'tribes_oidc=ab12; Path=/api/v1/auth/oidc/keycloak/callback; Max-Age=600; HttpOnly; SameSite=Lax; Secure',
    );
    expect(setCookieFor('https://example.org/tribes/', 'id')).toContain('Path=/tribes/api/v1/auth/oidc/id/callback;');
    expect(setCookieFor('http://localhost:3000', 'id')).not.toContain('Secure');
  });

  it('is read from the Cookie header among others', () => {
    const req = (cookie?: string) => ({ headers: cookie === undefined ? {} : { cookie } }) as FastifyRequest;
    expect(bindingCookie(req('i18n_redirected=fr; tribes_oidc=ab12; other=1'))).toBe('ab12');
    expect(bindingCookie(req('xtribes_oidc=ab12'))).toBeUndefined();
    expect(bindingCookie(req('tribes_oidc='))).toBeUndefined();
    expect(bindingCookie(req())).toBeUndefined();
  });
});
