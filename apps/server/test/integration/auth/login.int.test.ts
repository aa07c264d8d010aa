import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { mailQueueDrained } from '#test/mail-queue.js';
import { bearer, buildRegistration, post, signUp, uniqueEmail } from '#test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const login = (email: string, password: string, extra: object = {}) =>
  post(t, '/api/v1/auth/login', { email, password, ...extra });
const me = (token: string) => t.app.inject({ url: '/api/v1/me', headers: bearer(token) });

describe('POST /v1/auth/login', () => {
  it('signs a verified user in with a new token', async () => {
    const user = await signUp(t);
    const res = await login(user.email.toUpperCase(), user.password, { device_name: 'Pixel 8' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'success', message: 'Signed in successfully.' });
    expect(res.body.data.user.email).toBe(user.email);
    expect(res.body.data.auth_token).not.toBe(user.token);
    expect((await me(res.body.data.auth_token)).statusCode).toBe(200);
  });

  it('answers the same 400 on the email field for a wrong password and for an unknown email', async () => {
    const user = await signUp(t);
    const wrong = await login(user.email, 'not the password at all');
    const unknown = await login(uniqueEmail(), 'not the password at all');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toEqual({
      status: 'error',
      error_type: 'validation_error',
      message: 'Validation failed.',
      errors: { email: ['These credentials do not match our records.'] },
    });
  });

  it('asks an unverified user to verify and sends a new code only if none went out in the last 60 s', async () => {
    const reg = buildRegistration();
    await post(t, '/api/v1/auth/register', reg);
    await t.mail.waitFor(reg.email, 1);
    const first = await login(reg.email, reg.password);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: 'warning', data: { verification_required: true, email: reg.email } });
    expect(first.body.data.auth_token).toBeUndefined();
    await mailQueueDrained(t.app);
    expect(t.mail.forAddress(reg.email)).toHaveLength(1);
    t.clock.advance(61 * 1000);
    await login(reg.email, reg.password);
    const code = await t.mail.codeFor(reg.email, 2);
    expect(
      (await post(t, '/api/v1/auth/email/otp/verify', { email: reg.email, code, purpose: 'email-verification' })).status,
    ).toBe(200);
  });

  it.each([
    [{ password: 'x' }, 'email', 'This field is required.'],
    [{ email: 'a@b.co' }, 'password', 'This field is required.'],
    [{ email: 'a@b.co', password: '' }, 'password', 'This field is required.'],
    [{ email: 'a@b.co', password: 'x'.repeat(1025) }, 'password', 'Must be at most 1024 characters.'],
    [{ email: 'a@b.co', password: 'x', remember: true }, 'remember', 'This field is not allowed.'],
  ])('answers 400 to a bad body %#', async (payload, field, message) => {
    const res = await post(t, '/api/v1/auth/login', payload);
    expect(res.status).toBe(400);
    expect(res.body.errors[field]).toEqual([message]);
  });
});

describe('POST /v1/auth/logout and tokens', () => {
  it('revokes the current token only', async () => {
    const user = await signUp(t);
    const other = (await login(user.email, user.password)).body.data.auth_token as string;
    const out = await post(t, '/api/v1/auth/logout', undefined, bearer(user.token));
    expect(out.status).toBe(200);
    expect((await me(user.token)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(200);
    expect((await post(t, '/api/v1/auth/logout', undefined, bearer(user.token))).status).toBe(401);
  });

  it.each([
    ['no header', {}],
    ['a forged token', bearer('forged-token-forged-token-forged-token-123')],
    ['a malformed header', { authorization: 'Basic dXNlcjpwYXNz' }],
    ['an empty bearer', { authorization: 'Bearer ' }],
  ])('answers 401 in the envelope for %s', async (_label, headers) => {
    const res = await t.app.inject({ url: '/api/v1/me', headers });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: 'error', message: 'Unauthorized. Please sign in again.' });
  });

  it('expires a token after 30 days without use, and slides while used', async () => {
    const user = await signUp(t);
    t.clock.advance(29 * 24 * 3600 * 1000);
    expect((await me(user.token)).statusCode).toBe(200);
    t.clock.advance(29 * 24 * 3600 * 1000);
    expect((await me(user.token)).statusCode).toBe(200);
    t.clock.advance(31 * 24 * 3600 * 1000);
    expect((await me(user.token)).statusCode).toBe(401);
  });
});

describe('login rate limit per IP', () => {
  it('answers 429 with Retry-After after 25 attempts in 5 minutes from one IP', async () => {
    const strict = await (await import('#test/build-test-app.js')).buildTestApp({ rateLimitScale: 1 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 26; i++) {
        const res = await strict.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { email: `ip-limit-${i}@example.test`, password: 'whatever' },
        });
        statuses.push(res.statusCode);
        if (res.statusCode === 429) {
          expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
          expect(res.json()).toMatchObject({ status: 'error' });
        }
      }
      expect(statuses.slice(0, 25).every((s) => s === 400)).toBe(true);
      expect(statuses[25]).toBe(429);
    } finally {
      await strict.close();
    }
  });
});
