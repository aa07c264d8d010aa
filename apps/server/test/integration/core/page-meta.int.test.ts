import { translate } from '@tribes/shared';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { bearer, createCampaign, createTribe, signUpLeader } from '#test/factories.js';
import { multipartBody } from '#test/multipart.js';

// Issue 14: a shared link to a tribe, a campaign or an invite shows a card (Open Graph, Twitter).
const INDEX =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Tribes</title></head><body><div id="root"></div></body></html>';
const HOSTILE = `<script>"&'x`;

let t: TestApp;
let dist: string;
let leader: Awaited<ReturnType<typeof signUpLeader>>;
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'tribes-web-'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  t = await buildTestApp({ env: { WEB_DIST_DIR: dist, PUBLIC_URL: 'https://tribes.example' } });
  leader = await signUpLeader(t);
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const page = async (url: string, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, url).toBe(200);
  expect(res.headers['content-type'], url).toMatch(/text\/html/);
  expect(res.headers['cache-control'], url).toBe('no-cache');
  return res.body;
};

/** The meta tags of a page, by property or name, as a browser's parser would read them (entities decoded). */
function metaOf(html: string): Record<string, string> {
  const decode = (s: string) =>
    s
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  const out: Record<string, string> = {};
  for (const m of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)" \/>/g)) out[m[1]!] = decode(m[2]!);
  return out;
}

async function uploadCover(tribeId: string) {
  const data = await sharp({ create: { width: 600, height: 200, channels: 3, background: '#0a7' } })
    .jpeg()
    .toBuffer();
  const body = multipartBody([{ field: 'cover', filename: 'cover.jpg', contentType: 'image/jpeg', data }]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/tribes/${tribeId}/cover`,
    payload: body.payload,
    headers: { ...bearer(leader.token), ...body.headers },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.tribe.cover_url as string;
}

describe('Open Graph previews in the served page', () => {
  it('describes a tribe with its cover as an absolute image, every value HTML-escaped', async () => {
    const tribe = await createTribe(t, leader.token, { name: `Tribe ${HOSTILE}`, description: `About ${HOSTILE}` });
    const cover = await uploadCover(tribe.id);
    const html = await page(`/tribes/${tribe.id}`);
    // Nothing the tribe's leader typed opens a tag or leaves an attribute.
    expect(html).not.toContain('<script>');
    expect(html).not.toMatch(/content="[^"]*"&/);
    expect(html).toContain('&lt;script&gt;&quot;&amp;&#39;x');
    expect(html).toContain(`<title>Tribe &lt;script&gt;&quot;&amp;&#39;x · Tribes</title>`);
    expect(metaOf(html)).toEqual({
      'og:type': 'website',
      'og:site_name': 'Tribes',
      'og:title': `Tribe ${HOSTILE}`,
      'og:description': `About ${HOSTILE}`,
      'og:url': `https://tribes.example/tribes/${tribe.id}`,
      'og:image': `https://tribes.example${cover}`,
      'twitter:card': 'summary_large_image',
      'twitter:title': `Tribe ${HOSTILE}`,
      'twitter:description': `About ${HOSTILE}`,
      'twitter:image': `https://tribes.example${cover}`,
    });
    // The rest of the page is the app's index as built.
    expect(html).toMatch(/<div id="root"><\/div><\/body><\/html>$/);
    // Under a locale prefix too, and by slug.
    const ar = metaOf(await page(`/ar/tribes/${tribe.slug}`));
    expect(ar['og:title']).toBe(`Tribe ${HOSTILE}`);
    expect(ar['og:url']).toBe(`https://tribes.example/ar/tribes/${tribe.slug}`);
  });

  it('describes a campaign by its story as plain text; without a cover the card is a summary without image', async () => {
    const tribe = await createTribe(t, leader.token);
    const campaign = await createCampaign(t, leader.token, tribe.id, {
      title: 'Roof & "walls"',
      description: '## Why\n**Before** <winter>, [now](https://x.example)',
    });
    const meta = metaOf(await page(`/fr/tribes/campaign/detail/${campaign.id}`));
    expect(meta).toMatchObject({
      'og:title': 'Roof & "walls"',
      // The story is Markdown: the card shows its text.
      'og:description': 'Why Before <winter>, now',
      'og:url': `https://tribes.example/fr/tribes/campaign/detail/${campaign.id}`,
      'twitter:card': 'summary',
    });
    expect(meta['og:image']).toBeUndefined();
  });

  it('describes an invite in the language of its prefix, with the tribe cover', async () => {
    const tribe = await createTribe(t, leader.token, { name: 'Oasis', description: '' });
    const cover = await uploadCover(tribe.id);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/tribes/${tribe.id}/invites`,
      payload: {},
      headers: bearer(leader.token),
    });
    const { code } = res.json().data.invite as { code: string };
    const en = metaOf(await page(`/invite/${code}`));
    expect(en).toMatchObject({
      'og:title': 'Join Oasis on Tribes',
      'og:description': 'You are invited to join Oasis, a tribe on Tribes.',
      'og:image': `https://tribes.example${cover}`,
      'og:url': `https://tribes.example/invite/${code}`,
    });
    expect(metaOf(await page(`/es/invite/${code}`))['og:title']).toBe('Únete a Oasis en Tribes');
    // Without a prefix, in the visitor's language: the language cookie first, then Accept-Language.
    const ar = metaOf(await page(`/invite/${code}`, { 'accept-language': 'ar-MA,ar;q=0.9,fr;q=0.5' }));
    expect(ar['og:title']).toBe(translate('ar', 'invites.og_title', { name: 'Oasis' }));
    expect(ar['og:url']).toBe(`https://tribes.example/invite/${code}`);
    const he = metaOf(await page(`/invite/${code}`, { 'accept-language': 'ar', cookie: 'theme=dark; i18n_redirected=he' }));
    expect(he['og:title']).toBe(translate('he', 'invites.og_title', { name: 'Oasis' }));
    expect(metaOf(await page(`/invite/${code}`, { cookie: 'i18n_redirected=xx' }))['og:title']).toBe('Join Oasis on Tribes');
  });

  it('sends the plain index for unknown ids, malformed ids, revoked-or-unknown invites and non-locale prefixes', async () => {
    for (const url of [
      '/tribes/no-such-tribe',
      '/ar/tribes/no-such-tribe',
      '/tribes/campaign/detail/00000000-0000-4000-8000-000000000000',
      '/tribes/campaign/detail/not-a-uuid',
      '/invite/unknown-code',
      '/xx/tribes/no-such-tribe',
      // Other pages under /tribes/ are untouched by the preview routes.
      '/tribes/campaign/some-id',
      '/tribes/setting/some-id',
    ]) {
      expect(await page(url), url).toBe(INDEX);
    }
    // The API keeps its own 404 envelope.
    const api = await t.app.inject({ method: 'GET', url: '/api/tribes/x' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ status: 'error' });
  });
});
