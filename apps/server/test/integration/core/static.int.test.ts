import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { DOCUMENT_ONLY_HEADERS } from '#src/core/static.js';

// A built web app as apps/web's build writes it: hashed assets with their .br and .gz twins.
const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
const INDEX = `<!doctype html><html><head><script type="module" src="/assets/index-AbC123.js"></script></head><body><div id="root"></div>${' '.repeat(2000)}</body></html>`;
const ASSET = '/assets/index-AbC123.js';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'tribes-web-'));
  mkdirSync(path.join(dist, 'assets'));
  const write = (file: string, body: string) => {
    writeFileSync(path.join(dist, file), body);
    writeFileSync(path.join(dist, `${file}.br`), brotliCompressSync(body));
    writeFileSync(path.join(dist, `${file}.gz`), gzipSync(body));
  };
  write('assets/index-AbC123.js', SCRIPT);
  write('index.html', INDEX);
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await buildTestApp({ env: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('the built web app', () => {
  it('sends a hashed asset Brotli-compressed when accepted, cached for a year', async () => {
    const res = await get(ASSET, 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends a hashed asset the same whatever the Origin (no CORS headers, no Vary: Origin), so one cached copy serves a page and its service worker', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: ASSET,
      headers: { 'accept-encoding': 'br', origin: 'http://localhost:3000' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['vary']).not.toMatch(/origin/i);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    // The API still answers its one allowed origin, varying on it.
    const api = await t.app.inject({ method: 'GET', url: '/api/v1/config', headers: { origin: 'http://localhost:3000' } });
    expect(api.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(api.headers['vary']).toMatch(/origin/i);
  });

  it('sends gzip to a client that accepts only gzip', async () => {
    const res = await get(ASSET, 'gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the plain file without Accept-Encoding, or when no compressed copy exists', async () => {
    const plain = await get(ASSET);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    const identity = await get(ASSET, 'identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(SCRIPT);
    const svg = await get('/favicon.svg', 'br, gzip');
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-encoding']).toBeUndefined();
    expect(svg.headers['content-type']).toMatch(/image\/svg\+xml/);
  });

  it('answers a deep link with index.html, compressed when accepted and always revalidated', async () => {
    const res = await get('/home', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    // The build's index.html, rendered for the request (issue 42): its scripts kept, the frame in #root.
    const html = brotliDecompressSync(res.rawPayload).toString();
    expect(html).toContain('<script type="module" src="/assets/index-AbC123.js"></script>');
    expect(html).toContain('<div id="root"><div class="tribes-shell"');
    const plain = await get('/fr/tribes/some-tribe');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<html lang="fr" dir="ltr">');
  });

  it('sends a hashed asset with lean headers, and a page with its whole security policy (issue 42)', async () => {
    const asset = await get(ASSET, 'br');
    expect(asset.statusCode).toBe(200);
    for (const name of DOCUMENT_ONLY_HEADERS) expect(asset.headers[name], name).toBeUndefined();
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The page, its other files and the API answers keep them.
    for (const url of ['/home', '/favicon.svg', '/api/v1/health']) {
      const res = await get(url, 'br');
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-request-id'], url).toBeTruthy();
    }
    // A missing asset's 404 envelope is an answer like any other: it keeps them too.
    const gone = await get('/assets/gone-1234abcd.js', 'br');
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('answers 404 in the envelope, not the page, for a missing asset (an old chunk after a deploy)', async () => {
    for (const url of ['/assets/gone-1234abcd.js', '/assets/gone.css', '/missing.png', '/deep/old-chunk.js']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/application\/json/);
      expect(res.json(), url).toMatchObject({ status: 'error' });
    }
  });
});

describe('the web app manifest (issue 15)', () => {
  type Manifest = {
    name: string;
    description: string;
    lang: string;
    dir: string;
    start_url: string;
    icons: { sizes: string; purpose: string }[];
  };
  const manifest = async (url: string, cookie?: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    return res.json() as Manifest;
  };

  it('is in English by default: name, standalone display, icons of 192 and 512 px and a maskable one', async () => {
    const m = await manifest('/manifest.webmanifest');
    expect(m).toMatchObject({
      name: 'Tribes',
      lang: 'en',
      dir: 'ltr',
      start_url: '/home?source=pwa',
      display: 'standalone',
      scope: '/',
    });
    expect(m.description).toContain('five languages');
    expect(m.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  });

  it('follows ?lang= first, then the language cookie; an unknown language is English', async () => {
    const ar = await manifest('/manifest.webmanifest?lang=ar');
    expect(ar).toMatchObject({ lang: 'ar', dir: 'rtl', start_url: '/ar/home?source=pwa' });
    expect(ar.description).toContain('بخمس لغات');
    expect(await manifest('/manifest.webmanifest', 'theme=dark; i18n_redirected=he')).toMatchObject({ lang: 'he', dir: 'rtl' });
    expect(await manifest('/manifest.webmanifest?lang=fr', 'i18n_redirected=he')).toMatchObject({ lang: 'fr', dir: 'ltr' });
    expect(await manifest('/manifest.webmanifest?lang=xx')).toMatchObject({ lang: 'en' });
  });
});
