import argon2 from 'argon2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { mailQueueDrained } from '#test/mail-queue.js';
import { bearer, signUp } from '#test/factories.js';

/** The per-email limits at their real values (RATE_LIMIT_SCALE=1), and scaled (2). */
let strict: TestApp;
let scaled: TestApp;
beforeAll(async () => {
  [strict, scaled] = await Promise.all([buildTestApp({ rateLimitScale: 1 }), buildTestApp({ rateLimitScale: 2 })]);
});
afterAll(async () => Promise.all([strict.close(), scaled.close()]));

const inject = (t: TestApp, url: string, payload: object, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, remoteAddress });
const login = (t: TestApp, ip: string, email: string, password: string) => inject(t, '/auth/login', { email, password }, ip);
const sendLoginCode = (t: TestApp, email: string, ip?: string) =>
  inject(t, '/auth/email/otp/send', { email, purpose: 'login' }, ip);
const statusCounts = (answers: { statusCode: number }[]) =>
  answers.reduce<Record<number, number>>((acc, a) => ({ ...acc, [a.statusCode]: (acc[a.statusCode] ?? 0) + 1 }), {});

describe('failed sign-ins per email and network (atomic)', () => {
  it('runs at most 10 argon2 verifications for 40 parallel wrong passwords from one /24', async () => {
    const user = await signUp(strict);
    const verify = vi.spyOn(argon2, 'verify');
    try {
      // Forty addresses of one /24: the per-IP limit (25 per 5 min) is not what stops them.
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => login(strict, `203.0.113.${i + 1}`, user.email, `wrong password ${i}`)),
      );
      expect(statusCounts(answers)).toEqual({ 400: 10, 429: 30 });
      expect(verify).toHaveBeenCalledTimes(10);
    } finally {
      verify.mockRestore();
    }
  });

  it('limits only the offending range: the owner signs in from elsewhere and by emailed code', async () => {
    const user = await signUp(strict);
    const attacker = '198.51.100.20';
    for (let i = 0; i < 10; i++) expect((await login(strict, attacker, user.email, `wrong password ${i}`)).statusCode).toBe(400);
    const limited = await login(strict, attacker, user.email, user.password);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3000);
    expect(limited.json()).toMatchObject({ status: 'error' });
    // The whole /24 is limited, not just the one address.
    expect((await login(strict, '198.51.100.77', user.email, user.password)).statusCode).toBe(429);
    // The owner on another network still signs in with the password.
    expect((await login(strict, '192.0.2.10', user.email, user.password)).statusCode).toBe(200);

    // And by emailed code, even from the limited range.
    expect((await sendLoginCode(strict, user.email, attacker)).statusCode).toBe(200);
    const mail = await strict.mail.waitFor(user.email, 2);
    expect(mail.subject).toMatch(/^Your Tribes sign-in code: \d{6}$/);
    const code = await strict.mail.codeFor(user.email, 2);
    const verified = await inject(strict, '/auth/email/otp/verify', { email: user.email, code, purpose: 'login' }, attacker);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({
      status: 'success',
      message: 'Signed in successfully.',
      data: { user: { email: user.email } },
    });
    const token = verified.json().data.auth_token as string;
    expect((await strict.app.inject({ url: '/api/v1/me', headers: bearer(token) })).statusCode).toBe(200);

    strict.clock.advance(3601 * 1000);
    expect((await login(strict, attacker, user.email, user.password)).statusCode).toBe(200);
  });

  it('forgives a range its failures once the right password comes from it', async () => {
    const user = await signUp(strict);
    const ip = '192.0.2.200';
    for (let i = 0; i < 9; i++) expect((await login(strict, ip, user.email, `wrong password ${i}`)).statusCode).toBe(400);
    expect((await login(strict, ip, user.email, user.password)).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) expect((await login(strict, ip, user.email, `wrong again ${i}`)).statusCode).toBe(400);
    expect((await login(strict, ip, user.email, user.password)).statusCode).toBe(429);
  });

  it('sends exactly one code for 10 parallel sends (1 per 60 s)', async () => {
    const user = await signUp(strict);
    const answers = await Promise.all(Array.from({ length: 10 }, () => sendLoginCode(strict, user.email)));
    expect(statusCounts(answers)).toEqual({ 200: 1, 429: 9 });
    await mailQueueDrained(strict.app);
    // The verification code of the sign-up, and one sign-in code.
    expect(strict.mail.forAddress(user.email)).toHaveLength(2);
  });
});

describe('RATE_LIMIT_SCALE scales the per-email limits', () => {
  it('allows 20 failed sign-ins per email and range at scale 2, then 429', async () => {
    const user = await signUp(scaled);
    for (let i = 0; i < 20; i++) expect((await login(scaled, '203.0.113.9', user.email, `wrong ${i}`)).statusCode).toBe(400);
    expect((await login(scaled, '203.0.113.9', user.email, user.password)).statusCode).toBe(429);
  });

  it('allows 2 code sends per 60 s at scale 2, then 429', async () => {
    const user = await signUp(scaled);
    expect((await sendLoginCode(scaled, user.email)).statusCode).toBe(200);
    expect((await sendLoginCode(scaled, user.email)).statusCode).toBe(200);
    expect((await sendLoginCode(scaled, user.email)).statusCode).toBe(429);
  });
});
