import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_DAYS, DEMO_POST_COUNT, seedDemo } from '#src/seed/demo.js';
import { DEMO_CAMPAIGNS, DEMO_PEOPLE, DEMO_TRIBES } from '#src/seed/demo-data.js';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { bearer, post, signUp } from '#test/factories.js';

const DAY = 86_400_000;
let t: TestApp;
/** GET /v1/health's demo_accounts before the seed ran. */
let demoAccountsBefore: unknown;
/**
 * A production node seeding as SEED_DEMO=true asks (the sandbox named, so the campaigns get their
 * donations); the queue off only to keep the test light.
 */
const PRODUCTION = { NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox', JOBS_ENABLED: 'false' };
beforeAll(async () => {
  t = await buildTestApp({ env: PRODUCTION, captureLogs: true });
  demoAccountsBefore = (await t.app.inject({ url: '/api/v1/health' })).json().data.demo_accounts;
  await seedDemo(t.app.ctx);
}, 240_000);
afterAll(async () => t.close());

/** The warnings that name the demo accounts' published password. */
const demoWarnings = (logs: string[]) =>
  logs
    .filter((l) => l.includes('DEMO ACCOUNTS ARE PRESENT'))
    .map((l) => JSON.parse(l) as { level: number; msg: string })
    .filter((l) => l.level === 40 && l.msg.includes('password is published'));

const login = async (email: string) =>
  (await post(t, '/api/v1/auth/login', { email, password: 'tribes-demo-2026' })).body.data.auth_token as string;
const mapTribes = async () =>
  JSON.parse(Buffer.from((await t.app.inject({ url: '/api/v1/get_map_tribes' })).json().data, 'base64').toString()) as {
    id: string;
    name: string;
    lat: number;
    lng: number;
    member_count: number;
    village_count: number;
  }[];
/** A stored object's picture: it must exist in storage and be a WebP of the given size. */
const stored = async (key: string | null) => {
  expect(key).toBeTypeOf('string');
  return sharp(await t.app.ctx.storage.read(key!)).metadata();
};

describe('demo data', () => {
  it('puts a dozen tribes on several continents on the map, with approved villages and a crowd', async () => {
    const tribes = await mapTribes();
    expect(tribes.length).toBe(DEMO_TRIBES.length);
    expect(tribes.length).toBeGreaterThanOrEqual(12);
    expect(tribes.some((x) => x.lng < -30)).toBe(true); // the Americas
    expect(tribes.some((x) => x.lng > 60)).toBe(true); // Asia and Oceania
    expect(tribes.some((x) => x.lat < 0)).toBe(true); // the southern hemisphere
    expect(tribes.every((x) => x.member_count >= 3)).toBe(true);
    expect(tribes.reduce((sum, x) => sum + x.member_count, 0)).toBeGreaterThanOrEqual(60);
    const villages = (await t.app.inject({ url: '/api/v1/get_map_villages' })).json().data as unknown[];
    expect(villages.length).toBeGreaterThanOrEqual(12);
  });

  it('has about forty people, each with their own argon2 hash and a stored avatar', async () => {
    const rows = await t.app.ctx.db.query.users.findMany({ columns: { passwordHash: true, avatarKey: true, locale: true } });
    expect(rows.length).toBe(DEMO_PEOPLE.length);
    expect(rows.length).toBeGreaterThanOrEqual(38);
    expect(new Set(rows.map((r) => r.passwordHash)).size).toBe(rows.length);
    expect(new Set(rows.map((r) => r.locale))).toEqual(new Set(['en', 'ar', 'fr', 'he', 'es']));
    for (const row of rows) expect(await stored(row.avatarKey)).toMatchObject({ format: 'webp', width: 256, height: 256 });
  });

  it('gives every tribe a cover and a logo that resolve to stored pictures', async () => {
    const rows = await t.app.ctx.db.query.tribes.findMany({ columns: { coverKey: true, logoKey: true } });
    expect(rows).toHaveLength(DEMO_TRIBES.length);
    for (const row of rows) {
      expect(await stored(row.coverKey)).toMatchObject({ format: 'webp', width: 1200, height: 400 });
      expect(await stored(row.logoKey)).toMatchObject({ format: 'webp', width: 256, height: 256 });
    }
    // Drawn from each tribe's own seed: no two covers are the same picture.
    const covers = await Promise.all(rows.map(async (r) => (await t.app.ctx.storage.read(r.coverKey!)).toString('base64')));
    expect(new Set(covers).size).toBe(rows.length);
  });

  it('lets the demo people sign in; the demo leader’s primary tribe is one she leads', async () => {
    const res = await post(t, '/api/v1/auth/login', { email: 'amina@demo.tribes', password: 'tribes-demo-2026' });
    expect(res.status).toBe(200);
    const profile = res.body.data.user.profile;
    expect(profile.last_step).toBe('tribe-selection-completed');
    const primary = await t.app.ctx.tribesRepo.membership(profile.primary_tribe_id, res.body.data.user.id);
    expect(primary).toMatchObject({ role: 'leader', status: 'active' });
    for (const email of ['claire', 'noa', 'diego', 'sam'].map((h) => `${h}@demo.tribes`)) {
      const other = await post(t, '/api/v1/auth/login', { email, password: 'tribes-demo-2026' });
      expect(other.status).toBe(200);
      expect(other.body.data.user.profile.last_step).toBe('tribe-selection-completed');
      expect(other.body.data.user.profile.primary_tribe_id).toBeTypeOf('string');
    }
  });

  it('has 150 posts over the last 60 days in five languages, a third with photos, with likes and comments', async () => {
    const now = t.app.ctx.clock.now().getTime();
    const posts = await t.app.ctx.db.query.posts.findMany({ columns: { id: true, body: true, createdAt: true } });
    expect(posts).toHaveLength(DEMO_POST_COUNT);
    const ages = posts.map((p) => (now - p.createdAt.getTime()) / DAY);
    expect(Math.max(...ages)).toBeGreaterThan(DEMO_DAYS - 5);
    expect(Math.max(...ages)).toBeLessThanOrEqual(DEMO_DAYS);
    expect(Math.min(...ages)).toBeLessThan(1);
    expect(Math.min(...ages)).toBeGreaterThan(0);
    // Every week of the sixty days has posts.
    const weeks = new Set(ages.map((a) => Math.floor(a / 7)));
    for (let w = 0; w < Math.floor(DEMO_DAYS / 7); w++) expect(weeks.has(w)).toBe(true);
    const bodies = posts.map((p) => p.body);
    const inLanguage: Record<string, RegExp> = {
      ar: /[\u0600-\u06ff]/,
      he: /[\u0590-\u05ff]/,
      fr: /\b(nous|avons|pour|toute|les)\b/,
      es: /\b(hoy|para|los|las|gracias|sobre|del)\b|¡|¿/i,
      en: /\b(the|and|we|who)\b/i,
    };
    for (const [locale, re] of Object.entries(inLanguage))
      expect(bodies.filter((b) => re.test(b)).length, locale).toBeGreaterThanOrEqual(10);
    const withPhotos = new Set(
      (await t.app.ctx.db.query.postImages.findMany({ columns: { postId: true } })).map((i) => i.postId),
    );
    expect(withPhotos.size).toBe(DEMO_POST_COUNT / 3);
    const comments = await t.app.ctx.db.query.comments.findMany({ columns: { id: true } });
    expect(comments.length).toBeGreaterThanOrEqual(80);

    const token = await login('amina@demo.tribes');
    const feed = (await t.app.inject({ url: '/api/v1/feed', headers: bearer(token) })).json().data.items as {
      images: { url: string }[];
      like_count: number;
      comment_count: number;
    }[];
    expect(feed.length).toBeGreaterThanOrEqual(10);
    expect(feed.some((p) => p.images.length > 0)).toBe(true);
    expect(feed.some((p) => p.like_count > 0 && p.comment_count > 0)).toBe(true);
  });

  it('has eight campaigns whose donations, through the ledger, are spread over their lives', async () => {
    const rows = await t.app.ctx.db.query.campaigns.findMany({
      columns: { id: true, coverKey: true, raised: true, createdAt: true },
    });
    expect(rows).toHaveLength(DEMO_CAMPAIGNS.length);
    expect(rows.length).toBe(8);
    const now = t.app.ctx.clock.now().getTime();
    for (const c of rows) {
      expect((await stored(c.coverKey)).format).toBe('webp');
      expect(now - c.createdAt.getTime()).toBeGreaterThan(10 * DAY);
      const days = (await t.app.inject({ url: `/api/v1/campaigns/${c.id}/daily` })).json().data.items as {
        date: string;
        amount: number;
      }[];
      // A chart with shape: gifts on many different days, not one dot, adding up to what was raised.
      expect(days.length).toBeGreaterThanOrEqual(5);
      expect(days.reduce((sum, d) => sum + d.amount, 0)).toBe(c.raised);
      expect(new Set(days.map((d) => d.amount)).size).toBeGreaterThan(1);
      expect(Date.parse(days[0]!.date)).toBeLessThan(now - 7 * DAY);
    }
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
    const claire = await login('claire@demo.tribes');
    const mine = (await t.app.inject({ url: `/api/v1/courses/${list.items[0].id}`, headers: bearer(claire) })).json().data.course;
    expect(mine.progress).toBeGreaterThan(0);
    const courses = await t.app.ctx.db.query.courses.findMany({ columns: { id: true, status: true, tribeId: true } });
    expect(courses).toHaveLength(4);
    expect(courses.every((c) => c.status === 'published')).toBe(true);
    expect(new Set(courses.map((c) => c.tribeId)).size).toBe(4);
    expect(await t.app.ctx.db.query.assessments.findMany({ columns: { id: true } })).toHaveLength(4);
  });

  it('turns GET /v1/health demo_accounts true on a production node, and warns once that their password is public', async () => {
    expect(demoAccountsBefore).toBe(false);
    expect((await t.app.inject({ url: '/api/v1/health' })).json().data.demo_accounts).toBe(true);
    expect(demoWarnings(t.logs)).toHaveLength(1);
  });

  it('is found by a production node starting on the database: in its start log and its health', async () => {
    const next = await buildTestApp({ env: PRODUCTION, captureLogs: true, database: t.database });
    try {
      expect(demoWarnings(next.logs)).toHaveLength(1);
      expect((await next.app.inject({ url: '/api/v1/health' })).json().data.demo_accounts).toBe(true);
    } finally {
      await next.close();
    }
  });

  it('does nothing on a database that already has people', async () => {
    await seedDemo(t.app.ctx);
    expect((await mapTribes()).length).toBe(DEMO_TRIBES.length);
    expect(await t.app.ctx.db.query.posts.findMany({ columns: { id: true } })).toHaveLength(DEMO_POST_COUNT);
  });
});
