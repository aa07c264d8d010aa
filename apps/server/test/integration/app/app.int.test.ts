import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    captureLogs: true,
    beforeReady: (app) => {
      app.get('/api/v1/test-boom', async () => {
        throw new Error('database exploded: password=hunter2');
      });
    },
  });
});
afterAll(async () => t.close());

describe('the envelope and error handling', () => {
  it('answers an unknown API route with 404 in the envelope', async () => {
    const res = await t.app.inject({ url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'error', message: 'The requested resource could not be found.' });
  });

  it('answers malformed JSON with 400 in the envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message: 'The request body is not valid JSON.' });
  });

  it('answers an unexpected error with 500, no details, and logs it with the request id', async () => {
    const res = await t.app.inject({ url: '/api/v1/test-boom', headers: { 'accept-language': 'es' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      status: 'error',
      message: 'Se produjo un error interno del servidor. Inténtalo de nuevo más tarde.',
    });
    const id = res.headers['x-request-id'] as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const line = t.logs
      .map((l) => JSON.parse(l) as { reqId?: string; msg: string; level: number })
      .find((l) => l.reqId === id && l.msg === 'unexpected error');
    expect(line?.level).toBe(50);
  });

  it('answers a body over the limit with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(300 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().status).toBe('error');
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ status: 'error', message: 'This content type is not supported.' });
  });

  it('falls back to English for an unsupported language', async () => {
    const res = await t.app.inject({ url: '/api/v1/nothing', headers: { 'accept-language': 'de-DE,de;q=0.9' } });
    expect(res.json().message).toBe('The requested resource could not be found.');
    const fr = await t.app.inject({ url: '/api/v1/nothing', headers: { 'accept-language': 'de;q=0.9,fr;q=0.8' } });
    expect(fr.json().message).toBe('La ressource demandée est introuvable.');
  });
});

describe('security headers and CORS', () => {
  it('sends a strict CSP without inline scripts, and refuses framing', async () => {
    const res = await t.app.inject({ url: '/api/v1/password_policy' });
    const csp = res.headers['content-security-policy'] as string;
    const directives = Object.fromEntries(
      csp
        .split(';')
        .map((d) => d.trim())
        .filter(Boolean)
        .map((d) => {
          const [name, ...values] = d.split(/\s+/);
          return [name, values.join(' ')];
        }),
    );
    // Every directive, exactly: framing is only the two video players, nothing else loosened.
    expect(directives).toEqual({
      'default-src': "'self'",
      'script-src': "'self'",
      'style-src': "'self' 'unsafe-inline'",
      'img-src': "'self' data: blob: https:",
      'font-src': "'self' data:",
      'connect-src': "'self' ws: http:",
      'frame-src': 'https://www.youtube-nocookie.com https://player.vimeo.com',
      'frame-ancestors': "'none'",
      'object-src': "'none'",
      'base-uri': "'self'",
      'form-action': "'self'",
    });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS when PUBLIC_URL is https', async () => {
    const https = await buildTestApp({ env: { PUBLIC_URL: 'https://tribes.example' } });
    try {
      const res = await https.app.inject({ url: '/api/v1/password_policy' });
      expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
      const csp = res.headers['content-security-policy'] as string;
      expect(csp).toContain('frame-src https://www.youtube-nocookie.com https://player.vimeo.com;');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("connect-src 'self' wss: https:");
      expect(csp).toContain('upgrade-insecure-requests');
    } finally {
      await https.close();
    }
  });

  it('allows CORS for PUBLIC_URL only', async () => {
    const ok = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/auth/login',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST' },
    });
    expect(ok.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    const evil = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/auth/login',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('OpenAPI and health', () => {
  it('serves an OpenAPI 3 document generated from the zod schemas', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/auth/login', '/api/v1/auth/register', '/api/v1/me', '/api/v1/reset_password']),
    );
    const login = doc.paths['/api/v1/auth/login'].post.requestBody.content['application/json'].schema;
    expect(login.required).toEqual(expect.arrayContaining(['email', 'password']));
    expect((await t.app.inject({ url: '/api/docs' })).statusCode).toBe(200);
  });

  it('tells the web app how to reach the realtime server, and nothing secret', async () => {
    const res = await t.app.inject({ url: '/api/v1/config' });
    expect(res.json().data).toEqual({
      realtime: { key: t.app.ctx.realtime.appKey, host: 'localhost', port: 3000, scheme: 'http' },
      payments: {
        provider: 'sandbox',
        token_price_cents: t.app.ctx.config.payment.tokenPriceCents,
        currency: 'USD',
        // TOKEN_DISPLAY_RATES unset: USD, EUR, MAD, ILS from the token price (1 cent: 100 tokens a dollar).
        display_currencies: ['USD', 'EUR', 'MAD', 'ILS'],
        display_rates: { USD: 100, EUR: 108, MAD: 10, ILS: 27 },
      },
      // MAP_TILE_URL and MAP_ATTRIBUTION unset: OpenStreetMap, its attribution written by the web in each language.
      map: { tile_url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: null },
      // TRANSLATE_PROVIDER unset: no Translate action.
      translation: { enabled: false },
    });
    expect(res.body).not.toContain(t.app.ctx.realtime.secret);
  });

  it('reports health with the database kind', async () => {
    const res = await t.app.inject({ url: '/api/v1/health' });
    expect(res.json().data).toEqual({
      status: 'ok',
      database: process.env.TEST_DB ?? 'pglite',
      realtime: { connections: 0 },
      payments: { provider: 'sandbox' },
      demo_accounts: false,
    });
  });
});
