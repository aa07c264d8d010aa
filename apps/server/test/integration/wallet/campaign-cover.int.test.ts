import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { bearer, createCampaign, leaderWithTribe, post, signUp } from '#test/factories.js';
import { multipartBody } from '#test/multipart.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const inAMonth = () => new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString();
const jpegWithExif = () =>
  sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#aa6633' } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Artist: 'cover-exif-secret' } } })
    .toBuffer();
const png = () =>
  sharp({ create: { width: 40, height: 20, channels: 3, background: '#00aa00' } })
    .png()
    .toBuffer();

/** A campaign's create (POST) or edit (PATCH) as multipart, with a cover file. */
const send = (
  method: 'POST' | 'PATCH',
  url: string,
  token: string,
  fields: Record<string, string>,
  files: { field?: string; filename?: string; contentType?: string; data: Buffer }[],
) => {
  const body = multipartBody(
    files.map((f) => ({
      field: f.field ?? 'cover',
      filename: f.filename ?? 'c.jpg',
      contentType: f.contentType ?? 'image/jpeg',
      data: f.data,
    })),
    fields,
  );
  return t.app.inject({ method, url: `/api${url}`, payload: body.payload, headers: { ...bearer(token), ...body.headers } });
};

describe('campaign covers', () => {
  it('creates a campaign with a cover re-encoded to WebP (2048 px at most, no EXIF), its fields sent as text', async () => {
    const { leader, tribe } = await leaderWithTribe(t);
    const res = await send(
      'POST',
      `/v1/tribes/${tribe.id}/campaigns`,
      leader.token,
      {
        title: 'A roof for the school',
        description: 'Before the rains',
        goal: '5000',
        monthly_goal: '',
        ends_at: inAMonth(),
        milestones: JSON.stringify([{ title: 'Beams', amount: 1000 }]),
      },
      [{ data: await jpegWithExif() }],
    );
    expect(res.statusCode).toBe(201);
    const campaign = res.json().data.campaign;
    expect(campaign).toMatchObject({
      title: 'A roof for the school',
      goal: 5000,
      monthly_goal: null,
      milestones: [{ amount: 1000 }],
    });
    expect(campaign.cover_url).toMatch(/^\/media\/campaigns\/[0-9a-f]{32}\.webp$/);
    const served = await t.app.inject({ url: campaign.cover_url });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 2048, 1024]);
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('cover-exif-secret'))).toBe(false);
    const read = await t.app.inject({ url: `/api/v1/campaigns/${campaign.id}` });
    expect(read.json().data.campaign.cover_url).toBe(campaign.cover_url);
  });

  it('replaces the cover on edit (the old file is gone) and removes it with cover: null', async () => {
    const { leader, tribe } = await leaderWithTribe(t);
    const created = await send(
      'POST',
      `/v1/tribes/${tribe.id}/campaigns`,
      leader.token,
      { title: 'Well', goal: '100', ends_at: inAMonth() },
      [{ data: await png(), filename: 'a.png', contentType: 'image/png' }],
    );
    const first = created.json().data.campaign;
    const edited = await send('PATCH', `/v1/campaigns/${first.id}`, leader.token, { title: 'Deep well', goal: '200' }, [
      { data: await png(), filename: 'b.png', contentType: 'image/png' },
    ]);
    expect(edited.statusCode).toBe(200);
    const second = edited.json().data.campaign;
    expect(second).toMatchObject({ title: 'Deep well', goal: 200 });
    expect(second.cover_url).not.toBe(first.cover_url);
    expect((await t.app.inject({ url: second.cover_url })).statusCode).toBe(200);
    expect((await t.app.inject({ url: first.cover_url })).statusCode).toBe(404);

    const removed = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/campaigns/${first.id}`,
      payload: { cover: null },
      headers: bearer(leader.token),
    });
    expect(removed.json().data.campaign.cover_url).toBeNull();
    expect((await t.app.inject({ url: second.cover_url })).statusCode).toBe(404);
    // A campaign without a cover is still created from JSON, as before.
    expect((await createCampaign(t, leader.token, tribe.id)).id).toBeDefined();
  });

  it('refuses a non-image named .jpg, a corrupt image, a second file, another file field and a file over 10 MB', async () => {
    const { leader, tribe } = await leaderWithTribe(t);
    const url = `/v1/tribes/${tribe.id}/campaigns`;
    const fields = { title: 'Cover checks', goal: '100', ends_at: inAMonth() };
    const fake = await send('POST', url, leader.token, fields, [{ data: Buffer.from('MZ this is an exe') }]);
    expect(fake.statusCode).toBe(415);
    expect(fake.json()).toMatchObject({
      status: 'error',
      error_type: 'unsupported_media_type',
      message: 'Upload a JPEG, PNG, WebP, GIF or AVIF image.',
    });
    const corrupt = await send('POST', url, leader.token, fields, [
      { data: (await png()).subarray(0, 30), contentType: 'image/png' },
    ]);
    expect(corrupt.statusCode).toBe(400);
    expect(corrupt.json().errors.cover).toHaveLength(1);
    const two = await send('POST', url, leader.token, fields, [{ data: await png() }, { data: await png() }]);
    expect(two.statusCode).toBe(413);
    const other = await send('POST', url, leader.token, fields, [{ field: 'images', data: await png() }]);
    expect(other.statusCode).toBe(400);
    expect(other.json().errors.images).toEqual(['This field is not allowed.']);
    const big = await send('POST', url, leader.token, fields, [{ data: Buffer.alloc(10 * 1024 * 1024 + 1, 7) }]);
    expect(big.statusCode).toBe(413);
    const list = await t.app.inject({ url: `/api/v1/tribes/${tribe.id}/campaigns` });
    expect(list.json().data.items).toHaveLength(0);
  });

  it('checks the text fields of a multipart campaign like JSON ones', async () => {
    const { leader, tribe } = await leaderWithTribe(t);
    const res = await send(
      'POST',
      `/v1/tribes/${tribe.id}/campaigns`,
      leader.token,
      { title: 'x', goal: 'lots', ends_at: 'tomorrow', milestones: '[oops', extra: '1' },
      [{ data: await png() }],
    );
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(expect.arrayContaining(['title', 'goal', 'ends_at', 'milestones']));
  });

  it('lets only the tribe leaders and moderators set a cover, and not on a closed campaign', async () => {
    const { leader, tribe } = await leaderWithTribe(t);
    const member = await signUp(t);
    await post(t, `/api/v1/tribes/${tribe.id}/join`, undefined, bearer(member.token));
    const fields = { title: 'Not mine', goal: '100', ends_at: inAMonth() };
    expect(
      (await send('POST', `/v1/tribes/${tribe.id}/campaigns`, member.token, fields, [{ data: await png() }])).statusCode,
    ).toBe(403);
    const campaign = await createCampaign(t, leader.token, tribe.id);
    expect((await send('PATCH', `/v1/campaigns/${campaign.id}`, member.token, {}, [{ data: await png() }])).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'PATCH', url: `/api/v1/campaigns/${campaign.id}`, payload: { cover: null } });
    expect(anonymous.statusCode).toBe(401);
    await post(t, `/api/v1/campaigns/${campaign.id}/close`, undefined, bearer(leader.token));
    const closed = await send('PATCH', `/v1/campaigns/${campaign.id}`, leader.token, {}, [{ data: await png() }]);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error_type).toBe('campaign_closed');
  });
});
