import { tribesEndpoints, type EndpointData, type MapTribe } from '@tribes/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { bearer, createTribe, joinTribe, makeModerator, signUp, signUpLeader } from '#test/factories.js';
import { multipartBody } from '#test/multipart.js';

// DESIGN 10.5: a tribe's cover (3:1) and logo (square), uploaded by its leaders, in every tribe answer.
let t: TestApp;
let leader: Awaited<ReturnType<typeof signUpLeader>>;
let tribe: { id: string; slug: string };
beforeAll(async () => {
  t = await buildTestApp();
  leader = await signUpLeader(t);
  tribe = await createTribe(t, leader.token);
});
afterAll(async () => t.close());

type TribeData = EndpointData<typeof tribesEndpoints.show>;

/** A picture of the given size (left half red, right half blue). */
const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#cc0000' } })
    .composite([
      {
        input: { create: { width: Math.ceil(width / 2), height, channels: 3, background: '#0000cc' } },
        left: Math.floor(width / 2),
        top: 0,
      },
    ])
    .jpeg()
    .toBuffer();

function upload(kind: 'cover' | 'logo', token: string | null, data: Buffer, ref = tribe.id, field: string = kind) {
  const body = multipartBody([{ field, filename: 'picture.jpg', contentType: 'image/jpeg', data }]);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/tribes/${ref}/${kind}`,
    payload: body.payload,
    headers: { ...(token ? bearer(token) : {}), ...body.headers },
  });
}

/** The stored file behind a public media URL, with its size. */
async function stored(url: string) {
  const res = await t.app.inject({ url });
  expect(res.statusCode).toBe(200);
  const meta = await sharp(res.rawPayload).metadata();
  return { res, meta };
}

describe.each([
  ['cover', 1500, 500],
  ['logo', 512, 512],
] as const)('POST /v1/tribes/{id}/%s', (kind, width, height) => {
  it(`crops to ${width}x${height} WebP, stores it publicly and answers the tribe with the new URL`, async () => {
    const res = await upload(kind, leader.token, await picture(1200, 1200));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe(kind === 'cover' ? 'The cover has been updated.' : 'The logo has been updated.');
    const url = (body.data as TribeData).tribe[`${kind}_url`]!;
    // A public, cacheable path: no signature, so Open Graph crawlers can load it.
    expect(url).toMatch(new RegExp(`^/media/tribes/${tribe.id}/${kind}-[0-9a-f]{24}\\.webp$`));
    const { res: file, meta } = await stored(url);
    expect(file.headers['cache-control']).toContain('max-age=31536000');
    expect(meta).toMatchObject({ format: 'webp', width, height });
  });

  it('replaces the old file: the previous URL is gone', async () => {
    const first = (await upload(kind, leader.token, await picture(900, 300))).json().data.tribe[`${kind}_url`];
    const second = (await upload(kind, leader.token, await picture(900, 300))).json().data.tribe[`${kind}_url`];
    expect(second).not.toBe(first);
    expect((await t.app.inject({ url: first })).statusCode).toBe(404);
    await stored(second);
  });

  it('is for leaders only: moderators and members 403, anonymous 401, unknown tribe 404', async () => {
    const member = await signUp(t);
    await joinTribe(t, member.token, tribe.id);
    const moderator = await signUp(t);
    await joinTribe(t, moderator.token, tribe.id);
    await makeModerator(t, leader.token, tribe.id, moderator.user.id);
    const img = await picture(300, 100);
    for (const token of [member.token, moderator.token]) {
      const res = await upload(kind, token, img);
      expect(res.statusCode).toBe(403);
      expect(res.json().status).toBe('error');
    }
    expect((await upload(kind, null, img)).statusCode).toBe(401);
    expect((await upload(kind, leader.token, img, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('refuses an SVG with 415, a file that is no image of ours with 415, a broken JPEG with 400, all in the envelope', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="3"/>');
    const res = await upload(kind, leader.token, svg);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ status: 'error', error_type: 'unsupported_media_type' });
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 7)]);
    const bad = await upload(kind, leader.token, broken);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[kind]).toBeDefined();
  });

  it('refuses a file over 10 MB with 413, no file or another field with 400', async () => {
    const big = Buffer.concat([await picture(30, 10), Buffer.alloc(10 * 1024 * 1024 + 10)]);
    const res = await upload(kind, leader.token, big);
    expect(res.statusCode).toBe(413);
    expect(res.json().status).toBe('error');
    const none = multipartBody([], { note: 'x' });
    const empty = await t.app.inject({
      method: 'POST',
      url: `/api/v1/tribes/${tribe.id}/${kind}`,
      payload: none.payload,
      headers: { ...bearer(leader.token), ...none.headers },
    });
    expect(empty.statusCode).toBe(400);
    const wrongField = await upload(kind, leader.token, await picture(30, 10), tribe.id, 'photo');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().errors.photo).toBeDefined();
  });
});

it('shows cover_url and logo_url in the list, the detail and the map', async () => {
  await upload('cover', leader.token, await picture(600, 200));
  await upload('logo', leader.token, await picture(200, 200));
  const detail = (await t.app.inject({ url: `/api/v1/tribes/${tribe.slug}` })).json().data.tribe;
  expect(detail.cover_url).toMatch(/^\/media\/tribes\/.+\/cover-/);
  expect(detail.logo_url).toMatch(/^\/media\/tribes\/.+\/logo-/);
  const list = (await t.app.inject({ url: `/api/v1/tribes?q=${encodeURIComponent(detail.name)}` })).json().data.items;
  expect(list.find((x: { id: string }) => x.id === tribe.id)).toMatchObject({
    cover_url: detail.cover_url,
    logo_url: detail.logo_url,
  });
  const map = JSON.parse(
    Buffer.from((await t.app.inject({ url: '/api/v1/get_map_tribes' })).json().data as string, 'base64').toString('utf8'),
  ) as MapTribe[];
  expect(map.find((x) => x.id === tribe.id)).toMatchObject({ cover_url: detail.cover_url, logo_url: detail.logo_url });
  // A tribe without pictures answers nulls: the web draws a letter tile.
  const plain = await createTribe(t, leader.token);
  expect((await t.app.inject({ url: `/api/v1/tribes/${plain.id}` })).json().data.tribe).toMatchObject({
    cover_url: null,
    logo_url: null,
  });
});
