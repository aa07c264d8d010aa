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

// Issue 37.8: a leader on a phone, in Arabic, sees what waits for them where they look (the tribe's page)
// and is told of it in the bell; each leads to where it is done.

const browser = await useBrowser();

describe('what waits for a leader', () => {
  it(
    'a join request and a village to review: the bell says who asked, the tribe page counts them, each link leads to where to act (ar, 390 px)',
    { timeout: 120_000 },
    async () => {
      const tag = suffix();
      const leader = await signUpViaApi({ role: 'leader', name: `Itto ${tag}` });
      const tribe = await createTribeViaApi(leader, {
        name: `Ait Bouguemez ${tag}`,
        region: 'Azilal',
        lat: 31.6,
        lng: -6.4,
        visibility: 'request',
      });
      const asker = await signUpViaApi({ role: 'member', name: `Moha ${tag}` });
      await call('POST', `/v1/tribes/${tribe.id}/join`, asker.token);
      const member = await signUpViaApi({ role: 'member', name: `Fatima ${tag}` });
      await call('POST', `/v1/tribes/${tribe.id}/join`, member.token);
      await call('PATCH', `/v1/tribes/${tribe.id}/members/${member.user.id}`, leader.token, { status: 'active' });
      await call('POST', `/v1/tribes/${tribe.id}/villages`, member.token, { name: `Tabant ${tag}`, lat: 31.66, lng: -6.42 });

      const ctx = await newContext(browser, { width: 390, height: 844 });
      ctx.setDefaultTimeout(20_000);
      try {
        await signInContext(ctx, leader);
        const page = await ctx.newPage();
        await page.goto(`/ar/tribes/${encodeURIComponent(tribe.slug)}`);
        await ready(page);
        const card = page.getByTestId('aside-approvals');
        await card.waitFor();
        // One request still pending (Fatima's was approved), one village to review, no expense.
        await expect.poll(() => card.getByTestId('approvals-joinRequests').textContent()).toContain('طلب انضمام واحد');
        expect(await card.getByTestId('approvals-villages').textContent()).toContain('قرية واحدة للمراجعة');
        expect(await card.getByTestId('approvals-expenses').count()).toBe(0);
        await expectAccessible(page, 'waiting for you (ar, 390 px)');

        // The bell: who asked to join, leading to the pending list of the tribe's settings.
        await page.getByTestId('notification-bell').click();
        const asked = page.getByTestId('notification').filter({ hasText: `Moha ${tag}` });
        await asked.waitFor();
        expect(await asked.textContent()).toContain('طلب');
        await page.keyboard.press('Escape');

        await card.getByTestId('approvals-joinRequests').click();
        await page.waitForURL(`**/ar/tribes/setting/${tribe.id}?tab=pending`);
        await page.getByText(`Moha ${tag}`).waitFor();
        await page.getByTestId('approve-member').click();
        // Back on the tribe page, nothing but the village waits.
        await page.goto(`/ar/tribes/${encodeURIComponent(tribe.slug)}`);
        await ready(page);
        await page.getByTestId('approvals-villages').waitFor();
        expect(await page.getByTestId('approvals-joinRequests').count()).toBe(0);
      } finally {
        await ctx.close();
      }
    },
  );

  it('a plain member sees no such card', { timeout: 60_000 }, async () => {
    const tag = suffix();
    const leader = await signUpViaApi({ role: 'leader', name: `Leader ${tag}` });
    const tribe = await createTribeViaApi(leader, {
      name: `Open valley ${tag}`,
      region: 'Atlas',
      lat: 31,
      lng: -7,
      visibility: 'open',
    });
    const member = await signUpViaApi({ role: 'member', name: `Member ${tag}` });
    await call('POST', `/v1/tribes/${tribe.id}/join`, member.token);
    const ctx = await newContext(browser, { width: 1440, height: 900 });
    try {
      await signInContext(ctx, member);
      const page = await ctx.newPage();
      await page.goto(`/tribes/${encodeURIComponent(tribe.slug)}`);
      await ready(page);
      await page.getByTestId('aside-about').waitFor();
      expect(await page.getByTestId('aside-approvals').count()).toBe(0);
    } finally {
      await ctx.close();
    }
  });
});
