import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { baseUrl, useBrowser, expectAccessible, newContext, ready, signInContext, signUpViaApi } from './support/helpers';

const browser = await useBrowser();

/**
 * A code for the next 30 s step: the server accepts one step either side, and the step that turned
 * 2FA on is not accepted twice, so the sign-in right after it uses the next one.
 */
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

/** A JSON call to the test server's API. */
async function apiPost(path: string, token: string, body?: unknown) {
  const res = await fetch(`${baseUrl()}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body ?? {}),
  });
  expect(res.status, path).toBe(200);
  return ((await res.json()) as { data: Record<string, unknown> }).data;
}

describe('two-factor authentication (TOTP)', () => {
  it('enrols with a code, then a sign-in asks for the code and signs in; axe on the pages in en and ar', async () => {
    const user = await signUpViaApi();
    const context = await newContext(browser);
    const signedOut = await newContext(browser);
    try {
      await signInContext(context, user);
      const page = await context.newPage();
      await page.goto('/setting/two-factor');
      await ready(page);
      await expect.poll(() => page.getByTestId('totp-status').textContent()).toBe('Off');
      await expectAccessible(page, 'en two-factor settings');

      await page.getByTestId('totp-start').click();
      const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(await page.getByRole('link', { name: 'Open in my authenticator app' }).getAttribute('href')).toMatch(
        /^otpauth:\/\/totp\/Tribes:/,
      );
      await expectAccessible(page, 'en two-factor enrolment');
      await page.locator('#field-code').fill(await generate({ secret }));
      await page.getByTestId('totp-confirm').click();
      await expect.poll(() => page.getByTestId('recovery-codes').locator('li').count()).toBe(10);
      await expectAccessible(page, 'en recovery codes');
      await page.getByTestId('recovery-done').click();
      await expect.poll(() => page.getByTestId('totp-status').textContent()).toBe('On');

      // Signed out (a fresh browser context): the password, then the code.
      const login = await signedOut.newPage();
      await login.goto('/sign-in');
      await ready(login);
      await login.locator('#field-email').fill(user.email);
      await login.locator('#field-password').fill(user.password);
      await login.getByTestId('sign-in-submit').click();
      await login.getByText('Enter the 6-digit code from your authenticator app').waitFor();
      await login.locator('#field-code').waitFor();
      expect((await login.evaluate(() => window.localStorage.getItem('auth'))) ?? '').not.toContain('accessToken":"');
      await expectAccessible(login, 'en 2FA step of sign-in');
      await login.locator('#field-code').fill(await nextCode(secret));
      await login.getByTestId('two-factor-submit').click();
      await login.waitForURL((url) => !url.pathname.startsWith('/sign-in'));
      const stored = await login.evaluate(
        () => JSON.parse(window.localStorage.getItem('auth') ?? '{}') as { isLoggedIn: boolean; accessToken: string },
      );
      expect(stored.isLoggedIn).toBe(true);
      expect(stored.accessToken.length).toBeGreaterThan(20);

      // The settings page in Arabic, right to left, with 2FA on and its turn-off dialog.
      await login.goto('/ar/setting/two-factor');
      await ready(login);
      expect(await login.locator('html').getAttribute('dir')).toBe('rtl');
      await expect.poll(() => login.getByTestId('totp-status').textContent()).toBe('مفعّلة');
      await expectAccessible(login, 'ar two-factor settings');
      await login.getByTestId('totp-disable').click();
      await login.getByRole('dialog').waitFor();
      await expectAccessible(login, 'ar turn-off dialog');
    } finally {
      await context.close();
      await signedOut.close();
    }
  }, 180_000);

  it('answers the 2FA step with a passkey (Chromium virtual authenticator); axe on the step in en and ar', async () => {
    const user = await signUpViaApi({ role: 'member' });
    const { secret } = (await apiPost('/v1/me/2fa/totp', user.token)) as { secret: string };
    await apiPost('/v1/me/2fa/totp/confirm', user.token, { code: await generate({ secret }) });
    // An IP address cannot be a WebAuthn RP ID: the server's loopback PUBLIC_URL is served as localhost.
    const context = await newContext(browser, { baseURL: baseUrl().replace('127.0.0.1', 'localhost') });
    try {
      await signInContext(context, user);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('WebAuthn.enable');
      const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
        options: {
          protocol: 'ctap2',
          transport: 'internal',
          hasResidentKey: true,
          hasUserVerification: true,
          isUserVerified: true,
        },
      });
      await page.goto('/setting/passkeys');
      await ready(page);
      await page.getByTestId('empty-state').waitFor({ timeout: 20_000 });
      await page.getByTestId('add-passkey').click();
      await expect.poll(() => page.getByTestId('passkey-row').count(), { timeout: 20_000 }).toBe(1);

      // Signed out: the password answers a challenge, the passkey answers it.
      await page.evaluate(() => window.localStorage.removeItem('auth'));
      await page.goto('/sign-in');
      await ready(page);
      await page.locator('#field-email').fill(user.email);
      await page.locator('#field-password').fill(user.password);
      await page.getByTestId('sign-in-submit').click();
      await page.locator('#field-code').waitFor();
      await page.getByTestId('two-factor-passkey').waitFor();
      await expectAccessible(page, 'en 2FA step with the passkey way');
      const before = (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials[0]!.signCount;
      await page.getByTestId('two-factor-passkey').click();
      await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'), { timeout: 20_000 });
      const stored = await page.evaluate(
        () => JSON.parse(window.localStorage.getItem('auth') ?? '{}') as { isLoggedIn: boolean; accessToken: string },
      );
      expect(stored.isLoggedIn).toBe(true);
      expect(stored.accessToken.length).toBeGreaterThan(20);
      // The virtual authenticator signed (its counter moved).
      const after = (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials[0]!.signCount;
      expect(after).toBeGreaterThan(before);

      // The same step in Arabic, right to left, with the passkey way (axe in ar): a new challenge from the API's
      // password sign-in, opened as /ar/sign-in?challenge= (where the other ways in send an account with 2FA on).
      const res = await fetch(`${baseUrl()}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: user.email, password: user.password }),
      });
      const { data } = (await res.json()) as { data: { two_factor_required: boolean; challenge_id: string } };
      expect(data.two_factor_required).toBe(true);
      await page.evaluate(() => window.localStorage.removeItem('auth'));
      await page.goto(`/ar/sign-in?challenge=${data.challenge_id}`);
      await ready(page);
      await page.locator('#field-code').waitFor();
      await page.getByRole('button', { name: 'استخدم مفتاح مرور بدلًا من ذلك' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await expectAccessible(page, 'ar 2FA step with the passkey way');
    } finally {
      await context.close();
    }
  }, 180_000);
});
