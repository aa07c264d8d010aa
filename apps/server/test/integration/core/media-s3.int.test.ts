import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage } from '#src/core/storage-s3.js';
import { parseStorageUrl, type S3Settings } from '#src/core/storage-url.js';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { bearer, createTribe, joinTribe, newKey, signUp, signUpLeader } from '#test/factories.js';
import { multipartBody } from '#test/multipart.js';
import { freePort } from '#test/processes.js';
import { startS3, type S3Server } from '#test/s3-server.js';

// Issue 36.9, DESIGN 11.1: with STORAGE_URL, media live in an S3-compatible bucket that every node
// shares (here s3rver, a local S3 server). Two nodes share one database and one bucket: what one
// stores, the other serves, at the same /media URLs as on disk; private media only by signed links.

let s3: S3Server;
let a: TestApp;
let b: TestApp;
let bucket: S3Client;
beforeAll(async () => {
  s3 = await startS3();
  a = await buildTestApp({ env: { STORAGE_URL: s3.url } });
  b = await buildTestApp({ database: a.database, env: { STORAGE_URL: s3.url } });
  bucket = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    credentials: s3.credentials,
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  bucket?.destroy();
  await s3?.stop();
});

/** Is the object in the bucket? Asked of the store itself, not through the app. */
async function inBucket(key: string): Promise<boolean> {
  try {
    await bucket.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }));
    return true;
  } catch (err) {
    if ((err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false;
    throw err;
  }
}

const keyOf = (url: string) => decodeURIComponent(new URL(url, 'http://x').pathname.replace(/^\/media\//, ''));
const get = (t: TestApp, url: string) => t.app.inject({ method: 'GET', url });
const image = (width: number, height: number, background = '#3a6') =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();

async function upload(t: TestApp, url: string, token: string, field: string, data: Buffer, fields: Record<string, string> = {}) {
  const form = multipartBody([{ field, filename: 'photo.jpg', contentType: 'image/jpeg', data }], fields);
  return t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    payload: form.payload,
    headers: { ...form.headers, ...bearer(token), 'idempotency-key': newKey() },
  });
}

describe('media in an S3-compatible bucket shared by two nodes', () => {
  it('serves an avatar and a tribe cover uploaded on node A from node B, cached for a year; a replaced one is deleted', async () => {
    const leader = await signUpLeader(a);
    const first = await upload(a, '/v1/me/avatar', leader.token, 'avatar', await image(600, 600));
    expect(first.statusCode, first.body).toBe(200);
    const avatarUrl = first.json().data.user.avatar_url as string;
    expect(avatarUrl).toMatch(/^\/media\/avatars\/[0-9a-f-]+\/[0-9a-f]{24}\.webp$/);
    expect(await inBucket(keyOf(avatarUrl))).toBe(true);

    const served = await get(b, avatarUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 512, height: 512 });

    const tribe = await createTribe(a, leader.token);
    const cover = await upload(a, `/v1/tribes/${tribe.id}/cover`, leader.token, 'cover', await image(1500, 500));
    expect(cover.statusCode, cover.body).toBe(200);
    const coverUrl = cover.json().data.tribe.cover_url as string;
    const coverOnB = await get(b, coverUrl);
    expect(coverOnB.statusCode).toBe(200);
    expect((await sharp(coverOnB.rawPayload).metadata()).format).toBe('webp');
    // B lists the tribe with the same URL, and serves it.
    expect((await get(b, `/api/v1/tribes/${tribe.id}`)).json().data.tribe.cover_url).toBe(coverUrl);

    // A new avatar (on node B this time): the old object leaves the bucket, its URL answers 404 on both nodes.
    const second = await upload(b, '/v1/me/avatar', leader.token, 'avatar', await image(600, 600, '#a36'));
    const newUrl = second.json().data.user.avatar_url as string;
    expect(newUrl).not.toBe(avatarUrl);
    expect(await inBucket(keyOf(avatarUrl))).toBe(false);
    for (const node of [a, b]) {
      const gone = await get(node, avatarUrl);
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toMatchObject({ status: 'error' });
      expect((await get(node, newUrl)).statusCode).toBe(200);
    }
  });

  it("serves a public post's photo and its narrower copies from the bucket on the other node", async () => {
    const author = await signUp(a);
    const res = await upload(a, '/v1/posts', author.token, 'images', await image(1400, 700), { body: 'Harvest day' });
    expect(res.statusCode, res.body).toBe(201);
    const postId = res.json().data.post.id as string;
    const onB = (await get(b, `/api/v1/posts/${postId}`)).json().data.post.images[0] as {
      url: string;
      variants: { width: number; url: string }[];
    };
    expect(onB.url).toMatch(/^\/media\/posts\/[0-9a-f]{32}\.webp$/);
    expect(onB.variants.map((v) => v.width)).toEqual([320, 640, 1280]);
    for (const [url, width] of [[onB.url, 1400] as const, ...onB.variants.map((v) => [v.url, v.width] as const)]) {
      const file = await get(b, url);
      expect(file.statusCode, url).toBe(200);
      expect((await sharp(file.rawPayload).metadata()).width, url).toBe(width);
    }
  });

  it('reaches a tribe-only photo only through its signed link, on either node, until the link expires', async () => {
    const leader = await signUpLeader(a);
    const tribe = await createTribe(a, leader.token);
    const res = await upload(a, '/v1/posts', leader.token, 'images', await image(300, 200), {
      body: 'Members only',
      tribe_id: tribe.id,
      visibility: 'tribe',
    });
    expect(res.statusCode, res.body).toBe(201);
    const url = res.json().data.post.images[0].url as string;
    const [, name, exp, sig] = /^\/media\/private\/posts\/([0-9a-f]{32})\.webp\?exp=(\d+)&sig=([0-9a-f]{64})$/.exec(url)!;
    expect(await inBucket(`private/posts/${name}.webp`)).toBe(true);

    const shown = await get(b, url);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/webp');
    expect(shown.headers['cache-control']).toBe('private, max-age=3600');
    expect((await sharp(shown.rawPayload).metadata()).format).toBe('webp');

    const file = `/media/private/posts/${name}.webp`;
    const forged = sig!.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    for (const refused of [
      file,
      `${file}?exp=${exp}`,
      `${file}?exp=${exp}&sig=${forged}`,
      `${file}?exp=${Number(exp) + 3600}&sig=${sig}`,
      `/media/%70rivate/posts/${name}.webp`,
      `/media/private%2Fposts/${name}.webp`,
      `/media/private%2fposts%2f${name}.webp`,
      `/media//private/posts/${name}.webp`,
      `/media/posts/../private/posts/${name}.webp`,
      `/media/posts/%2E%2E/private/posts/${name}.webp`,
    ]) {
      for (const node of [a, b]) expect([403, 404], refused).toContain((await get(node, refused)).statusCode);
    }

    // Two hours later (on both nodes) the link is dead; the post read again gives a fresh one that works.
    for (const node of [a, b]) node.clock.advance(2 * 3600 * 1000 + 1000);
    for (const node of [a, b]) expect((await get(node, url)).statusCode).toBe(404);
    const again = await b.app.inject({ url: `/api/v1/posts/${res.json().data.post.id}`, headers: bearer(leader.token) });
    const fresh = again.json().data.post.images[0].url as string;
    expect(fresh).not.toBe(url);
    expect((await get(a, fresh)).statusCode).toBe(200);
  });

  it('keeps an expense receipt (PDF) private in the bucket, served by its signed link on the other node', async () => {
    const leader = await signUpLeader(a);
    const tribe = await createTribe(a, leader.token);
    const member = await signUp(a);
    await joinTribe(a, member.token, tribe.id);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const form = multipartBody([{ field: 'receipts', filename: 'invoice.pdf', contentType: 'application/pdf', data: pdf }], {
      amount: '50',
      title: 'Paint',
      description: 'For the school',
      payee: 'Hardware shop',
    });
    const res = await a.app.inject({
      method: 'POST',
      url: `/api/v1/tribes/${tribe.id}/expenses`,
      payload: form.payload,
      headers: { ...form.headers, ...bearer(member.token), 'idempotency-key': newKey() },
    });
    expect(res.statusCode, res.body).toBe(201);
    const url = res.json().data.expense.receipts[0].url as string;
    const key = keyOf(url);
    expect(key).toMatch(/^private\/receipts\/[0-9a-f]{32}\.pdf$/);
    expect(await inBucket(key)).toBe(true);

    const file = await get(b, url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(pdf)).toBe(true);
    expect((await get(b, `/media/${key}`)).statusCode).toBe(404);
    expect((await get(b, `/media/${key.replace('private/', '')}`)).statusCode).toBe(404);
  });
});

describe('the S3 storage itself', () => {
  const storageOn = (settings: S3Settings) =>
    createS3Storage(settings, { secret: 'a-secret-of-the-test', now: () => new Date(), onError: () => undefined });

  it('moves a formerly public folder under private/ in the bucket, once, and leaves other folders alone', async () => {
    const settings = parseStorageUrl(s3.url) as S3Settings;
    const storage = storageOn(settings);
    try {
      await storage.put('receipts/a.pdf', Buffer.from('%PDF-a'), 'application/pdf');
      await storage.put('receipts/old/b.webp', Buffer.from('b'), 'image/webp');
      await storage.put('posts/c.webp', Buffer.from('c'), 'image/webp');
      expect(await storage.privatize('receipts/')).toBe(2);
      expect(await inBucket('receipts/a.pdf')).toBe(false);
      expect((await storage.read('private/receipts/a.pdf')).toString()).toBe('%PDF-a');
      const moved = await bucket.send(new GetObjectCommand({ Bucket: s3.bucket, Key: 'private/receipts/old/b.webp' }));
      expect(moved.ContentType).toBe('image/webp');
      expect(await storage.privatize('receipts/')).toBe(0);
      expect(await storage.privatize('covers/')).toBe(0);
      expect(await storage.open('posts/c.webp')).not.toBeNull();
      expect(await storage.open('posts/none.webp')).toBeNull();
      await expect(storage.privatize('private/receipts/')).rejects.toThrow();
      await expect(storage.privatize('../receipts/')).rejects.toThrow();
      // A node started on a bucket where receipts were public moves them before serving.
      await bucket.send(new PutObjectCommand({ Bucket: s3.bucket, Key: 'receipts/d.pdf', Body: '%PDF-d' }));
      const next = await buildTestApp({ database: a.database, env: { STORAGE_URL: s3.url } });
      await next.close();
      expect(await inBucket('receipts/d.pdf')).toBe(false);
      expect(await inBucket('private/receipts/d.pdf')).toBe(true);
    } finally {
      for (const key of ['private/receipts/a.pdf', 'private/receipts/old/b.webp', 'posts/c.webp', 'private/receipts/d.pdf']) {
        await bucket.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: key }));
      }
      storage.close();
    }
  });
});

describe('a media store that is down', () => {
  it('answers 503 storage_unavailable in the envelope on upload and on media, logs it without the keys, and the rest serves', async () => {
    const secret = 'down-store-secret-0123456789';
    const port = await freePort();
    const down = await buildTestApp({
      captureLogs: true,
      env: { STORAGE_URL: `s3://down-key:${secret}@127.0.0.1:${port}/tribes-media?ssl=false` },
    });
    try {
      // The start did not fail (moving old receipts could not list the bucket, which is logged).
      const user = await signUp(down);
      const res = await upload(down, '/v1/me/avatar', user.token, 'avatar', await image(300, 300));
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({
        status: 'error',
        error_type: 'storage_unavailable',
        message: 'Photos and files cannot be stored or loaded right now. Please try again in a moment.',
      });
      const media = await get(down, '/media/avatars/someone/abc.webp');
      expect(media.statusCode).toBe(503);
      expect(media.json()).toMatchObject({ status: 'error', error_type: 'storage_unavailable' });
      // Everything that needs no media still works.
      expect((await down.app.inject({ url: '/api/v1/me', headers: bearer(user.token) })).statusCode).toBe(200);
      expect(down.logs.some((line) => line.includes('media store call failed'))).toBe(true);
      expect(down.logs.join('\n')).not.toContain(secret);
    } finally {
      await down.close();
    }
  });
});
