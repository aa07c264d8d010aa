import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '#src/seed/demo.js';
import { DEMO_TRIBES } from '#src/seed/demo-data.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { bearer, post, signUp } from './factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t.app.ctx);
}, 120_000);
afterAll(async () => t.close());

describe('demo data', () => {
  it('puts a dozen tribes on several continents on the map, with approved villages', async () => {
    const res = await t.app.inject({ url: '/api/v1/get_map_tribes' });
    const tribes = JSON.parse(Buffer.from(res.json().data, 'base64').toString()) as {
      lat: number;
      lng: number;
      member_count: number;
      village_count: number;
    }[];
    expect(tribes.length).toBe(DEMO_TRIBES.length);
    expect(tribes.length).toBeGreaterThanOrEqual(12);
    expect(tribes.some((x) => x.lng < -30)).toBe(true); // the Americas
    expect(tribes.some((x) => x.lng > 60)).toBe(true); // Asia and Oceania
    expect(tribes.some((x) => x.lat < 0)).toBe(true); // the southern hemisphere
    expect(tribes.every((x) => x.member_count >= 2)).toBe(true);
    const villages = (await t.app.inject({ url: '/api/v1/get_map_villages' })).json().data as unknown[];
    expect(villages.length).toBeGreaterThanOrEqual(12);
  });

  it('gives every demo account its own argon2 hash and salt', async () => {
    const rows = await t.app.ctx.db.query.users.findMany({ columns: { passwordHash: true } });
    expect(rows.length).toBeGreaterThan(1);
    expect(new Set(rows.map((r) => r.passwordHash)).size).toBe(rows.length);
  });

  it('lets a demo person sign in and find their tribe', async () => {
    const res = await post(t, '/api/v1/auth/login', { email: 'amina@demo.tribes', password: 'tribes-demo-2026' });
    expect(res.status).toBe(200);
    expect(res.body.data.user.profile.last_step).toBe('tribe-selection-completed');
    expect(res.body.data.user.profile.primary_tribe_id).toBeTypeOf('string');
    const noa = await post(t, '/api/v1/auth/login', { email: 'noa@demo.tribes', password: 'tribes-demo-2026' });
    expect(noa.body.data.user.profile.last_step).toBe('tribe-selection-completed');
  });

  it('gives a demo person a living feed with photos, likes and comments', async () => {
    const token = (await post(t, '/api/v1/auth/login', { email: 'amina@demo.tribes', password: 'tribes-demo-2026' })).body.data
      .auth_token;
    const feed = (await t.app.inject({ url: '/api/v1/feed', headers: { authorization: `Bearer ${token}` } })).json().data
      .items as { images: unknown[]; like_count: number; comment_count: number }[];
    expect(feed.length).toBeGreaterThanOrEqual(5);
    expect(feed.some((p) => p.images.length > 0)).toBe(true);
    expect(feed.some((p) => p.like_count > 0 && p.comment_count > 0)).toBe(true);
  });

  it('has demo campaigns with donations, and a ledger that balances', async () => {
    const tribes = JSON.parse(
      Buffer.from((await t.app.inject({ url: '/api/v1/get_map_tribes' })).json().data, 'base64').toString(),
    ) as { id: string; name: string }[];
    const atlas = tribes.find((x) => x.name === 'Aït Atlas Weavers')!;
    const campaigns = (await t.app.inject({ url: `/api/v1/tribes/${atlas.id}/campaigns` })).json().data.items as {
      raised: number;
      donor_count: number;
    }[];
    expect(campaigns[0]).toMatchObject({ raised: 3100, donor_count: 2 });
    expect((await t.app.ctx.ledger.checkInvariants()).ok).toBe(true);
  });

  it('shows a newcomer a published demo course with lessons and a quiz, and a demo learner her progress', async () => {
    const newcomer = await signUp(t);
    const atlas = (await t.app.ctx.tribesRepo.findByRef('ait-atlas-weavers'))!;
    const list = (await t.app.inject({ url: `/api/v1/tribes/${atlas.id}/courses`, headers: bearer(newcomer.token) })).json().data;
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({ status: 'published', progress: 0 });
    expect(list.items[0].lessons.length).toBeGreaterThanOrEqual(2);
    expect(list.items[0].assessments[0].question_count).toBeGreaterThanOrEqual(3);
    const claire = (await post(t, '/api/v1/auth/login', { email: 'claire@demo.tribes', password: 'tribes-demo-2026' })).body.data
      .auth_token;
    const mine = (await t.app.inject({ url: `/api/v1/courses/${list.items[0].id}`, headers: bearer(claire) })).json().data.course;
    expect(mine.progress).toBeGreaterThan(0);
  });

  it('does nothing on a database that already has people', async () => {
    await seedDemo(t.app.ctx);
    const tribes = JSON.parse(
      Buffer.from((await t.app.inject({ url: '/api/v1/get_map_tribes' })).json().data, 'base64').toString(),
    ) as unknown[];
    expect(tribes.length).toBe(DEMO_TRIBES.length);
  });
});
