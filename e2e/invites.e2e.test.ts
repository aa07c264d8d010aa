import { describe, expect, it } from 'vitest';
import {
  call,
  useBrowser,
  expectAccessible,
  newContext,
  ready,
  signInContext,
  signUpViaApi,
  suffix,
  createTribeViaApi,
} from './support/helpers';

const browser = await useBrowser();

describe('invite links', () => {
  it(
    'a leader makes a link in the Invite dialog; a signed-out visitor opens it, signs in, comes back, joins and lands on the tribe (axe en, ar)',
    { timeout: 150_000 },
    async () => {
      const tag = suffix();
      const leader = await signUpViaApi({ role: 'leader', name: `Inviter ${tag}` });
      const name = `Oasis ${tag}`;
      const tribe = await createTribeViaApi(leader, {
        name,
        description: 'Palm gardens by the river',
        region: 'Drâa',
        lat: 30.3,
        lng: -5.8,
        visibility: 'request',
      });

      // The leader: Invite on the tribe page, a link valid 7 days for 3 uses.
      const lctx = await newContext(browser, { width: 360, height: 740 });
      lctx.setDefaultTimeout(20_000);
      await signInContext(lctx, leader);
      const lpage = await lctx.newPage();
      await lpage.goto(`/tribes/${tribe.slug}`);
      await ready(lpage);
      await lpage.getByTestId('invite-button').click();
      await lpage.getByTestId('invite-max-uses').fill('3');
      await lpage.getByTestId('invite-create').click();
      const url = await lpage.getByTestId('invite-url').inputValue();
      expect(url).toMatch(/\/invite\/[A-Za-z0-9_-]{12}$/);
      await expectAccessible(lpage, 'invite dialog with the link (en)');
      await lctx.close();
      const path = new URL(url).pathname;

      // A member without this tribe, signed out, on a phone.
      const guest = await signUpViaApi({ role: 'member', name: `Guest ${tag}` });
      const ctx = await newContext(browser, { width: 360, height: 740 });
      ctx.setDefaultTimeout(20_000);
      const page = await ctx.newPage();
      await page.goto(path);
      await ready(page);
      await page.getByRole('heading', { level: 1, name }).waitFor();
      await page.getByText('Palm gardens by the river').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await expectAccessible(page, 'invite page, signed out (en)');
      await page.getByTestId('invite-sign-in').click();
      await page.waitForURL('**/sign-in');
      await page.locator('#field-email').fill(guest.email);
      await page.locator('#field-password').fill(guest.password);
      await page.getByTestId('sign-in-submit').click();
      // Back on the invite, signed in: join.
      await page.waitForURL(`**${path}`);
      await page.getByTestId('invite-join').click();
      await page.waitForURL(`**/tribes/${tribe.slug}`);
      await ready(page);
      await page.getByRole('heading', { level: 1, name }).waitFor();
      const members = await call<{ tribe: { my_membership: { status: string } | null } }>(
        'GET',
        `/v1/tribes/${tribe.id}`,
        guest.token,
      );
      expect(members.tribe.my_membership?.status).toBe('active');
      await ctx.close();

      // Arabic, right to left: the same invite page, accessible.
      const ar = await newContext(browser, { width: 360, height: 740, locale: 'ar' });
      ar.setDefaultTimeout(20_000);
      const arPage = await ar.newPage();
      await arPage.goto(`/ar${path}`);
      await ready(arPage);
      expect(await arPage.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await arPage.getByRole('button', { name: 'سجّل الدخول للانضمام' }).waitFor();
      await expectAccessible(arPage, 'invite page, signed out (ar)');
      await ar.close();
    },
  );
});
