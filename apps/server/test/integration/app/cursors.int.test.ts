import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import {
  bearer,
  buyTokens,
  createCampaign,
  createPost,
  joinTribe,
  leaderWithTribe,
  newKey,
  signUp,
  signUpOperator,
} from '#test/factories.js';

/**
 * Every list the OpenAPI document shows with a `cursor` parameter gets forged cursors: garbage,
 * JSON of the wrong shape, and a well-formed cursor whose id or date is not one (which would reach
 * the SQL as a uuid or a timestamp). Each must be a 400 on `cursor`, never a 500.
 */
const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
const FORGED = [
  'not a cursor',
  enc(['at', 'id']),
  // Each of these is wrong for every cursor shape (time+id, name+id, offset).
  enc({ at: '2026-01-01T00:00:00.000Z', id: 'not-a-uuid', name: 'A', o: '-1' }),
  enc({ at: 'yesterday', id: '00000000-0000-4000-8000-000000000000', name: 5, o: '1e3' }),
];

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('pagination cursors', () => {
  it('answers 400 on cursor for a forged cursor on every paginated list', async () => {
    const { leader, tribe } = await leaderWithTribe(t);
    // The operators' lists are read as an operator (DESIGN 11.2): anyone else stops at their guard first.
    const operator = await signUpOperator(t);
    const post = await createPost(t, leader.token, { tribe_id: tribe.id });
    const campaign = await createCampaign(t, leader.token, tribe.id);
    const mate = await signUp(t);
    await joinTribe(t, mate.token, tribe.id);
    const conversation = await t.app.inject({
      method: 'POST',
      url: '/api/v1/conversations',
      headers: bearer(leader.token),
      payload: { member_ids: [mate.user.id] },
    });
    const start = new Date(t.clock.now().getTime() + 3 * 86_400_000);
    const event = await t.app.inject({
      method: 'POST',
      url: `/api/v1/tribes/${tribe.id}/events`,
      headers: bearer(leader.token),
      payload: {
        title: 'Harvest day',
        description: 'Bring baskets.',
        starts_at: start.toISOString(),
        ends_at: new Date(start.getTime() + 3_600_000).toISOString(),
        time_zone: 'Europe/Paris',
        place: { name: 'The old olive press', lat: 31.13, lng: -7.92 },
        visibility: 'tribe',
      },
    });
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, { get?: { parameters?: { name: string; in: string }[] } }>;
    };
    const lists = Object.entries(doc.paths)
      .filter(([, ops]) => ops.get?.parameters?.some((p) => p.in === 'query' && p.name === 'cursor'))
      .map(([path]) => path);
    expect(lists).toEqual(expect.arrayContaining(['/api/v1/feed', '/api/v1/tribes', '/api/v1/wallet/transactions']));
    // A path parameter takes the id of the object its collection names.
    const ids: Record<string, string> = {
      tribes: tribe.id,
      users: leader.user.id,
      posts: post.id,
      campaigns: campaign.id,
      conversations: (conversation.json() as { data: { conversation: { id: string } } }).data.conversation.id,
      events: (event.json() as { data: { event: { id: string } } }).data.event.id,
    };
    // The query a list needs besides its cursor (the search needs words to look for).
    const required: Record<string, string> = { '/api/v1/search': 'q=harvest&' };
    const answers: string[] = [];
    for (const path of lists) {
      const url = path.replace(/\/([a-z_]+)\/\{[^}]+\}/g, (_m, collection: string) => `/${collection}/${ids[collection] ?? 'x'}`);
      for (const cursor of FORGED) {
        const who = path.startsWith('/api/v1/admin/') ? operator : leader;
        const res = await t.app.inject({
          url: `${url}?${required[path] ?? ''}cursor=${encodeURIComponent(cursor)}`,
          headers: bearer(who.token),
        });
        const body = res.json();
        answers.push(`${path} ${res.statusCode} ${body.errors?.cursor ? 'cursor' : body.message}`);
      }
    }
    expect(answers.filter((a) => !/ 400 cursor$/.test(a))).toEqual([]);
  });

  it('walks every page of the newest-first lists, one item at a time, without a gap or a repeat', async () => {
    const { leader, tribe } = await leaderWithTribe(t);
    for (const tokens of [100, 200, 300]) await buyTokens(t, leader.token, tokens);
    for (const amount of [1, 2, 3]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/donations',
        payload: { target_type: 'tribe', target_id: tribe.id, amount },
        headers: { ...bearer(leader.token), 'idempotency-key': newKey() },
      });
      expect(res.statusCode).toBe(201);
    }
    for (const title of ['Well one', 'Well two', 'Well three']) await createCampaign(t, leader.token, tribe.id, { title });
    const walk = async (url: string) => {
      const ids: string[] = [];
      let cursor: string | null = null;
      do {
        const sep = url.includes('?') ? '&' : '?';
        const q: string = `${url}${sep}limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const res = await t.app.inject({ url: q, headers: bearer(leader.token) });
        expect(res.statusCode, q).toBe(200);
        const page = res.json().data as { items: { id: string }[]; next_cursor: string | null };
        ids.push(...page.items.map((i) => i.id));
        cursor = page.next_cursor;
      } while (cursor && ids.length < 50);
      const whole = (
        await t.app.inject({ url: `${url}${url.includes('?') ? '&' : '?'}limit=50`, headers: bearer(leader.token) })
      ).json().data.items as { id: string }[];
      return { ids, whole: whole.map((i) => i.id) };
    };
    for (const [url, count] of [
      ['/api/v1/wallet/transactions', 6],
      [`/api/v1/tribes/${tribe.id}/ledger`, 3],
      [`/api/v1/tribes/${tribe.id}/campaigns`, 3],
    ] as const) {
      const { ids, whole } = await walk(url);
      expect(ids, url).toEqual(whole);
      expect(new Set(ids).size, url).toBe(count);
    }
  });
});
