import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import {
  bearer,
  buyTokens,
  createCampaign,
  createTribe,
  joinTribe,
  leaderWithTribe,
  makeModerator,
  newKey,
  signUp,
  signUpLeader,
} from '#test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const donate = (token: string, campaignId: string, amount: number, anonymous = false) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/donations',
    payload: { target_type: 'campaign', target_id: campaignId, amount, anonymous },
    headers: { ...bearer(token), 'idempotency-key': newKey() },
  });
const postUpdate = (token: string | null, campaignId: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/campaigns/${campaignId}/updates`,
    payload: payload as object,
    headers: token ? bearer(token) : {},
  });
const notifications = async (token: string) =>
  (await t.app.inject({ url: '/api/v1/notifications', headers: bearer(token) })).json().data.items as {
    kind: string;
    subject: { type: string; id: string };
  }[];

describe('a campaign page', () => {
  it('names its tribe and organiser', async () => {
    const leader = await signUpLeader(t, { name: 'Amina Organiser' });
    const tribe = await createTribe(t, leader.token);
    const c = await createCampaign(t, leader.token, tribe.id);
    const res = await t.app.inject({ url: `/api/v1/campaigns/${c.id}` });
    expect(res.json().data.campaign).toMatchObject({
      tribe_name: tribe.name,
      organiser: { id: leader.user.id, name: 'Amina Organiser', avatar_url: null },
    });
  });

  it('tells its story as sanitised HTML rendered from Markdown, beside the text as written', async () => {
    const { leader, tribe } = await leaderWithTribe(t);
    const story = '## Why\n\nOnly **three** weavers remain. <script>alert(1)</script> [x](javascript:alert(1))';
    const c = await createCampaign(t, leader.token, tribe.id, { description: story });
    const { campaign } = (await t.app.inject({ url: `/api/v1/campaigns/${c.id}` })).json().data;
    expect(campaign.description).toBe(story);
    expect(campaign.description_html).toContain('<h2>Why</h2>');
    expect(campaign.description_html).toContain('<strong>three</strong>');
    // Raw HTML stays text and the javascript: link no link.
    expect(campaign.description_html).not.toMatch(/<script/i);
    expect(campaign.description_html).toContain('&lt;script&gt;');
    expect(campaign.description_html).not.toMatch(/href="javascript:/i);
  });

  it('lists its top donors by total, anonymous gifts without a name', async () => {
    const { leader, tribe } = await leaderWithTribe(t);
    const c = await createCampaign(t, leader.token, tribe.id);
    const [a, b] = [await signUp(t, { name: 'Big Giver' }), await signUp(t, { name: 'Quiet Giver' })];
    await buyTokens(t, a.token, 1000);
    await buyTokens(t, b.token, 1000);
    expect((await donate(a.token, c.id, 100)).statusCode).toBe(201);
    expect((await donate(a.token, c.id, 150)).statusCode).toBe(201);
    expect((await donate(b.token, c.id, 400, true)).statusCode).toBe(201);
    expect((await donate(b.token, c.id, 10)).statusCode).toBe(201);
    const res = await t.app.inject({ url: `/api/v1/campaigns/${c.id}/donors/top` });
    expect(res.json().data.items).toEqual([
      { donor: null, anonymous: true, amount: 400 },
      { donor: { id: a.user.id, name: 'Big Giver' }, anonymous: false, amount: 250 },
      { donor: { id: b.user.id, name: 'Quiet Giver' }, anonymous: false, amount: 10 },
    ]);
    expect(res.body).not.toContain(`"amount":410`);
    expect((await t.app.inject({ url: '/api/v1/campaigns/00000000-0000-4000-8000-000000000000/donors/top' })).statusCode).toBe(
      404,
    );
  });
});

describe('campaign updates', () => {
  it('are posted by the tribe’s leaders and moderators, listed publicly newest first, and notify each donor once', async () => {
    const leader = await signUpLeader(t, { name: 'Leader' });
    const tribe = await createTribe(t, leader.token);
    const c = await createCampaign(t, leader.token, tribe.id, { title: 'Roof for the school' });
    const donor = await signUp(t);
    const anonymousDonor = await signUp(t);
    const member = await signUp(t);
    const moderator = await signUp(t);
    await joinTribe(t, member.token, tribe.id);
    await joinTribe(t, moderator.token, tribe.id);
    await makeModerator(t, leader.token, tribe.id, moderator.user.id);
    for (const u of [donor, anonymousDonor]) await buyTokens(t, u.token, 500);
    await donate(donor.token, c.id, 50);
    await donate(donor.token, c.id, 60);
    await donate(anonymousDonor.token, c.id, 70, true);

    expect((await postUpdate(null, c.id, { body: 'x' })).statusCode).toBe(401);
    expect((await postUpdate(member.token, c.id, { body: 'Not mine to say' })).statusCode).toBe(403);
    expect((await postUpdate(donor.token, c.id, { body: 'Not mine to say' })).statusCode).toBe(403);
    expect((await postUpdate(leader.token, '00000000-0000-4000-8000-000000000000', { body: 'x' })).statusCode).toBe(404);
    for (const bad of [{}, { body: '   ' }, { body: 'x'.repeat(5001) }, { body: 'ok', extra: 1 }, { body: 42 }]) {
      const res = await postUpdate(leader.token, c.id, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().status).toBe('error');
    }

    const first = await postUpdate(leader.token, c.id, { body: 'The **roof** is ordered.' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      status: 'success',
      message: 'Update posted. Donors are notified.',
      data: { update: { campaign_id: c.id, body: 'The **roof** is ordered.', author: { id: leader.user.id, name: 'Leader' } } },
    });
    t.clock.advance(1000);
    expect((await postUpdate(moderator.token, c.id, { body: 'Tiles arrived.' })).statusCode).toBe(201);

    const list = await t.app.inject({ url: `/api/v1/campaigns/${c.id}/updates?limit=1` });
    expect(list.statusCode).toBe(200);
    const page1 = list.json().data;
    expect(page1.items.map((u: { body: string }) => u.body)).toEqual(['Tiles arrived.']);
    const page2 = (await t.app.inject({ url: `/api/v1/campaigns/${c.id}/updates?limit=1&cursor=${page1.next_cursor}` })).json()
      .data;
    expect(page2).toMatchObject({ items: [{ body: 'The **roof** is ordered.' }], next_cursor: null });
    expect((await t.app.inject({ url: `/api/v1/campaigns/${c.id}/updates?cursor=garbage` })).statusCode).toBe(400);

    // Both donors (the anonymous one too, privately) heard of each update once; the author and other members did not.
    for (const u of [donor, anonymousDonor]) {
      const mine = (await notifications(u.token)).filter((n) => n.kind === 'campaign_update');
      expect(mine).toHaveLength(2);
      expect(mine[0]!.subject).toMatchObject({ type: 'campaign', id: c.id, title: 'Roof for the school', tribe_id: tribe.id });
    }
    expect((await notifications(member.token)).filter((n) => n.kind === 'campaign_update')).toEqual([]);
    expect((await notifications(leader.token)).filter((n) => n.kind === 'campaign_update')).toEqual([]);
  });
});

describe('searching open campaigns across tribes', () => {
  it('finds open campaigns of every tribe by title, description or tribe name, page by page, never closed ones', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const l1 = await signUpLeader(t);
    const l2 = await signUpLeader(t);
    const t1 = await createTribe(t, l1.token, { name: `Riverside ${tag}` });
    const t2 = await createTribe(t, l2.token);
    const a = await createCampaign(t, l1.token, t1.id, { title: 'Clinic' });
    t.clock.advance(1000);
    const b = await createCampaign(t, l2.token, t2.id, { title: `Well ${tag}` });
    t.clock.advance(1000);
    const closed = await createCampaign(t, l2.token, t2.id, { title: `Old ${tag}` });
    t.clock.advance(1000);
    const c = await createCampaign(t, l2.token, t2.id, { title: 'Books', description: `Reading ${tag.toUpperCase()} corner` });
    await t.app.inject({ method: 'POST', url: `/api/v1/campaigns/${closed.id}/close`, headers: bearer(l2.token) });

    const search = async (query: string) => (await t.app.inject({ url: `/api/v1/campaigns?${query}` })).json().data;
    const found = await search(`q=${tag}`);
    expect(found.items.map((x: { id: string }) => x.id)).toEqual([c.id, b.id, a.id]);
    expect(found.items[2]).toMatchObject({ tribe_name: `Riverside ${tag}`, status: 'active' });
    const p1 = await search(`q=${tag}&limit=2`);
    expect(p1.items).toHaveLength(2);
    const p2 = await search(`q=${tag}&limit=2&cursor=${encodeURIComponent(p1.next_cursor)}`);
    expect(p2).toMatchObject({ items: [{ id: a.id }], next_cursor: null });
    // LIKE wildcards are plain text; no query lists every open campaign.
    expect((await search('q=%25')).items).toEqual([]);
    expect((await search('limit=50')).items.map((x: { id: string }) => x.id)).toEqual(expect.arrayContaining([a.id, b.id, c.id]));
    expect((await search('limit=50')).items.map((x: { id: string }) => x.id)).not.toContain(closed.id);
    for (const bad of [`q=${'x'.repeat(101)}`, 'limit=0', 'limit=abc', 'cursor=nonsense', 'other=1']) {
      const res = await t.app.inject({ url: `/api/v1/campaigns?${bad}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().status).toBe('error');
    }
  });
});
