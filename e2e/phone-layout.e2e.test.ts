import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  useBrowser,
  newContext,
  ready,
  signInContext,
  signUpViaApi,
  suffix,
  type ApiUser,
  createTribeViaApi,
} from './support/helpers';

/**
 * Every text field of the main journeys is usable on a 360 px phone, in English and Arabic (issue 37:
 * the comment field was about 1 px wide in every language, and no suite noticed). A field narrower
 * than 120 px fails, named by page and label.
 */
const MIN_WIDTH = 120;

const browser = await useBrowser();

interface Narrow {
  field: string;
  width: number;
}

/** The visible text fields of the page (inputs a person types in, textareas) narrower than MIN_WIDTH. */
async function narrowFields(page: Page): Promise<{ count: number; narrow: Narrow[] }> {
  return page.evaluate((min) => {
    const typed = 'input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([type=file]):not([type=range]), textarea';
    const fields = [...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(typed)].filter((el) => {
      const style = getComputedStyle(el);
      // MUI's autosize twin and visually hidden inputs are not fields a person sees.
      return el.getAttribute('aria-hidden') !== 'true' && style.visibility !== 'hidden' && el.offsetParent !== null;
    });
    const narrow = fields
      .map((el) => {
        const label =
          el.labels?.[0]?.textContent?.trim() ||
          el.getAttribute('aria-label') ||
          el.getAttribute('placeholder') ||
          el.name ||
          el.id;
        return { field: label, width: Math.round(el.getBoundingClientRect().width) };
      })
      .filter((f) => f.width < min);
    return { count: fields.length, narrow };
  }, MIN_WIDTH);
}

/** MUI's arrow icons, told apart by their paths: which way each tab-scroll button points. */
const ARROW_PATHS = { right: 'M8.59 16.34', left: 'M15.41 16.09' } as const;

/**
 * The tab-scroll buttons of the page: each points away from the tabs, towards the edge it sits on
 * (in Arabic and Hebrew too, where the start button sits on the right).
 */
async function inwardArrows(page: Page): Promise<{ checked: number; wrong: string[] }> {
  return page.evaluate((paths) => {
    const wrong: string[] = [];
    let checked = 0;
    for (const tabs of document.querySelectorAll('.MuiTabs-root')) {
      const box = tabs.getBoundingClientRect();
      for (const button of tabs.querySelectorAll('.MuiTabScrollButton-root')) {
        const d = button.querySelector('path')?.getAttribute('d') ?? '';
        const points = d.startsWith(paths.right) ? 'right' : d.startsWith(paths.left) ? 'left' : 'unknown';
        const b = button.getBoundingClientRect();
        const side = b.x + b.width / 2 > box.x + box.width / 2 ? 'right' : 'left';
        checked += 1;
        if (points !== side) wrong.push(`the button on the ${side} points ${points}`);
      }
    }
    return { checked, wrong };
  }, ARROW_PATHS);
}

interface World {
  leader: ApiUser;
  post: string;
  tribe: { id: string; slug: string };
  campaign: { id: string };
}

async function world(): Promise<World> {
  const s = suffix();
  const leader = await signUpViaApi({ role: 'leader', name: `Phone Leader ${s}` });
  const tribe = await createTribeViaApi(leader, {
    name: `Phone Tribe ${s}`,
    region: 'Atlas',
    lat: 31.6,
    lng: -8,
    visibility: 'open',
  });
  const selected = await call<{ user: ApiUser['user'] }>('POST', '/v1/tribe_selection', leader.token, { tribe_id: tribe.id });
  const post = `A first post ${s}`;
  await call('POST', '/v1/posts', leader.token, { body: post, tribe_id: tribe.id, visibility: 'public' });
  const { campaign } = await call<{ campaign: { id: string } }>('POST', `/v1/tribes/${tribe.id}/campaigns`, leader.token, {
    title: `A well for the village ${s}`,
    description: 'Clean water for everyone.',
    goal: 5000,
    ends_at: new Date(Date.now() + 20 * 86_400_000).toISOString(),
  });
  return { leader: { ...leader, user: selected.user }, post, tribe, campaign };
}

/** Opens a page and waits for it; on a feed, opens the comments of the post with this text so the comment field shows. */
async function open(page: Page, path: string, comments?: string) {
  await page.goto(path);
  await ready(page);
  await page.waitForFunction(() => !document.querySelector('[data-testid="list-skeleton"]'));
  if (comments) {
    const card = page.getByTestId('post-card').filter({ hasText: comments });
    await card.first().scrollIntoViewIfNeeded();
    await card.first().getByTestId('comments-button').click();
    await card.first().getByTestId('comment-input').waitFor({ state: 'visible' });
  }
}

async function checkPages(context: BrowserContext, prefix: string, pages: { path: string; comments?: string; tabs?: boolean }[]) {
  const page = await context.newPage();
  const failures: string[] = [];
  let measured = 0;
  for (const p of pages) {
    await open(page, `${prefix}${p.path}`, p.comments);
    if (p.tabs) {
      const arrows = await inwardArrows(page);
      if (arrows.checked === 0) failures.push(`${prefix}${p.path}: no tab-scroll buttons to check`);
      failures.push(...arrows.wrong.map((x) => `${prefix}${p.path}: ${x}`));
    }
    const { count, narrow } = await narrowFields(page);
    measured += count;
    for (const n of narrow) failures.push(`${prefix}${p.path}: "${n.field}" is ${n.width} px wide`);
  }
  await page.close();
  return { failures, measured };
}

describe('phone layout: every text field of the main journeys is usable at 360 px, tab arrows point outward', () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
  }, 60_000);

  for (const locale of ['en', 'ar'] as const) {
    const prefix = locale === 'en' ? '' : '/ar';

    it(`signed out, ${locale}: sign-in, sign-up, forgot password, contact`, async () => {
      const context = await newContext(browser, { width: 360, height: 740, locale });
      try {
        const { failures, measured } = await checkPages(context, prefix, [
          { path: '/sign-in' },
          { path: '/sign-up' },
          { path: '/forgot-password' },
          { path: '/contact' },
        ]);
        expect(measured).toBeGreaterThanOrEqual(6);
        expect(failures).toEqual([]);
      } finally {
        await context.close();
      }
    }, 120_000);

    it(`signed in, ${locale}: feed with comments, tribe, campaign, donate, new campaign, settings`, async () => {
      const context = await newContext(browser, { width: 360, height: 740, locale });
      await signInContext(context, w.leader);
      try {
        const { failures, measured } = await checkPages(context, prefix, [
          { path: '/home', comments: w.post },
          { path: `/tribes/${w.tribe.id}?tab=posts`, comments: w.post, tabs: true },
          { path: '/create-post' },
          { path: `/tribes/campaign/donate/${w.campaign.id}` },
          { path: '/donate' },
          { path: `/tribes/campaign/create/${w.tribe.id}` },
          { path: '/setting/edit-profile' },
          { path: '/setting/change-password' },
          { path: '/explore' },
        ]);
        expect(measured).toBeGreaterThanOrEqual(10);
        expect(failures).toEqual([]);
      } finally {
        await context.close();
      }
    }, 180_000);
  }
});
