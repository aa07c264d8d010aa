/**
 * `npm run screenshots`: pictures of the demo as a visitor sees it, for docs/screenshots/.
 *
 * Boots the real app (built web app, embedded PGlite in a temporary DATA_DIR, the demo data
 * seeded exactly as `npm start` seeds it), signs in as the demo leader, and photographs
 * /, /home, her tribe, a campaign and /donate at 360 px (a phone) and 1440 px (a laptop), in
 * English and Arabic, with real Chromium. The demo is deterministic, so the pictures only change
 * when the product does. Run `npm run build -w apps/web` first if apps/web/dist is stale.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { DEMO_PASSWORD, seedDemo } from '../apps/server/src/seed/demo.js';
import { bootApp, expectStatus } from '../bench/lib/app.js';
import { ensureWebDist, WEB_DIST } from '../bench/lib/web.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(root, 'docs/screenshots');
const DEMO_LEADER = 'amina@demo.tribes';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
const WIDTHS = [
  { name: 'phone', width: 360, height: 780 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;
const LOCALES = ['en', 'ar'] as const;

interface Envelope<T> {
  data: T;
}

async function main(): Promise<void> {
  ensureWebDist();
  mkdirSync(OUT, { recursive: true });
  const app = await bootApp({ WEB_DIST_DIR: WEB_DIST });
  let browser: Browser | undefined;
  try {
    await seedDemo(app.app.ctx);
    const api = async <T>(pathname: string, init: RequestInit = {}, status = 200): Promise<T> =>
      ((await expectStatus(`${app.baseUrl}/api${pathname}`, init, status)) as Envelope<T>).data;
    const login = await api<{ auth_token: string; user: { profile: { primary_tribe_id: string | null } } }>('/v1/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_LEADER, password: DEMO_PASSWORD }),
    });
    const auth = { headers: { authorization: `Bearer ${login.auth_token}` } };
    const tribeId = login.user.profile.primary_tribe_id;
    if (!tribeId) throw new Error('the demo leader has no primary tribe');
    const { tribe } = await api<{ tribe: { id: string; slug: string } }>(`/v1/tribes/${tribeId}`, auth);
    const campaigns = await api<{ items: { id: string; status: string }[] } | { id: string; status: string }[]>(
      `/v1/tribes/${tribe.id}/campaigns`,
      auth,
    );
    const campaignList = Array.isArray(campaigns) ? campaigns : campaigns.items;
    const campaign = campaignList.find((c) => c.status === 'active') ?? campaignList[0];

    const pages: { name: string; path: string; signedIn: boolean }[] = [
      { name: 'landing', path: '/', signedIn: false },
      { name: 'home', path: '/home', signedIn: true },
      { name: 'tribe', path: `/tribes/${encodeURIComponent(tribe.slug)}`, signedIn: true },
      ...(campaign ? [{ name: 'campaign', path: `/tribes/campaign/detail/${campaign.id}`, signedIn: true }] : []),
      { name: 'donate', path: '/donate', signedIn: true },
    ];
    const session = JSON.stringify({
      errors: {},
      resetPassword: false,
      userSignUpData: null,
      accessToken: login.auth_token,
      userData: login.user,
      isLoggedIn: true,
    });

    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
    for (const locale of LOCALES) {
      for (const size of WIDTHS) {
        const context = await browser.newContext({
          viewport: { width: size.width, height: size.height },
          deviceScaleFactor: 1,
          locale,
          isMobile: size.name === 'phone',
          hasTouch: size.name === 'phone',
          reducedMotion: 'reduce',
        });
        try {
          for (const page of pages) {
            await context.clearCookies();
            const tab = await context.newPage();
            await tab.goto(`${app.baseUrl}/sign-in`);
            await tab.evaluate(
              (value) => {
                if (value) window.localStorage.setItem('auth', value);
                else window.localStorage.removeItem('auth');
              },
              page.signedIn ? session : '',
            );
            const prefix = locale === 'en' ? '' : `/${locale}`;
            await tab.goto(`${app.baseUrl}${prefix}${page.path === '/' && prefix ? '' : page.path}`, {
              waitUntil: 'networkidle',
            });
            // Skeletons give way to content; images finish decoding.
            await tab
              .waitForFunction(() => document.querySelectorAll('.MuiSkeleton-root').length === 0, undefined, {
                timeout: 15_000,
              })
              .catch(() => undefined);
            await tab.evaluate(() =>
              Promise.race([
                Promise.all(
                  Array.from(document.images)
                    .filter((img) => !img.complete && img.loading !== 'lazy')
                    .map((img) => new Promise((resolve) => img.addEventListener('load', resolve, { once: true }))),
                ),
                new Promise((resolve) => setTimeout(resolve, 5000)),
              ]),
            );
            const file = path.join(OUT, `${page.name}-${locale}-${size.width}.png`);
            await tab.screenshot({ path: file });
            console.log(`  ${path.relative(root, file)}`);
            await tab.close();
          }
        } finally {
          await context.close();
        }
      }
    }
  } finally {
    await browser?.close();
    await app.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
