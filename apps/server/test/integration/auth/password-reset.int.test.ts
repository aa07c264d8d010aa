import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { mailQueueDrained } from '#test/mail-queue.js';
import { bearer, post, signUp, uniqueEmail } from '#test/factories.js';

let t: TestApp;
/** The same app with the per-email limits at their real values (RATE_LIMIT_SCALE=1). */
let strict: TestApp;
beforeAll(async () => {
  [t, strict] = await Promise.all([buildTestApp(), buildTestApp({ rateLimitScale: 1 })]);
});
afterAll(async () => Promise.all([t.close(), strict.close()]));

const NEW_PASSWORD = 'a brand new passphrase';

/** forgot_password → code from the mail (the n-th mail to the address) → reset_token. */
async function resetTokenFor(email: string, mailIndex: number): Promise<string> {
  expect((await post(t, '/api/v1/forgot_password', { email })).status).toBe(200);
  const code = await t.mail.codeFor(email, mailIndex);
  const verified = await post(t, '/api/v1/auth/email/otp/verify', { email, code, purpose: 'forgot-password' });
  expect(verified.status).toBe(200);
  expect(verified.body.data.auth_token).toBeUndefined();
  return verified.body.data.reset_token as string;
}

const reset = (email: string, reset_token: string, password = NEW_PASSWORD) =>
  post(t, '/api/v1/reset_password', { email, reset_token, password, password_confirmation: password });

describe('forgot and reset password', () => {
  it('resets the password with a verified code, revokes every token, and does not sign in', async () => {
    const user = await signUp(t);
    const token = await resetTokenFor(user.email, 2);
    const mail = (await t.mail.waitFor(user.email, 2)).subject;
    expect(mail).toMatch(/password reset code/);
    const res = await reset(user.email, token);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({});
    expect((await t.app.inject({ url: '/api/v1/me', headers: bearer(user.token) })).statusCode).toBe(401);
    expect((await post(t, '/api/v1/auth/login', { email: user.email, password: user.password })).status).toBe(400);
    expect((await post(t, '/api/v1/auth/login', { email: user.email, password: NEW_PASSWORD })).status).toBe(200);
  });

  it('uses a reset token once', async () => {
    const user = await signUp(t);
    const token = await resetTokenFor(user.email, 2);
    expect((await reset(user.email, token)).status).toBe(200);
    const again = await reset(user.email, token, 'yet another passphrase');
    expect(again.status).toBe(400);
    expect(again.body.errors.reset_token).toEqual(['This reset request is invalid or has expired. Please start again.']);
  });

  it('refuses a reset token after 15 minutes', async () => {
    const user = await signUp(t);
    const token = await resetTokenFor(user.email, 2);
    t.clock.advance(15 * 60 * 1000 + 1000);
    expect((await reset(user.email, token)).status).toBe(400);
  });

  it("refuses a reset token presented with another user's email", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const token = await resetTokenFor(a.email, 2);
    expect((await reset(b.email, token)).status).toBe(400);
    expect((await reset(a.email, token)).status).toBe(200);
  });

  it('answers alike for known and unknown emails, and mails only the known one', async () => {
    const user = await signUp(strict);
    const ghost = uniqueEmail('ghost');
    const known = await post(strict, '/api/v1/forgot_password', { email: user.email });
    const unknown = await post(strict, '/api/v1/forgot_password', { email: ghost });
    expect(known.status).toBe(unknown.status);
    expect(known.body).toEqual(unknown.body);
    await strict.mail.waitFor(user.email, 2);
    await mailQueueDrained(strict.app);
    expect(strict.mail.forAddress(ghost)).toHaveLength(0);
    // Limits apply to both alike too.
    const knownAgain = await post(strict, '/api/v1/forgot_password', { email: user.email });
    const unknownAgain = await post(strict, '/api/v1/forgot_password', { email: ghost });
    expect(knownAgain.status).toBe(429);
    expect(unknownAgain.status).toBe(429);
  });

  it('allows 5 forgot-password sends per 30 minutes per email', async () => {
    const user = await signUp(strict);
    for (let i = 0; i < 5; i++) {
      expect((await post(strict, '/api/v1/forgot_password', { email: user.email })).status).toBe(200);
      strict.clock.advance(61 * 1000);
    }
    expect((await post(strict, '/api/v1/forgot_password', { email: user.email })).status).toBe(429);
  });

  it.each([
    [{ email: 'a@b.co', reset_token: 'x', password: 'short', password_confirmation: 'short' }, 'password'],
    [
      { email: 'a@b.co', reset_token: 'x', password: NEW_PASSWORD, password_confirmation: 'different one here' },
      'password_confirmation',
    ],
    [{ email: 'a@b.co', password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD }, 'reset_token'],
    [
      { email: 'a@b.co', reset_token: 'not-a-real-token', password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
      'reset_token',
    ],
  ])('answers 400 to a bad reset body %#', async (payload, field) => {
    const res = await post(t, '/api/v1/reset_password', payload);
    expect(res.status).toBe(400);
    expect(res.body.errors[field]).toHaveLength(1);
  });
});
