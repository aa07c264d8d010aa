import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  call,
  useBrowser,
  layoutShift,
  logoutViaApi,
  newContext,
  ready,
  signInContext,
  signUpViaApi,
  settled,
  snackbar,
  suffix,
  trackLayoutShifts,
  waitForMail,
  createTribeViaApi,
} from './support/helpers';

const browser = await useBrowser();

async function withPage(options: Parameters<typeof newContext>[1], run: (page: Page, context: BrowserContext) => Promise<void>) {
  const context = await newContext(browser, options);
  const page = await context.newPage();
  try {
    await run(page, context);
  } finally {
    await context.close();
  }
}

describe('shell', () => {
  it("shows 'Page not found' plus the path on the error screen", async () => {
    await withPage({}, async (page) => {
      const res = await page.goto('/no/such/page?x=1');
      expect(res?.status()).toBe(200);
      const screen = page.getByTestId('error-screen');
      await screen.waitFor();
      expect(await screen.locator('h1').textContent()).toBe('404');
      expect(await screen.textContent()).toContain('Page not found: /no/such/page');
      expect(await screen.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('/');
      expect(await screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy_policy');
      expect(await screen.getByRole('link', { name: 'FeedBack' }).getAttribute('href')).toBe('/feedback');
      expect(await screen.textContent()).toContain(`© ${new Date().getFullYear()} Tribes`);
      expect(await screen.locator('[data-logo-variant]').getAttribute('data-logo-variant')).toBe('normal');
    });
  });

  it('sets dir by language (ar, he rtl; fr, es ltr) and remembers it in the i18n_redirected cookie', async () => {
    await withPage({}, async (page, context) => {
      for (const [code, dir, heading] of [
        ['ar', 'rtl', 'تسجيل الدخول'],
        ['he', 'rtl', 'התחברות'],
        ['fr', 'ltr', 'Se connecter'],
        ['es', 'ltr', 'Iniciar sesión'],
      ] as const) {
        await page.goto(`/${code}/sign-in`);
        await ready(page);
        expect(await page.getAttribute('html', 'lang')).toBe(code);
        expect(await page.getAttribute('html', 'dir')).toBe(dir);
        expect(await page.locator('h1').textContent()).toBe(heading);
        const cookie = (await context.cookies()).find((c) => c.name === 'i18n_redirected');
        expect(cookie?.value).toBe(code);
        expect(cookie?.path).toBe('/');
        expect(cookie?.sameSite).toBe('Lax');
        const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
        expect(days).toBeGreaterThan(364);
        expect(days).toBeLessThan(366);
      }
      // The remembered language decides the bare root.
      await page.goto('/');
      await page.waitForURL('**/es');
      await ready(page);
      expect(await page.getAttribute('html', 'lang')).toBe('es');
      // So does a bookmarked or shared bare URL (walk defect, issue 14), and the cookie keeps the choice.
      await page.goto('/sign-in');
      await page.waitForURL('**/es/sign-in');
      await ready(page);
      expect(await page.locator('h1').textContent()).toBe('Iniciar sesión');
      expect((await context.cookies()).find((c) => c.name === 'i18n_redirected')?.value).toBe('es');
    });
  });

  it('switches language from the shell, loading the messages before the route changes', async () => {
    await withPage({}, async (page) => {
      await page.goto('/sign-in');
      await ready(page);
      await page.getByTestId('language-switcher').click();
      await page.getByRole('menuitem', { name: 'עברית' }).click();
      await page.waitForURL('**/he/sign-in');
      await expect.poll(() => page.locator('h1').textContent()).toBe('התחברות');
      expect(await page.getAttribute('html', 'dir')).toBe('rtl');
      await page.getByTestId('language-switcher').click();
      await page.getByRole('menuitem', { name: 'English' }).click();
      await page.waitForURL((url) => url.pathname === '/sign-in');
      await expect.poll(() => page.getAttribute('html', 'dir')).toBe('ltr');
    });
  });

  it('keeps the chosen theme across a reload', async () => {
    await withPage({}, async (page) => {
      await page.goto('/sign-in');
      await ready(page);
      const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      const light = await background();
      await page.getByTestId('theme-toggle').click();
      await expect.poll(() => page.getByTestId('theme-toggle').getAttribute('data-mode')).toBe('dark');
      expect(await page.evaluate(() => window.localStorage.getItem('theme'))).toBe('dark');
      const dark = await background();
      expect(dark).not.toBe(light);
      await page.reload();
      await ready(page);
      expect(await page.getByTestId('theme-toggle').getAttribute('data-mode')).toBe('dark');
      expect(await background()).toBe(dark);
    });
  });

  it('forces logout with the notice when the token was revoked elsewhere', async () => {
    const user = await signUpViaApi({ role: 'member' });
    await withPage({}, async (page, context) => {
      await signInContext(context, user);
      await page.goto('/setting/edit-profile');
      await ready(page);
      await logoutViaApi(user.token);
      await page.locator('#field-name').fill('Someone Else');
      await page.getByTestId('profile-submit').click();
      await expect.poll(() => snackbar(page).textContent()).toContain('Unauthorized. Please sign in again.');
      await page.waitForURL((url) => url.pathname === '/');
      expect(await page.evaluate(() => window.localStorage.getItem('auth'))).toBeNull();
    });
  });

  it('fits a 360 px phone: no sideways scroll, a bottom navigation and a menu drawer', async () => {
    const user = await signUpViaApi({ role: 'leader' });
    await withPage({ width: 360, height: 740 }, async (page, context) => {
      await page.goto('/sign-up');
      await ready(page);
      // Elements sticking out sideways (nothing may: the page must not scroll horizontally).
      const overflow = () =>
        page.evaluate(() => {
          const width = document.documentElement.clientWidth;
          const out = [...document.querySelectorAll('body *')]
            .filter((el) => {
              const r = el.getBoundingClientRect();
              return r.width > 0 && (r.right > width + 1 || r.left < -1);
            })
            .map((el) => `${el.tagName}.${String(el.className).slice(0, 50)}`);
          return document.documentElement.scrollWidth > width
            ? out.concat(`scrollWidth ${document.documentElement.scrollWidth} > ${width}`)
            : [];
        });
      expect(await overflow()).toEqual([]);
      await signInContext(context, user);
      // A page of the shell's own (the feed on /home belongs to the posts work).
      await page.goto('/ar/setting/language');
      await ready(page);
      expect(await overflow()).toEqual([]);
      const bottom = page.getByRole('navigation', { name: 'تنقل سريع' });
      expect(await bottom.isVisible()).toBe(true);
      await page.getByTestId('open-nav').click();
      await page.getByRole('link', { name: 'الإعدادات' }).click();
      await page.waitForURL('**/ar/setting/edit-profile');
      await ready(page);
      expect(await overflow()).toEqual([]);
    });
  });

  it('moves nothing while pages load on a phone: what arrives late takes a place held for it or comes below', async () => {
    const leader = await signUpViaApi({ role: 'leader' });
    const tribe = await createTribeViaApi(leader, {
      name: `Layout ${suffix()}`,
      region: 'Souss',
      lat: 30.4,
      lng: -9.6,
      visibility: 'open',
    });
    await call('POST', `/v1/tribes/${tribe.id}/campaigns`, leader.token, {
      title: 'A well for the village',
      description: 'Clean water for the school.',
      goal: 5000,
      ends_at: new Date(Date.now() + 20 * 86_400_000).toISOString(),
    });
    // Each page once, in a context of its own, signed out or in; what the page shows last, to wait for.
    const pages: [string, boolean, string][] = [
      ['/sign-in', false, 'sign-in-submit'],
      ['/sign-up', false, 'sign-up-submit'],
      ['/donate', true, 'campaign-browser'],
      ['/profile', true, 'composer-body'],
      ['/map', true, 'map'],
    ];
    for (const [path, signedIn, last] of pages) {
      await withPage({ width: 360, height: 740 }, async (page, context) => {
        if (signedIn) await signInContext(context, leader);
        await trackLayoutShifts(page);
        // A phone's CPU, so the parts of the page arrive in frames of their own, as they do on one.
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        await page.goto(path);
        await page.getByTestId(last).first().waitFor();
        await settled(page, ['map-skeleton', 'composer-placeholder', 'password-rules-loading', 'tribe-links-skeleton']);
        // Late arrivals (the map's tiles failing here, offline, the realtime state) have their chance to move things.
        await page.waitForTimeout(1000);
        expect.soft(await layoutShift(page), `${path}: layout shift`).toBeLessThan(0.001);
      });
    }
  }, 150_000);

  it('sends the contact form to the operators', async () => {
    await withPage({}, async (page) => {
      await page.goto('/contact');
      await ready(page);
      await page.locator('#field-name').fill('Youssef');
      await page.locator('#field-email').fill('youssef@example.test');
      await page.locator('#field-subject').fill('Village registration from e2e');
      await page.locator('#field-message').fill('Hello from the browser.');
      await page.getByTestId('contact-submit').click();
      await expect.poll(() => page.locator('main').textContent()).toContain('Your message has been sent to our team.');
      const mail = await waitForMail('operators@localhost');
      expect(mail.subject).toContain('Contact form:');
    });
  });

  it('saves the profile and lists the signed-in devices', async () => {
    const user = await signUpViaApi({ role: 'member' });
    await withPage({}, async (page, context) => {
      await signInContext(context, user);
      await page.goto('/setting/edit-profile');
      await ready(page);
      await page.locator('#field-name').fill('Ana María López');
      await page.locator('#field-bio').fill('Gardener.');
      await page.getByTestId('profile-submit').click();
      await expect.poll(() => snackbar(page).textContent()).toContain('Your profile has been updated.');
      await page.goto('/setting/personal-setting');
      await ready(page);
      await expect.poll(() => page.getByText('This device', { exact: true }).count()).toBe(1);
    });
  });
});
