import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startOidcIssuer, type LocalIssuer } from '../apps/server/test/oidc-issuer';
import { freePort, startTribesServer, type TribesServer } from './support/tribes-server';
import { connectBrowser, expectAccessible, newContext, ready, uniqueEmail } from './support/helpers';

/**
 * OpenID Connect sign-in in Chromium (DESIGN 10.2) against a real issuer: oidc-provider 9 on
 * 127.0.0.1 (apps/server/test/oidc-issuer.ts, its dev login and consent pages), and this file's own
 * Tribes server with OIDC_PROVIDERS naming it, serving the run's built web app.
 */

let temp = '';
let issuer: LocalIssuer | undefined;
let server: TribesServer | undefined;
let base = '';
let browser: Browser;

async function startServer(port: number): Promise<void> {
  server = await startTribesServer({
    port,
    dataDir: path.join(temp, 'data'),
    webDir: inject('webDir'),
    env: {
      OIDC_PROVIDERS: JSON.stringify([
        {
          id: 'local',
          name: 'Local ID',
          issuer: issuer!.issuer,
          client_id: issuer!.clientId,
          client_secret: issuer!.clientSecret,
        },
      ]),
    },
  });
}

const contextFor = (locale = 'en-US'): Promise<BrowserContext> =>
  newContext(browser, { baseURL: base, width: 1280, height: 900, locale });

beforeAll(async () => {
  temp = mkdtempSync(path.join(tmpdir(), 'tribes-oidc-e2e-'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  issuer = await startOidcIssuer({ redirectUris: [`${base}/api/v1/auth/oidc/local/callback`] });
  await startServer(port);
  browser = await connectBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await issuer?.close();
  if (temp) rmSync(temp, { recursive: true, force: true });
});

describe('OpenID Connect sign-in', () => {
  it('signs a new person in through the issuer and lands signed in, onboarding next', async () => {
    const email = uniqueEmail('oidc');
    await issuer!.setAccount('e2e-person', { email, email_verified: true, name: 'Issuer Person' });
    const context = await contextFor();
    const page = await context.newPage();
    await page.goto('/sign-in');
    await ready(page);
    await page.getByTestId('oidc-local').click();
    // The issuer's own pages: its dev login form, then consent.
    await page.waitForURL((url) => url.href.startsWith(issuer!.issuer));
    await page.locator('input[name="login"]').fill('e2e-person');
    await page.locator('input[name="password"]').fill('any');
    await page.locator('button[type="submit"]').click();
    await page.locator('input[name="prompt"][value="consent"]').waitFor({ state: 'attached' });
    await page.locator('button[type="submit"]').click();
    await page.waitForURL(/\/role-selection$/, { timeout: 30_000 });
    const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('auth') ?? '{}') as Record<string, unknown>);
    expect(stored).toMatchObject({ isLoggedIn: true, userData: { email, name: 'Issuer Person' } });
    // The token never stays in the address bar or the history entry.
    expect(page.url()).not.toContain('token=');
    await context.close();
  });

  it('shows why a sign-in failed on /sign-in, accessible in English and Arabic', async () => {
    const context = await contextFor();
    const page = await context.newPage();
    await page.goto('/sign-in?error=oidc_denied');
    await ready(page);
    await expect.poll(() => page.getByTestId('oidc-error').textContent()).toContain('Sign-in was cancelled at the provider.');
    expect(await page.getByTestId('oidc-local').getAttribute('href')).toBe('/api/v1/auth/oidc/local/start');
    await expectAccessible(page, 'en sign-in with an oidc error');
    await page.goto('/ar/sign-in?error=oidc_state');
    await ready(page);
    await expect.poll(() => page.getByTestId('oidc-error').textContent()).toContain('سبق استخدامه');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await expectAccessible(page, 'ar sign-in with an oidc error');
    await context.close();
  });
});
