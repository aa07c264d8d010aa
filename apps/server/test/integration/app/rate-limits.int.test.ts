import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { bearer, buildRegistration, signUp } from '#test/factories.js';

/** The limits of DESIGN section 6 at their real values (RATE_LIMIT_SCALE=1). */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ rateLimitScale: 1 });
});
afterAll(async () => t.close());

describe('rate limits', () => {
  it('allows 5 registrations per 30 minutes per IP, then answers 429 with Retry-After', async () => {
    const ip = '203.0.113.7';
    const register = () =>
      t.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: buildRegistration(), remoteAddress: ip });
    for (let i = 0; i < 5; i++) expect((await register()).statusCode).toBe(201);
    const sixth = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: buildRegistration(),
      remoteAddress: ip,
      headers: { 'accept-language': 'ar' },
    });
    expect(sixth.statusCode).toBe(429);
    const retryAfter = Number(sixth.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(100);
    // The message counts the same seconds as Retry-After, in the Arabic plural form of that number
    // (1,703 to 1,710 take the "few" form ثوانٍ, 1,711 to 1,799 "many" ثانيةً, 1,800 "other" ثانية).
    const forms: Record<string, string> = { few: 'ثوانٍ', many: 'ثانيةً', other: 'ثانية' };
    const word = forms[new Intl.PluralRules('ar').select(retryAfter)];
    expect(sixth.json()).toEqual({ status: 'error', message: `طلبات كثيرة جدًا. حاول مرة أخرى بعد ${retryAfter} ${word}.` });
    // Another IP is not affected.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/register',
          payload: buildRegistration(),
          remoteAddress: '203.0.113.8',
        })
      ).statusCode,
    ).toBe(201);
  });

  it('allows 60 writes per minute per user, whatever the IP', async () => {
    const user = await signUp(t);
    const other = await signUp(t);
    const patch = (token: string, i: number) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/v1/me',
        payload: { bio: `bio ${i}` },
        headers: bearer(token),
        remoteAddress: `198.51.100.${i % 200}`,
      });
    for (let i = 0; i < 60; i++) expect((await patch(user.token, i)).statusCode).toBe(200);
    const over = await patch(user.token, 61);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ status: 'error' });
    expect((await patch(other.token, 1)).statusCode).toBe(200);
  });
});
