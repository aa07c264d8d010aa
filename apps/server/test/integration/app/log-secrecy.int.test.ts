import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { bearer, buildRegistration, post } from '#test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ captureLogs: true });
});
afterAll(async () => t.close());

describe('logs', () => {
  it('hold no password, code or token through a whole sign-up, login, reset and password change', async () => {
    const secrets: string[] = [];
    const reg = buildRegistration({ password: 'Secret-Pass-Phrase-1' });
    secrets.push(reg.password);
    expect((await post(t, '/api/v1/auth/register', reg)).status).toBe(201);
    const code = await t.mail.codeFor(reg.email);
    secrets.push(code);
    // A failed verify carries the code in its body too.
    await post(t, '/api/v1/auth/email/otp/verify', {
      email: reg.email,
      code: '000000',
      purpose: 'email-verification',
      extra: 'x',
    });
    const verified = await post(t, '/api/v1/auth/email/otp/verify', { email: reg.email, code, purpose: 'email-verification' });
    const firstToken = verified.body.data.auth_token as string;
    secrets.push(firstToken);

    const login = await post(t, '/api/v1/auth/login', { email: reg.email, password: reg.password, device_name: 'Laptop' });
    const loginToken = login.body.data.auth_token as string;
    secrets.push(loginToken);
    await post(t, '/api/v1/auth/login', { email: reg.email, password: 'Wrong-Pass-Phrase-9' });
    secrets.push('Wrong-Pass-Phrase-9');
    await t.app.inject({ url: '/api/v1/me', headers: bearer('Forged-Token-Value-0123456789abcdef') });
    secrets.push('Forged-Token-Value-0123456789abcdef');

    await post(t, '/api/v1/forgot_password', { email: reg.email });
    const resetCode = await t.mail.codeFor(reg.email, 2);
    secrets.push(resetCode);
    const resetToken = (
      await post(t, '/api/v1/auth/email/otp/verify', { email: reg.email, code: resetCode, purpose: 'forgot-password' })
    ).body.data.reset_token as string;
    secrets.push(resetToken);
    const newPassword = 'Another-Secret-Phrase-2';
    secrets.push(newPassword);
    expect(
      (
        await post(t, '/api/v1/reset_password', {
          email: reg.email,
          reset_token: resetToken,
          password: newPassword,
          password_confirmation: newPassword,
        })
      ).status,
    ).toBe(200);

    const again = await post(t, '/api/v1/auth/login', { email: reg.email, password: newPassword });
    const token = again.body.data.auth_token as string;
    secrets.push(token);
    const third = 'Third-Secret-Phrase-3';
    secrets.push(third);
    expect(
      (
        await post(
          t,
          '/api/v1/me/password',
          { current_password: newPassword, password: third, password_confirmation: third },
          bearer(token),
        )
      ).status,
    ).toBe(200);
    await post(t, '/api/v1/auth/logout', undefined, bearer(token));

    const text = t.logs.join('\n');
    // The logs were really captured: every request left its lines.
    expect(t.logs.length).toBeGreaterThan(20);
    expect(text).toContain('/api/v1/auth/login');
    for (const secret of secrets) expect(text, `a secret of length ${secret.length} leaked`).not.toContain(secret);
    expect(text).not.toMatch(/argon2id\$/);
  });
});
