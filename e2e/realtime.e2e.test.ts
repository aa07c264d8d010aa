import { randomBytes } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  useBrowser,
  expectAccessible,
  newContext,
  ready,
  signInContext,
  signUpViaApi,
  type ApiUser,
  call,
  createTribeViaApi,
} from './support/helpers';

const browser = await useBrowser();

/** Chooses the tribe as in onboarding (joins it, makes it primary): the user may open /home. */
async function select(u: ApiUser, tribeId: string): Promise<ApiUser> {
  const { user } = await call<{ user: ApiUser['user'] }>('POST', '/v1/tribe_selection', u.token, { tribe_id: tribeId });
  return { ...u, user };
}

async function openHome(ctx: BrowserContext): Promise<Page> {
  const page = await ctx.newPage();
  await page.goto('/home');
  await ready(page);
  // Specification section 4: the realtime connection is open once signed in.
  await page.locator('[data-testid="realtime-status"][data-state="connected"]').waitFor({ timeout: 15_000 });
  return page;
}

describe('realtime', () => {
  it(
    'a tribe post reaches the other member live; a comment reaches the author bell live; who is online',
    { timeout: 90_000 },
    async () => {
      const s = randomBytes(2).toString('hex');
      const leader = await signUpViaApi({ role: 'leader', name: `Rt Author ${s}` });
      const reader = await signUpViaApi({ role: 'member', name: `Rt Reader ${s}` });
      const tribe = await createTribeViaApi(leader, {
        name: `Live Tribe ${s}`,
        region: 'Somewhere',
        lat: 12,
        lng: 12,
        visibility: 'open',
      });
      const a = await select(leader, tribe.id);
      const b = await select(reader, tribe.id);
      // The reader joining is news to the leader (member_joined, issue 37.8): read here, so the bell starts empty.
      await call('POST', '/v1/notifications/read', leader.token, {});

      const ctxA = await newContext(browser);
      const ctxB = await newContext(browser);
      try {
        await signInContext(ctxA, a);
        await signInContext(ctxB, b);
        const pageB = await openHome(ctxB);
        const pageA = await openHome(ctxA);
        await expect.poll(() => pageA.getByTestId('realtime-status').getAttribute('aria-label')).toBe('Live updates are on');

        // A posts to the tribe with the composer.
        const body = `Fresh bread at the square ${s}`;
        await pageA.getByTestId('composer-body').fill(body);
        await pageA.getByRole('combobox', { name: 'Post to' }).click();
        await pageA.getByRole('option', { name: tribe.name }).click();
        await pageA.getByTestId('composer-submit').click();
        await pageA.getByTestId('post-card').filter({ hasText: body }).waitFor();

        // B, on /home, is told at once; the click brings the post into the feed.
        const banner = pageB.getByTestId('new-posts-banner');
        await banner.waitFor({ timeout: 10_000 });
        expect(await banner.textContent()).toBe('1 new post');
        await banner.click();
        const card = pageB.getByTestId('post-card').filter({ hasText: body });
        await card.waitFor();
        await banner.waitFor({ state: 'detached' });

        // B comments on A's post: A's bell counts it live, and A's card shows the new comment count.
        expect(await pageA.getByTestId('notification-bell').getAttribute('aria-label')).toBe('Notifications, none unread');
        await card.getByTestId('comments-button').click();
        await card.getByTestId('comment-input').fill('Save me a loaf!');
        await card.getByTestId('comment-submit').click();
        await card.getByTestId('comment').filter({ hasText: 'Save me a loaf!' }).waitFor();
        await expect
          .poll(() => pageA.getByTestId('notification-bell').getAttribute('aria-label'), { timeout: 10_000 })
          .toBe('Notifications, 1 unread');
        const cardA = pageA.getByTestId('post-card').filter({ hasText: body });
        await expect.poll(() => cardA.getByTestId('comments-button').getAttribute('aria-label')).toMatch(/1/);

        // The bell's list says who did what; mark all as read empties the count.
        await pageA.getByTestId('notification-bell').click();
        const dialog = pageA.getByRole('dialog', { name: 'Notifications' });
        await dialog.waitFor();
        expect((await dialog.getByTestId('notification').first().textContent())?.replace(/[\u2068\u2069]/g, '')).toContain(
          `Rt Reader ${s} commented on your post`,
        );
        await expectAccessible(pageA, 'notifications panel');
        await dialog.getByTestId('mark-all-read').click();
        await expect
          .poll(() => pageA.getByTestId('notification-bell').getAttribute('aria-label'))
          .toBe('Notifications, none unread');
        await pageA.keyboard.press('Escape');

        // Who is online in my tribe: both members on the tribe page.
        await pageB.goto('/tribe');
        await ready(pageB);
        await pageA.goto('/tribe');
        await ready(pageA);
        await expect.poll(() => pageA.getByTestId('tribe-online').getAttribute('data-count'), { timeout: 15_000 }).toBe('2');
        await pageB.goto('/home');
        await expect.poll(() => pageA.getByTestId('tribe-online').getAttribute('data-count'), { timeout: 15_000 }).toBe('1');
      } finally {
        await ctxA.close();
        await ctxB.close();
      }
    },
  );
});
