import { describe, expect, it } from 'vitest';
import { codeFor, useBrowser, newContext, ready, signUpViaApi } from './support/helpers';

// Walk defect (issue 14): every device in Settings → personal settings read "Unknown device". A
// session is named from the name the sign-in gives (the web's password sign-in sends one) or else
// from its User-Agent (ua-parser-js on the server): both ways are driven here from real Chromium.
const browser = await useBrowser();

describe('devices (Settings → personal settings)', () => {
  it('names the Chromium sessions (password and emailed code) after their browser and system, not "Unknown device"', async () => {
    const user = await signUpViaApi({ role: 'member' });
    const byCode = await newContext(browser);
    const byPassword = await newContext(browser);
    try {
      // An emailed code: the sign-in names no device, so the server reads Chromium's User-Agent.
      const other = await byCode.newPage();
      await other.goto('/sign-in');
      await ready(other);
      await other.locator('#field-email').fill(user.email);
      await other.getByTestId('sign-in-code').click();
      await other.waitForURL('**/verify-otp');
      await other.locator('#field-code').fill(await codeFor(user.email, 2));
      await other.getByTestId('verify-submit').click();
      await other.waitForURL((url) => !url.pathname.endsWith('/verify-otp'));

      const page = await byPassword.newPage();
      await page.goto('/sign-in');
      await ready(page);
      await page.locator('#field-email').fill(user.email);
      await page.locator('#field-password').fill(user.password);
      await page.getByTestId('sign-in-submit').click();
      await page.waitForURL((url) => url.pathname !== '/sign-in');
      await page.goto('/setting/personal-setting');
      await ready(page);
      const rows = page.getByTestId('session-row');
      // The two Chromium sessions and the one the API sign-up made from Node (which has no browser to name).
      await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(3);
      const names = await rows.locator('.MuiListItemText-primary').allTextContents();
      expect(names.filter((n) => /^Chrome( Headless)? on Linux$/.test(n))).toHaveLength(2);
      expect(await rows.filter({ hasText: 'This device' }).textContent()).toContain('Chrome on Linux');
    } finally {
      await byCode.close();
      await byPassword.close();
    }
  }, 120_000);
});
