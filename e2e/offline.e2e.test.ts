import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  baseUrl,
  call,
  useBrowser,
  newContext,
  signInContext,
  signUpViaApi,
  suffix,
  type ApiUser,
  settled,
  createTribeViaApi,
} from './support/helpers';

const browser = await useBrowser();

/** A leader's open tribe with a post, a published course of two lessons, and a member who follows it. */
async function tribeWithCourse(tag: string) {
  const [leader, member] = await Promise.all([
    signUpViaApi({ role: 'leader', name: `Itto ${tag}` }),
    signUpViaApi({ role: 'member', name: `Moha ${tag}` }),
  ]);
  const tribe = await createTribeViaApi(leader, {
    name: `Bus riders ${tag}`,
    region: 'Atlas',
    lat: 31.06,
    lng: -7.91,
    visibility: 'open',
  });
  await call('POST', `/v1/tribes/${tribe.id}/join`, member.token, {});
  const { post } = await call<{ post: { id: string } }>('POST', '/v1/posts', leader.token, {
    body: `Harvest day ${tag}`,
    tribe_id: tribe.id,
    visibility: 'tribe',
  });
  const { course } = await call<{ course: { id: string } }>('POST', `/v1/tribes/${tribe.id}/courses`, leader.token, {
    title: `Irrigation ${tag}`,
    description: 'Water on terraces',
    status: 'published',
    unlock: 'all',
  });
  const lessons: { id: string }[] = [];
  for (const title of ['Channels', 'Gates']) {
    const { lesson } = await call<{ lesson: { id: string } }>('POST', `/v1/courses/${course.id}/lessons`, leader.token, {
      title,
      body_markdown: `## ${title}\n\nRead on the bus: **${title} ${tag}**.`,
    });
    lessons.push(lesson);
  }
  await call('POST', `/v1/courses/${course.id}/enrol`, member.token, {});
  return { leader, member, tribe, post, course, lessons };
}

async function signedIn(u: ApiUser, options: { width?: number; height?: number; dataSaver?: boolean; noWorker?: boolean } = {}) {
  const ctx = await newContext(browser, {
    width: options.width ?? 1280,
    height: options.height ?? 900,
    worker: !options.noWorker,
  });
  ctx.setDefaultTimeout(20_000);
  await signInContext(ctx, u);
  if (options.dataSaver) await ctx.addInitScript(() => window.localStorage.setItem('dataSaver', 'on'));
  return { ctx, page: await ctx.newPage() };
}

const controlled = (page: Page) =>
  page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });

/**
 * A fresh tribe with a course, its member signed in on a phone and on /home with the lists loaded;
 * the context is closed after `body`, whatever happens in it.
 */
async function memberOnHome(
  body: (x: { s: Awaited<ReturnType<typeof tribeWithCourse>>; tag: string; ctx: BrowserContext; page: Page }) => Promise<void>,
): Promise<void> {
  const tag = suffix();
  const s = await tribeWithCourse(tag);
  const { ctx, page } = await signedIn(s.member, { width: 390, height: 844 });
  try {
    await page.goto('/home');
    await settled(page);
    await body({ s, tag, ctx, page });
  } finally {
    await ctx.close();
  }
}

describe('patchy networks (issue 17)', () => {
  it(
    'reads the feed and a saved lesson offline; a lesson completed, a post with a photo and a comment written (and edited) offline survive a reload and arrive exactly once when back online',
    { timeout: 180_000 },
    () =>
      memberOnHome(async ({ s, tag, ctx, page }) => {
        // Online: the first visit installs the service worker (the shell, the code this visit used and the reading
        // pages' code), which then keeps what the member reads.
        await controlled(page);
        await page.reload();
        await page
          .getByTestId('post-card')
          .filter({ hasText: `Harvest day ${tag}` })
          .waitFor();
        // Following the course saves its lessons for offline, and says so on each.
        await page.goto(`/tribe/learning-center/course/${s.course.id}`);
        await settled(page);
        await expect.poll(() => page.getByTestId('lesson-saved-offline').count(), { timeout: 20_000 }).toBe(2);
        await page.goto('/home');
        await page
          .getByTestId('post-card')
          .filter({ hasText: `Harvest day ${tag}` })
          .waitFor();

        await ctx.setOffline(true);
        await page.reload();
        await page.getByTestId('offline-banner').waitFor();
        await page
          .getByTestId('post-card')
          .filter({ hasText: `Harvest day ${tag}` })
          .waitFor();
        await page.goto(`/tribe/learning-center/lesson/${s.lessons[1]!.id}`);
        await page
          .getByTestId('lesson-body')
          .filter({ hasText: `Gates ${tag}` })
          .waitFor();
        // Learning offline: the completion waits in the outbox, said so where the button was.
        await page.getByTestId('lesson-complete').click();
        await page.getByTestId('outbox-notice').waitFor();

        // Written offline: kept in the outbox, shown as waiting.
        await page.goto('/home');
        await page.getByTestId('offline-banner').waitFor();
        await page.getByTestId('composer-body').fill(`Written on the bus ${tag}`);
        const snapshot = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#5a8f3c' } })
          .jpeg()
          .toBuffer();
        await page.getByTestId('composer-files').setInputFiles({ name: 'bus.jpg', mimeType: 'image/jpeg', buffer: snapshot });
        await page.getByTestId('composer-image').waitFor();
        await page.getByTestId('composer-alt-0').fill('The valley from the bus');
        await page.getByTestId('composer-submit').click();
        const pendingPost = page.getByTestId('outbox-post').filter({ hasText: `Written on the bus ${tag}` });
        await pendingPost.waitFor();
        expect(await pendingPost.getByTestId('outbox-status').getAttribute('data-status')).toBe('pending');
        // Its photo waits with it, on the device.
        await pendingPost.locator('img[alt="The valley from the bus"]').waitFor();
        const card = page.getByTestId('post-card').filter({ hasText: `Harvest day ${tag}` });
        await card.getByTestId('comments-button').click();
        await card.getByTestId('comment-input').fill(`Lovely ${tag}`);
        await card.getByTestId('comment-submit').click();
        const waitingComment = card.getByTestId('outbox-comment').filter({ hasText: `Lovely ${tag}` });
        await waitingComment.waitFor();
        // Edited while waiting: the edit replaces the write in IndexedDB (one transaction), under a new key.
        await waitingComment.getByTestId('outbox-edit').click();
        await page.getByTestId('outbox-edit-text').fill(`Lovely indeed ${tag}`);
        await page.getByTestId('outbox-edit-save').click();
        await card
          .getByTestId('outbox-comment')
          .filter({ hasText: `Lovely indeed ${tag}` })
          .waitFor();

        // A reload while offline keeps both (IndexedDB), the comment as edited and only so.
        await page.reload();
        await pendingPost.waitFor();
        await card.getByTestId('comments-button').click();
        await card
          .getByTestId('outbox-comment')
          .filter({ hasText: `Lovely indeed ${tag}` })
          .waitFor();
        expect(await card.getByTestId('outbox-comment').count()).toBe(1);

        // Back online: sent once each, with their Idempotency-Keys; the outbox empties.
        await ctx.setOffline(false);
        await page.getByTestId('offline-banner').waitFor({ state: 'detached' });
        await pendingPost.waitFor({ state: 'detached', timeout: 30_000 });
        await card.getByTestId('outbox-comment').waitFor({ state: 'detached', timeout: 30_000 });
        await page
          .getByTestId('post-card')
          .filter({ hasText: `Written on the bus ${tag}` })
          .waitFor();
        const mine = await call<{ items: { body: string; images: { alt: string }[] }[] }>(
          'GET',
          `/v1/users/${s.member.user.id}/posts`,
          s.member.token,
        );
        const sent = mine.items.filter((p) => p.body === `Written on the bus ${tag}`);
        expect(sent).toHaveLength(1);
        expect(sent[0]!.images.map((i) => i.alt)).toEqual(['The valley from the bus']);
        const comments = await call<{ items: { body: string }[] }>('GET', `/v1/posts/${s.post.id}/comments`, s.member.token);
        expect(comments.items.filter((c) => c.body === `Lovely indeed ${tag}`)).toHaveLength(1);
        expect(comments.items.filter((c) => c.body === `Lovely ${tag}`)).toHaveLength(0);
        const course = await call<{ course: { lessons: { id: string; completed: boolean }[] } }>(
          'GET',
          `/v1/courses/${s.course.id}`,
          s.member.token,
        );
        expect(course.course.lessons.find((l) => l.id === s.lessons[1]!.id)?.completed).toBe(true);
      }),
  );

  it(
    'offline says plainly what it has and has not: comments seen online are read, an unvisited lesson is "not saved for offline", giving is not available and its button is off (issue 37.10)',
    { timeout: 180_000 },
    () =>
      memberOnHome(async ({ s, tag, ctx, page }) => {
        await call('POST', `/v1/posts/${s.post.id}/comments`, s.leader.token, { body: `Seen online ${tag}` });
        const { campaign } = await call<{ campaign: { id: string } }>(
          'POST',
          `/v1/tribes/${s.tribe.id}/campaigns`,
          s.leader.token,
          {
            title: `Well ${tag}`,
            description: 'Clean water',
            goal: 1000,
            ends_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
          },
        );
        await controlled(page);
        // Online, the member has opened the money pages on this device: their code is kept as it is used
        // (issue 42), so offline they can say what is not available. A page never opened says "not saved".
        for (const path of [`/tribes/campaign/donate/${campaign.id}`, '/donate', '/setting/wallet']) {
          await page.goto(path);
          await settled(page);
        }
        await page.goto('/home');
        await settled(page);
        // Online: the member opens the post's comments and reads them.
        const card = page.getByTestId('post-card').filter({ hasText: `Harvest day ${tag}` });
        await card.getByTestId('comments-button').click();
        await card
          .getByTestId('comment')
          .filter({ hasText: `Seen online ${tag}` })
          .waitFor();

        await ctx.setOffline(true);
        await page.reload();
        await page.getByTestId('offline-banner').waitFor();
        expect(await page.getByTestId('offline-banner').textContent()).toContain(
          'Giving, the wallet and campaigns need a connection',
        );
        // The comments seen online are there to read offline.
        await card.getByTestId('comments-button').click();
        await card
          .getByTestId('comment')
          .filter({ hasText: `Seen online ${tag}` })
          .waitFor();

        // A lesson never opened on this device: "not saved for offline", not "not found, maybe deleted".
        await page.goto(`/tribe/learning-center/lesson/${s.lessons[0]!.id}`);
        await page.getByTestId('offline-notSaved').waitFor();
        expect(await page.getByTestId('offline-notSaved').textContent()).toContain('Not saved for offline');
        expect(await page.getByText('It may have been deleted').count()).toBe(0);

        // Giving: said to be unavailable, its action off; no "Loading…" that never ends.
        await page.goto(`/tribes/campaign/donate/${campaign.id}`);
        await page.getByTestId('offline-money').waitFor();
        expect(await page.getByText('Campaign not found').count()).toBe(0);
        await page.goto('/donate');
        await expect
          .poll(
            async () => (await page.getByTestId('offline-money').count()) + (await page.getByTestId('donate-offline').count()),
          )
          .toBeGreaterThan(0);
        if (await page.getByTestId('donate-submit').count())
          expect(await page.getByTestId('donate-submit').isDisabled()).toBe(true);
        expect(await page.getByText('Loading…').count()).toBe(0);
        await page.goto('/setting/wallet');
        await page.getByTestId('offline-money').waitFor();

        // Back online, the lesson opens.
        await ctx.setOffline(false);
        await page.goto(`/tribe/learning-center/lesson/${s.lessons[0]!.id}`);
        await page
          .getByTestId('lesson-body')
          .filter({ hasText: `Channels ${tag}` })
          .waitFor();
      }),
  );

  it(
    'with the data saver /home transfers at most half the bytes, and a 4000 px photo is uploaded in under 1 MB',
    { timeout: 180_000 },
    async () => {
      const tag = suffix();
      const s = await tribeWithCourse(tag);
      // Photo posts in the member's feed, as phones take them.
      const photo = await sharp({
        create: { width: 1800, height: 1350, channels: 3, background: '#777', noise: { type: 'gaussian', mean: 120, sigma: 40 } },
      })
        .blur(1.2)
        .jpeg({ quality: 88 })
        .toBuffer();
      for (let i = 0; i < 6; i++) {
        const form = new FormData();
        form.append('body', `Terrace ${i} ${tag}`);
        form.append('tribe_id', s.tribe.id);
        form.append('visibility', 'tribe');
        form.append('alt', `Terrace ${i}`);
        form.append('images', new Blob([photo], { type: 'image/jpeg' }), `t${i}.jpg`);
        const res = await fetch(`${baseUrl()}/api/v1/posts`, {
          method: 'POST',
          headers: { authorization: `Bearer ${s.leader.token}`, accept: 'application/json' },
          body: form,
        });
        expect(res.status).toBe(201);
      }

      /**
       * The bytes of /home's content (the page, its API answers, photos and avatars) as Chromium's network
       * log counts them on the wire; the code (/assets/, the same either way and cached after a first visit) apart.
       */
      const homeBytes = async (dataSaver: boolean) => {
        // Without the service worker: its own fetches would not be in the page's log.
        const { ctx, page } = await signedIn(s.member, { dataSaver, noWorker: true });
        try {
          const cdp = await ctx.newCDPSession(page);
          await cdp.send('Network.enable');
          const urls = new Map<string, string>();
          let bytes = 0;
          cdp.on('Network.requestWillBeSent', (e: { requestId: string; request: { url: string } }) => {
            urls.set(e.requestId, e.request.url);
          });
          cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) => {
            if (!new URL(urls.get(e.requestId) ?? baseUrl()).pathname.startsWith('/assets/')) bytes += e.encodedDataLength;
          });
          await page.goto('/home');
          await settled(page);
          // Every photo of the page brought into view (they load lazily), then the network left to settle.
          await page.getByTestId('post-image').first().waitFor();
          for (const img of await page.getByTestId('post-image').all()) {
            await img.scrollIntoViewIfNeeded();
            await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).complete)).toBe(true);
          }
          await page.waitForLoadState('networkidle');
          return bytes;
        } finally {
          await ctx.close();
        }
      };
      const full = await homeBytes(false);
      const saver = await homeBytes(true);
      console.log(`/home content bytes: ${full} without the data saver, ${saver} with it`);
      expect(full).toBeGreaterThan(0);
      expect(saver).toBeLessThanOrEqual(full / 2);

      // A 4000 px photo is downscaled in the browser before it leaves.
      const big = await sharp({
        create: { width: 4000, height: 3000, channels: 3, background: '#777', noise: { type: 'gaussian', mean: 110, sigma: 45 } },
      })
        .blur(1.5)
        .jpeg({ quality: 92 })
        .toBuffer();
      expect(big.length).toBeGreaterThan(1024 * 1024);
      const { ctx, page } = await signedIn(s.member);
      try {
        await page.goto('/home');
        await settled(page);
        await page.getByTestId('composer-files').setInputFiles({ name: 'big.jpg', mimeType: 'image/jpeg', buffer: big });
        await page.getByTestId('composer-image').waitFor();
        await page.getByTestId('composer-alt-0').fill('Terraces from the pass');
        await page.getByTestId('composer-body').fill(`From the pass ${tag}`);
        const sent = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/v1/posts');
        await page.getByTestId('composer-submit').click();
        // The body's length as the browser declared it (Chromium keeps no copy of a multipart body made of files).
        const length = Number((await (await sent).allHeaders())['content-length']);
        expect(length).toBeGreaterThan(10_000);
        expect(length).toBeLessThanOrEqual(1024 * 1024);
        await page
          .getByTestId('post-card')
          .filter({ hasText: `From the pass ${tag}` })
          .waitFor();
      } finally {
        await ctx.close();
      }
    },
  );

  it(
    'on a slow, flaky connection a comment whose answer was lost is kept and sent again with its key, and exists once',
    { timeout: 120_000 },
    () =>
      memberOnHome(async ({ s, tag, ctx, page }) => {
        // A slow connection (Chromium's network emulation), then a send that reaches the server
        // but whose answer never comes back (the connection drops on the way).
        const cdp = await ctx.newCDPSession(page);
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: 300,
          downloadThroughput: 50_000,
          uploadThroughput: 25_000,
        });
        let dropped = 0;
        const keys: string[] = [];
        await page.route(/\/api\/v1\/posts\/[^/]+\/comments$/, async (route) => {
          if (route.request().method() !== 'POST') return route.continue();
          keys.push((await route.request().allHeaders())['idempotency-key'] ?? '');
          if (dropped++ > 0) return route.continue();
          await route.fetch();
          await route.abort('connectionreset');
        });
        const card = page.getByTestId('post-card').filter({ hasText: `Harvest day ${tag}` });
        await card.getByTestId('comments-button').click();
        await card.getByTestId('comment-input').fill(`Through the tunnel ${tag}`);
        await card.getByTestId('comment-submit').click();
        await card
          .getByTestId('outbox-comment')
          .filter({ hasText: `Through the tunnel ${tag}` })
          .waitFor();
        // Sent again by the outbox (20 s later), answered from the first send's record.
        await card.getByTestId('outbox-comment').waitFor({ state: 'detached', timeout: 60_000 });
        expect(keys.length).toBeGreaterThanOrEqual(2);
        expect(new Set(keys).size).toBe(1);
        expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
        const comments = await call<{ items: { body: string }[] }>('GET', `/v1/posts/${s.post.id}/comments`, s.member.token);
        expect(comments.items.filter((c) => c.body === `Through the tunnel ${tag}`)).toHaveLength(1);
        await card
          .getByTestId('comment')
          .filter({ hasText: `Through the tunnel ${tag}` })
          .waitFor();
      }),
  );
});
