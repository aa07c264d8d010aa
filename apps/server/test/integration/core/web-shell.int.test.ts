import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';

// Issue 42: the served page says its language and direction, draws the frame before the app's code and
// carries the public config, so nothing waits for a round trip before the first paint.
const INDEX =
  '<!doctype html><html lang="en" dir="ltr"><head><meta charset="UTF-8" /><title>Tribes</title></head><body><div id="root"></div><script type="module" src="/assets/index-x.js"></script></body></html>';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'tribes-web-'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  t = await buildTestApp({ env: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const page = async (url: string, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, url).toBe(200);
  expect(res.headers['content-type']).toMatch(/text\/html/);
  return res.body;
};

describe('the served page of the web app', () => {
  it('says the language and direction of its locale prefix', async () => {
    expect(await page('/ar/home')).toContain('<html lang="ar" dir="rtl">');
    expect(await page('/he/tribes/some-tribe')).toContain('<html lang="he" dir="rtl">');
    expect(await page('/fr/sign-in')).toContain('<html lang="fr" dir="ltr">');
    expect(await page('/es/invite/some-code')).toContain('<html lang="es" dir="ltr">');
  });

  it('takes the remembered language (cookie, then Accept-Language) for a path without a prefix', async () => {
    expect(await page('/home', { cookie: 'i18n_redirected=he' })).toContain('<html lang="he" dir="rtl">');
    expect(await page('/home', { 'accept-language': 'ar-MA,ar;q=0.9' })).toContain('<html lang="ar" dir="rtl">');
    expect(await page('/home')).toContain('<html lang="en" dir="ltr">');
  });

  it('draws the frame in #root with its text in the page language, in the chosen theme', async () => {
    const ar = await page('/ar/home');
    expect(ar).toContain('<div id="root"><div class="tribes-shell"');
    expect(ar).toContain('جارٍ تحميل Tribes…');
    expect(ar).toContain('<style id="shell-css">');
    expect(await page('/fr/home')).toContain('Chargement de Tribes…');
    expect(ar).toContain('<html lang="ar" dir="rtl">');
    expect(await page('/ar/home', { cookie: 'theme=dark' })).toContain('<html lang="ar" dir="rtl" data-theme="dark">');
    // Anything else in the cookie is the default theme, never copied into the page.
    expect(await page('/home', { cookie: 'theme="><script>' })).toContain('<html lang="en" dir="ltr">');
  });

  it('carries GET /v1/config as JSON that runs nothing, the same data the API answers', async () => {
    const html = await page('/sign-in');
    const match = /<script id="public-config" type="application\/json">(.*?)<\/script>/.exec(html);
    expect(match).not.toBeNull();
    const api = await t.app.inject({ method: 'GET', url: '/api/v1/config' });
    expect(JSON.parse(match![1]!)).toEqual(api.json().data);
  });

  it('keeps the API and missing assets out of the fallback', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ status: 'error' });
    expect((await t.app.inject({ method: 'GET', url: '/assets/gone-123.js' })).statusCode).toBe(404);
  });
});
