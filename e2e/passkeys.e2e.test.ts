import { describe, expect, it } from 'vitest';
import { baseUrl, useBrowser, expectAccessible, newContext, ready, signInContext, signUpViaApi } from './support/helpers';

const browser = await useBrowser();

describe('passkeys (Chromium virtual authenticator)', () => {
  it('registers a passkey in settings, signs in with it, removes it; axe on the page in en and ar', async () => {
    const user = await signUpViaApi({ role: 'member' });
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
      await expectAccessible(page, 'en passkeys page, empty');

      await page.getByTestId('passkey-name').fill('E2E key');
      await page.getByTestId('add-passkey').click();
      await expect.poll(() => page.getByTestId('passkey-row').count(), { timeout: 20_000 }).toBe(1);
      expect(await page.getByTestId('passkey-row').textContent()).toContain('E2E key');
      const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
      expect(credentials).toHaveLength(1);
      expect(credentials[0]!.isResidentCredential).toBe(true);
      await expectAccessible(page, 'en passkeys page, one passkey');

      // Signed out, then back in with the passkey alone.
      await page.evaluate(() => window.localStorage.removeItem('auth'));
      await page.goto('/sign-in');
      await ready(page);
      await page.getByTestId('passkey-sign-in').click();
      await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'), { timeout: 20_000 });
      const stored = await page.evaluate(
        () => JSON.parse(window.localStorage.getItem('auth') ?? '{}') as { isLoggedIn: boolean; accessToken: string },
      );
      expect(stored.isLoggedIn).toBe(true);
      expect(stored.accessToken.length).toBeGreaterThan(20);
      expect(stored.accessToken).not.toBe(user.token);

      // Settings → devices: this one marked, the API sign-up's session signed out with the others.
      await page.goto('/setting/personal-setting');
      await ready(page);
      await expect.poll(() => page.getByTestId('session-row').count(), { timeout: 20_000 }).toBeGreaterThan(1);
      expect(await page.getByTestId('session-row').filter({ hasText: 'This device' }).count()).toBe(1);
      await page.getByTestId('sign-out-others').click();
      const confirmOthers = page.getByRole('dialog');
      await confirmOthers.waitFor();
      await confirmOthers.getByRole('button', { name: 'Sign out all other devices' }).click();
      await expect.poll(() => page.getByTestId('session-row').count(), { timeout: 20_000 }).toBe(1);
      expect((await fetch(`${baseUrl()}/api/v1/me`, { headers: { authorization: `Bearer ${user.token}` } })).status).toBe(401);
      await expectAccessible(page, 'en devices');

      // Arabic, right to left: last use shown, removal after a confirmation.
      await page.goto('/ar/setting/passkeys');
      await ready(page);
      expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
      await expect.poll(() => page.getByTestId('passkey-row').count(), { timeout: 20_000 }).toBe(1);
      expect(await page.getByTestId('passkey-row').textContent()).not.toContain('لم يُستخدم');
      await expectAccessible(page, 'ar passkeys page');
      await page.getByTestId('remove-passkey').click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await expectAccessible(page, 'ar remove-passkey dialog');
      await dialog.getByRole('button', { name: 'إزالة' }).click();
      await page.getByTestId('empty-state').waitFor({ timeout: 20_000 });
      await expectAccessible(page, 'ar passkeys page, empty');

      // The authenticator still holds the credential, but the server no longer knows it.
      await page.evaluate(() => window.localStorage.removeItem('auth'));
      // Back in English by a URL naming it: a bare /sign-in would open in the Arabic chosen above.
      await page.goto('/en/sign-in');
      await ready(page);
      await page.getByTestId('passkey-sign-in').click();
      await expect
        .poll(() => page.getByTestId('passkey-sign-in-notice').textContent(), { timeout: 20_000 })
        .toBe('This passkey is not registered with any account.');
      expect(new URL(page.url()).pathname).toBe('/sign-in');
    } finally {
      await context.close();
    }
  }, 180_000);
});
