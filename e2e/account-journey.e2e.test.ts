import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ar } from '../packages/shared/src/i18n/ar';
import { es } from '../packages/shared/src/i18n/es';
import { fr } from '../packages/shared/src/i18n/fr';
import { he } from '../packages/shared/src/i18n/he';
import {
  baseUrl,
  codeFor,
  useBrowser,
  newContext,
  PASSWORD,
  ready,
  signUpViaApi,
  snackbar,
  uniqueEmail,
} from './support/helpers';

const browser = await useBrowser();
/** The server's messages, which the web's forms show in the reader's language. */
const SERVER_CATALOGUES: Record<string, Record<string, string>> = { ar, es, fr, he };

async function withPage(run: (page: Page, context: BrowserContext) => Promise<void>) {
  const context = await newContext(browser);
  const page = await context.newPage();
  try {
    await run(page, context);
  } finally {
    await context.close();
  }
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/sign-in');
  await page.locator('#field-email').fill(email);
  await page.locator('#field-password').fill(password);
  await page.getByTestId('sign-in-submit').click();
}

describe('account journey', () => {
  it('signs up, verifies the mailed code, chooses a role and reaches tribe selection', async () => {
    await withPage(async (page) => {
      const email = uniqueEmail('journey');
      await page.goto('/sign-up');
      await ready(page);
      await page.locator('#field-name').fill('Layla Ben Ali');
      await page.locator('#field-email').fill(email);
      await page.locator('#field-password').fill(PASSWORD);
      await page.locator('#field-password_confirmation').fill(PASSWORD);
      await page.getByTestId('sign-up-submit').click();
      await page.waitForURL('**/verify-otp');
      await expect.poll(() => snackbar(page).textContent()).toContain('We sent a verification code');
      await expect.poll(() => page.locator('main').textContent()).toContain(email);

      const code = await codeFor(email);
      await page.locator('#field-code').fill(code);
      await page.getByTestId('verify-submit').click();
      await page.waitForURL('**/role-selection');
      const stored = await page.evaluate(
        () => JSON.parse(window.localStorage.getItem('auth') ?? '{}') as { isLoggedIn: boolean; accessToken: string },
      );
      expect(stored.isLoggedIn).toBe(true);
      expect(stored.accessToken.length).toBeGreaterThan(20);

      await page.getByRole('radio', { name: /Leader/ }).check();
      await page.getByTestId('role-submit').click();
      await page.waitForURL('**/tribe-selection');
      await page.locator('[data-layout="custom-footer-less"]').waitFor();
      const after = await page.evaluate(
        () =>
          JSON.parse(window.localStorage.getItem('auth') ?? '{}') as {
            userData: { role: string; profile: { last_step: string } };
          },
      );
      expect(after.userData.role).toBe('leader');
      expect(after.userData.profile.last_step).toBe('role-selection-completed');
    });
  });

  it.each([
    ['fr', 'ltr', 'Votre compte est créé.'],
    ['es', 'ltr', 'Tu cuenta está creada.'],
    ['ar', 'rtl', 'تم إنشاء حسابك.'],
    ['he', 'rtl', 'החשבון שלך נוצר.'],
  ])('walks the same journey in %s (%s), with the server speaking the language', async (lang, dir, registered) => {
    await withPage(async (page) => {
      const email = uniqueEmail(`journey-${lang}`);
      await page.goto(`/${lang}/sign-up`);
      await ready(page);
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([lang, dir]);
      await page.locator('#field-name').fill('Layla Ben Ali');
      // The form's own check speaks the language too, in the server's words (the build keeps only the
      // validation messages of the server's catalogue: server-messages-for-browser.ts).
      await page.locator('#field-email').fill('not-an-email');
      await page.getByTestId('sign-up-submit').click();
      await expect
        .poll(() => page.locator('#field-email-helper-text').textContent())
        .toBe(SERVER_CATALOGUES[lang]!['validation.email']);
      await page.locator('#field-email').fill(email);
      await page.locator('#field-password').fill(PASSWORD);
      await page.locator('#field-password_confirmation').fill(PASSWORD);
      await page.getByTestId('sign-up-submit').click();
      await page.waitForURL(`**/${lang}/verify-otp`);
      await expect.poll(() => snackbar(page).textContent()).toContain(registered);
      await page.locator('#field-code').fill(await codeFor(email));
      await page.getByTestId('verify-submit').click();
      await page.waitForURL(`**/${lang}/role-selection`);
      await page.locator('input[type="radio"][value="member"]').check();
      await page.getByTestId('role-submit').click();
      await page.waitForURL(`**/${lang}/tribe-selection`);
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(dir);
    });
  });

  it('opens /ar/sign-in without zod: its first check loads the schemas and speaks Arabic in the server’s words', async () => {
    await withPage(async (page) => {
      // Every script the page runs, read as it arrives; zod's issue handling (and the app's config of it) says
      // `customError`.
      const scripts: Promise<{ url: string; zod: boolean }>[] = [];
      page.on('response', (r) => {
        if (new URL(r.url()).pathname.startsWith('/assets/') && r.url().endsWith('.js'))
          scripts.push(r.text().then((t) => ({ url: r.url(), zod: t.includes('customError') })));
      });
      const withZod = async () => (await Promise.all(scripts)).filter((x) => x.zod).map((x) => x.url);
      await page.goto('/ar/sign-in');
      await ready(page);
      await page.locator('#field-email').fill(uniqueEmail('zodless'));
      expect(scripts.length).toBeGreaterThan(0);
      expect(await withZod()).toEqual([]);
      // No password: the shared schema's check (zod's own message mapped to the catalogue's key, in Arabic).
      await page.getByTestId('sign-in-submit').click();
      await expect
        .poll(() => page.locator('#field-password-helper-text').textContent())
        .toBe(SERVER_CATALOGUES.ar!['validation.required']);
      expect(await withZod()).toHaveLength(1);
    });
  });

  it('refuses a wrong code with a field error', async () => {
    await withPage(async (page) => {
      const email = uniqueEmail('wrongcode');
      await page.goto('/sign-up');
      await page.locator('#field-name').fill('Wrong Code');
      await page.locator('#field-email').fill(email);
      await page.locator('#field-password').fill(PASSWORD);
      await page.locator('#field-password_confirmation').fill(PASSWORD);
      await page.getByTestId('sign-up-submit').click();
      await page.waitForURL('**/verify-otp');
      const code = await codeFor(email);
      await page.locator('#field-code').fill(code === '000000' ? '111111' : '000000');
      await page.getByTestId('verify-submit').click();
      await expect
        .poll(() => page.locator('#field-code-helper-text').textContent())
        .toBe('This code is invalid or has expired. Ask for a new one.');
      expect(page.url()).toContain('/verify-otp');
      await expect.poll(() => page.getByTestId('resend-code').textContent()).toMatch(/Send a new code in \d+ s/);
      expect(await page.getByTestId('resend-code').isDisabled()).toBe(true);
    });
  });

  it('signs in to /tribe-selection and signs out to /', async () => {
    const user = await signUpViaApi({ role: 'member' });
    await withPage(async (page) => {
      await signIn(page, user.email, user.password);
      await page.waitForURL('**/tribe-selection');
      await expect.poll(() => snackbar(page).textContent()).toContain('Signed in successfully.');
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      expect(await page.evaluate(() => window.localStorage.getItem('auth'))).toBeNull();
      await page.goto('/home');
      await page.waitForURL('**/sign-in');
    });
  });

  it('sends an unverified account from sign-in to /verify-otp with the warning', async () => {
    const email = uniqueEmail('unverified');
    const res = await fetch(`${baseUrl()}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Not Yet', email, password: PASSWORD, password_confirmation: PASSWORD }),
    });
    expect(res.status).toBe(201);
    await withPage(async (page) => {
      await signIn(page, email, PASSWORD);
      await page.waitForURL('**/verify-otp');
      await expect.poll(() => snackbar(page).getAttribute('data-color')).toBe('warning');
      expect(await snackbar(page).textContent()).toContain('Please verify your email');
      await page.locator('#field-code').fill(await codeFor(email));
      await page.getByTestId('verify-submit').click();
      await page.waitForURL('**/role-selection');
    });
  });

  it('shows the field error of a wrong password', async () => {
    const user = await signUpViaApi();
    await withPage(async (page) => {
      await signIn(page, user.email, 'not the password at all');
      await expect
        .poll(() => page.locator('#field-email-helper-text').textContent())
        .toBe('These credentials do not match our records.');
      expect(await page.locator('#field-email').getAttribute('aria-invalid')).toBe('true');
      expect(page.url()).toContain('/sign-in');
    });
  });

  it('resets a forgotten password with the mailed code, then signs in with the new one', async () => {
    const user = await signUpViaApi({ role: 'supporter' });
    const newPassword = 'another long passphrase';
    await withPage(async (page) => {
      await page.goto('/reset-password');
      await page.waitForURL('**/forgot-password');
      await page.locator('#field-email').fill(user.email);
      await page.getByTestId('forgot-submit').click();
      await page.waitForURL('**/verify-otp');
      const code = await codeFor(user.email, 2);
      await page.locator('#field-code').fill(code);
      await page.getByTestId('verify-submit').click();
      await page.waitForURL('**/reset-password');
      await page.locator('#field-password').fill(newPassword);
      await page.locator('#field-password_confirmation').fill(newPassword);
      await page.getByTestId('reset-submit').click();
      await page.waitForURL('**/sign-in');
      await expect.poll(() => snackbar(page).textContent()).toContain('Your password has been reset');
      await signIn(page, user.email, newPassword);
      await page.waitForURL('**/tribe-selection');
    });
  });
});
