import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  call,
  createTribeViaApi,
  expectAccessible,
  newContext,
  ready,
  settled,
  signInContext,
  signUpViaApi,
  suffix,
  useBrowser,
} from './support/helpers';

const browser = await useBrowser();

/** A post's hit on the search page, by a tag in its text. */
const hitWith = (page: Page, text: string) => page.locator('[data-testid="search-hit"]', { hasText: text });

describe('search (DESIGN 11.5)', () => {
  it('ar at 360 px: a member types a plain spelling in the shell search and finds a post written with harakat and a hamza-alef, marked; axe clean', async () => {
    const tag = suffix();
    const [leader, member] = await Promise.all([
      signUpViaApi({ role: 'leader', name: `Salma ${tag}` }),
      signUpViaApi({ role: 'member', name: `Karim ${tag}` }),
    ]);
    const tribe = await createTribeViaApi(leader, {
      name: `Zaytoun ${tag}`,
      region: 'Rif',
      lat: 35.2,
      lng: -3.9,
      visibility: 'open',
    });
    await call('POST', `/v1/tribes/${tribe.id}/join`, member.token, {});
    // Written with harakat (fatha, sukun, tanween) and a hamza on the alef: أَهْلاً وَسَهْلاً.
    await call('POST', '/v1/posts', leader.token, {
      body: `أَهْلاً وَسَهْلاً بِكُمْ فِي مَهْرَجَانِ الزَّيْتُونِ ${tag}`,
      visibility: 'public',
    });

    const ctx = await newContext(browser, { locale: 'ar', width: 360, height: 740 });
    ctx.setDefaultTimeout(20_000);
    await signInContext(ctx, member);
    const page = await ctx.newPage();
    try {
      await page.goto('/ar/home');
      await ready(page);
      expect(await page.getAttribute('html', 'dir')).toBe('rtl');
      // On a phone the field hides behind an icon, and opens as wide as the bar.
      expect(await page.getByTestId('shell-search-input').count()).toBe(0);
      await page.getByTestId('shell-search-open').click();
      const field = page.getByTestId('shell-search-input');
      await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
      const bar = await page.getByTestId('shell-search-bar').boundingBox();
      expect(bar!.width).toBeGreaterThan(300);
      // The plain spelling: bare alef, no harakat.
      await field.fill('اهلا وسهلا');
      await field.press('Enter');
      await page.waitForURL(/\/ar\/search\?q=/);
      await settled(page);
      const hit = hitWith(page, tag);
      await hit.waitFor();
      const marks = await hit.getByTestId('search-mark').allTextContents();
      expect(marks).toContain('أَهْلاً');
      expect(marks).toContain('وَسَهْلاً');
      expect(await page.getByTestId('search-page-input').inputValue()).toBe('اهلا وسهلا');
      // Nothing wider than the phone's screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await expectAccessible(page, 'ar /search 360 px');

      // The search is kept on the device: an empty field lists it, and it runs again from there.
      await page.getByTestId('search-page-input').fill('');
      const recent = page.getByTestId('recent-search').filter({ hasText: 'اهلا وسهلا' });
      await recent.waitFor();
      await expectAccessible(page, 'ar /search recent searches 360 px');
      await recent.click();
      await hitWith(page, tag).waitFor();
    } finally {
      await ctx.close();
    }
  });

  it('en on a desktop: "/" focuses the inline field, Enter opens the results, the kinds filter them', async () => {
    const tag = suffix();
    const member = await signUpViaApi({ role: 'leader', name: `Hélène Kerjean ${tag}` });
    await createTribeViaApi(member, { name: `Breizh ${tag}`, region: 'Bretagne', lat: 48.1, lng: -3.2, visibility: 'open' });
    const ctx = await newContext(browser, { locale: 'en-US', width: 1366, height: 900 });
    ctx.setDefaultTimeout(20_000);
    await signInContext(ctx, member);
    const page = await ctx.newPage();
    try {
      await page.goto('/home');
      await ready(page);
      await page.locator('body').press('/');
      const field = page.getByTestId('shell-search-input');
      await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
      // Without the accent, lower case: the person is found by their name.
      await page.keyboard.type(`helene kerjean ${tag}`);
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/search\?q=/);
      await settled(page);
      await hitWith(page, tag).first().waitFor();
      expect(await page.getByTestId('search-group-people').getByTestId('search-mark').allTextContents()).toContain('Hélène');
      await page.getByTestId('search-tab-tribes').click();
      await page.waitForURL(/type=tribes/);
      await settled(page);
      await expect.poll(() => page.getByTestId('search-hit').count()).toBe(0);
      await page.getByRole('heading', { level: 2 }).first().waitFor();
      await expectAccessible(page, 'en /search, no tribe of that name');
    } finally {
      await ctx.close();
    }
  });
});
