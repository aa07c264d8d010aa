import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { DEMO_PASSWORD, seedDemo } from '../../apps/server/src/seed/demo.js';
import { bootApp, expectStatus } from '../lib/app.js';
import { noLoadMeasurement } from '../lib/load.js';
import type { Scenario } from '../lib/scenario.js';
import { demoSession, ensureWebDist, WEB_DIST } from '../lib/web.js';

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
/** Something to read: a post, a lesson, or the page's empty state. */
const READABLE = '[data-testid="post-card"], [data-testid="lesson-body"], [data-testid="empty-state"]';
/** Chromium's "Slow 3G" preset: what a bus in the mountains gives. */
const SLOW_3G = { offline: false, latency: 400, downloadThroughput: (400 * 1024) / 8, uploadThroughput: (400 * 1024) / 8 };

interface PageBytes {
  path: string;
  dataSaver: boolean;
  /** The page, its API answers, photos and avatars (what changes with the data saver). */
  contentKb: number;
  /** The app's code (/assets/), the same either way and cached after a first visit. */
  codeKb: number;
  /** From navigation to the first post or lesson on screen, on Slow 3G with the code already cached. */
  slow3gMs: number;
}

/** Counts the bytes on the wire of one page as Chromium's network log does, photos scrolled into view. */
async function measure(browser: Browser, base: string, session: string, path: string, dataSaver: boolean): Promise<PageBytes> {
  const context = await browser.createBrowserContext();
  const page: Page = await context.newPage();
  try {
    // A mid-range phone: 390 CSS px at twice the density.
    await page.setViewport({ width: 390, height: 844, deviceScaleFactor: 2 });
    await page.goto(`${base}/sign-in`);
    await page.evaluate(
      (auth, saver) => {
        window.localStorage.setItem('auth', auth);
        if (saver) window.localStorage.setItem('dataSaver', 'on');
      },
      session,
      dataSaver,
    );
    const cdp = await page.createCDPSession();
    await cdp.send('Network.enable');
    // The service worker's own fetches would not be in the page's log.
    await cdp.send('Network.setBypassServiceWorker', { bypass: true });
    const urls = new Map<string, string>();
    let content = 0;
    let code = 0;
    cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, e.request.url));
    cdp.on('Network.loadingFinished', (e) => {
      const url = urls.get(e.requestId);
      if (!url) return;
      if (new URL(url).pathname.startsWith('/assets/')) code += e.encodedDataLength;
      else content += e.encodedDataLength;
    });
    await page.goto(`${base}${path}`, { waitUntil: 'domcontentloaded' });
    await page.waitForSelector(READABLE, { timeout: 60_000 });
    // Every photo of the first page of posts brought into view, as a reader scrolling it would (stopping short
    // of its end, where the next page would load).
    await page.evaluate(async () => {
      const end = document.body.scrollHeight - 2 * window.innerHeight;
      for (let y = 0; y < end; y += 600) {
        window.scrollTo(0, y);
        await new Promise((r) => setTimeout(r, 150));
      }
    });
    // Every image the scroll asked for has arrived (a realtime socket keeps the network from ever going idle).
    await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete || img.loading === 'lazy'), {
      timeout: 60_000,
    });
    await new Promise((r) => setTimeout(r, 1000));
    // Then the same page again on Slow 3G, its code cached: how long until something to read shows.
    await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
    const started = Date.now();
    await page.goto(`${base}${path}`, { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('[data-testid="post-card"], [data-testid="lesson-body"], [data-testid="empty-state"]', {
      timeout: 120_000,
    });
    const slow3gMs = Date.now() - started;
    return { path, dataSaver, contentKb: Math.round(content / 1024), codeKb: Math.round(code / 1024), slow3gMs };
  } finally {
    await context.close();
  }
}

/**
 * Bytes per page with and without the data saver (issue 17): /home and a demo tribe's posts of the
 * demo data on a 390 px phone (density 2), content (page, API, photos) and code apart, and the time to something
 * readable on Slow 3G once the code is cached. The demo's photos are drawings (a few KB each), so the
 * saving shows less here than on camera photos, where the Chromium test holds it to half or better.
 */
export const pageBytes: Scenario = {
  name: 'bytes',
  description: 'bytes per page (/home, a tribe) with and without the data saver, and time to read on Slow 3G',
  async run() {
    ensureWebDist();
    const bench = await bootApp({ WEB_DIST_DIR: WEB_DIST });
    let browser: Browser | undefined;
    try {
      await seedDemo(bench.app.ctx);
      const { session, firstTribeSlug } = await demoSession(bench.baseUrl, DEMO_PASSWORD, expectStatus);
      const tribePath = `/tribes/${encodeURIComponent(firstTribeSlug)}?tab=posts`;
      browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
      const rows: PageBytes[] = [];
      for (const path of ['/home', tribePath])
        for (const saver of [false, true]) rows.push(await measure(browser, bench.baseUrl, session, path, saver));
      for (const r of rows)
        console.log(
          `\n    ${r.path}${r.dataSaver ? ' (data saver)' : ''}: content ${r.contentKb} KB, code ${r.codeKb} KB, readable on Slow 3G in ${r.slow3gMs} ms`,
        );
      const paths = [...new Set(rows.map((r) => r.path))];
      const ratios = paths.map((path) => {
        const [full, saver] = [false, true].map((on) => rows.find((r) => r.path === path && r.dataSaver === on)!);
        return `${path} ${(saver!.contentKb / Math.max(1, full!.contentKb)).toFixed(2)}`;
      });
      return noLoadMeasurement(
        this.name,
        this.description,
        rows.map((r) => `${r.path}${r.dataSaver ? '+saver' : ''}`).join(' '),
        `${rows.map((r) => `${r.path}${r.dataSaver ? '+saver' : ''} content=${r.contentKb}KB code=${r.codeKb}KB slow3g=${r.slow3gMs}ms`).join('; ')}; content with the data saver / without: ${ratios.join(', ')}`,
      );
    } finally {
      await browser?.close();
      await bench.close();
    }
  },
};
