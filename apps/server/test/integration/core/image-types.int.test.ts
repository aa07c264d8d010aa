import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sniffImageFormat } from '#src/core/images.js';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { bearer, createCampaign, createTribe, signUp, signUpLeader } from '#test/factories.js';
import { multipartBody } from '#test/multipart.js';

// DESIGN 10.1: images are JPEG, PNG, WebP, GIF or AVIF by content; SVG and anything else is 415.
let t: TestApp;
let leader: { token: string };
let tribeId: string;
let campaignId: string;
beforeAll(async () => {
  t = await buildTestApp();
  leader = await signUpLeader(t);
  tribeId = (await createTribe(t, leader.token)).id as string;
  campaignId = (await createCampaign(t, leader.token, tribeId)).id as string;
});
afterAll(async () => t.close());

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="red"/></svg>';
const refused: Record<string, Buffer> = {
  svg: Buffer.from(SVG),
  'svg with an XML prolog': Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n${SVG}`),
  'svg with a BOM, a doctype and leading blanks': Buffer.from(
    `\uFEFF  \n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n${SVG}`,
  ),
  pdf: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  html: Buffer.from('<!doctype html><html><body><script>alert(1)</script><img src=x></body></html>'),
};

const base = () => sharp({ create: { width: 40, height: 30, channels: 3, background: '#2266aa' } });
const accepted: Record<string, () => Promise<Buffer>> = {
  jpeg: () => base().jpeg().toBuffer(),
  png: () => base().png().toBuffer(),
  webp: () => base().webp().toBuffer(),
  gif: () => base().gif().toBuffer(),
  avif: () => base().avif().toBuffer(),
};

const inAMonth = () => new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString();

/** Every upload path, each sending one file that claims to be a PNG by name and declared type. */
const paths: Record<string, (token: string, data: Buffer) => ReturnType<typeof send>> = {
  'avatar (POST /v1/me/avatar)': (token, data) => send('POST', '/v1/me/avatar', token, 'avatar', data),
  'post photo (POST /v1/posts)': (token, data) => send('POST', '/v1/posts', token, 'images', data, { body: 'A photo' }),
  'campaign cover on create': (token, data) =>
    send('POST', `/v1/tribes/${tribeId}/campaigns`, token, 'cover', data, { title: 'Cover', goal: '100', ends_at: inAMonth() }),
  'campaign cover on edit': (token, data) => send('PATCH', `/v1/campaigns/${campaignId}`, token, 'cover', data),
};

function send(
  method: 'POST' | 'PATCH',
  url: string,
  token: string,
  field: string,
  data: Buffer,
  fields: Record<string, string> = {},
) {
  const body = multipartBody([{ field, filename: 'picture.png', contentType: 'image/png', data }], fields);
  return t.app.inject({ method, url: `/api${url}`, payload: body.payload, headers: { ...bearer(token), ...body.headers } });
}

describe.each(Object.entries(paths))('upload types on %s', (_name, upload) => {
  // One leader uploads everywhere: the avatar and post paths need no tribe role, the campaign ones do.
  const tokenFor = () => leader.token;

  it.each(Object.keys(refused))('refuses %s named picture.png as image/png with 415 in the envelope', async (kind) => {
    const res = await upload(tokenFor(), refused[kind]!);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      status: 'error',
      error_type: 'unsupported_media_type',
      message: 'Upload a JPEG, PNG, WebP, GIF or AVIF image.',
    });
  });

  it.each(Object.keys(accepted))('accepts a real %s and stores it as WebP', async (kind) => {
    const res = await upload(tokenFor(), await accepted[kind]!());
    expect(res.statusCode).toBeLessThan(300);
    const data = res.json().data;
    const url = (data.user?.avatar_url ?? data.post?.images[0]?.url ?? data.campaign?.cover_url) as string;
    expect(url).toMatch(/\.webp$/);
    const served = await t.app.inject({ url });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
  });
});

describe('the 415 message', () => {
  it('is in the reader’s language', async () => {
    const u = await signUp(t);
    const body = multipartBody([{ field: 'avatar', filename: 'a.png', contentType: 'image/png', data: refused.svg! }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/avatar',
      payload: body.payload,
      headers: { ...bearer(u.token), ...body.headers, 'accept-language': 'fr' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('Envoyez une image JPEG, PNG, WebP, GIF ou AVIF.');
  });
});

describe('image sniffing', () => {
  it('names our five formats by their bytes and nothing else', async () => {
    for (const [kind, make] of Object.entries(accepted)) expect(sniffImageFormat(await make())).toBe(kind);
    for (const data of Object.values(refused)) expect(sniffImageFormat(data)).toBeNull();
    expect(sniffImageFormat(Buffer.alloc(0))).toBeNull();
    expect(sniffImageFormat(Buffer.from([0xff, 0xd8]))).toBeNull();
    // An ISO-BMFF file of another brand (HEIC) is not AVIF.
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic\0\0\0\0mif1heic')]);
    expect(sniffImageFormat(heic)).toBeNull();
  });
});
