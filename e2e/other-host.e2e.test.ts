import { describe, it } from 'vitest';
import { baseUrl, useBrowser, newContext, ready, signInContext, signUpViaApi } from './support/helpers';

// Walk defect (issue 14): realtime broke when the app was opened on another name than PUBLIC_URL's
// (127.0.0.1, a LAN address, www or bare). The test server's PUBLIC_URL is http://127.0.0.1:<port>;
// the page here is opened as http://localhost:<port>, and its socket must still connect.
const browser = await useBrowser();

describe('the app opened on another host name than PUBLIC_URL', () => {
  it('connects realtime from http://localhost while PUBLIC_URL names 127.0.0.1', async () => {
    const member = await signUpViaApi({ role: 'member' });
    const context = await newContext(browser);
    await signInContext(context, member);
    try {
      const page = await context.newPage();
      const other = new URL(baseUrl());
      other.hostname = 'localhost';
      await page.goto(new URL('/setting/personal-setting', other).href);
      await ready(page);
      await page.locator('[data-testid="realtime-status"][data-state="connected"]').waitFor({ timeout: 20_000 });
    } finally {
      await context.close();
    }
  }, 120_000);
});
