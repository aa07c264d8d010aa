import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { caller } from '#test/call.js';
import { bearer, buyTokens, createCampaign, leaderWithTribe, newKey, post, signUp } from '#test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const DAY = 24 * 3600 * 1000;
const donate = (token: string, payload: object, key: string = newKey()) =>
  t.app.inject({ method: 'POST', url: '/api/v1/donations', payload, headers: { ...bearer(token), 'idempotency-key': key } });
const call = caller(() => t, { prefix: '/api' });
const get = (url: string) => call('GET', url);

describe("a campaign's donations and daily totals", () => {
  it('pages through only this campaign, newest first, hiding anonymous donors and their messages', async () => {
    const { leader, tribe } = await leaderWithTribe(t);
    const campaign = await createCampaign(t, leader.token, tribe.id);
    const other = await createCampaign(t, leader.token, tribe.id, { title: 'Other' });
    const giver = await signUp(t, { name: 'Open Giver' });
    const shy = await signUp(t, { name: 'Shy Giver' });
    await buyTokens(t, giver.token, 1000);
    await buyTokens(t, shy.token, 1000);
    for (let i = 1; i <= 5; i++) {
      await donate(giver.token, { target_type: 'campaign', target_id: campaign.id, amount: i, message: `gift ${i}` });
      t.clock.advance(1000);
    }
    await donate(shy.token, { target_type: 'campaign', target_id: campaign.id, amount: 100, message: 'secret', anonymous: true });
    await donate(giver.token, { target_type: 'campaign', target_id: other.id, amount: 7 });
    await donate(giver.token, { target_type: 'tribe', target_id: tribe.id, amount: 9 });

    const first = await get(`/v1/campaigns/${campaign.id}/donations?limit=4`);
    expect(first.status).toBe(200);
    const items = first.body.data.items;
    expect(items.map((d: { amount: number }) => d.amount)).toEqual([100, 5, 4, 3]);
    expect(items[0]).toMatchObject({ donor: null, message: '', anonymous: true });
    expect(JSON.stringify(first.body)).not.toContain('Shy Giver');
    expect(JSON.stringify(first.body)).not.toContain('secret');
    expect(items[1]).toMatchObject({ donor: { id: giver.user.id, name: 'Open Giver' }, message: 'gift 5' });
    const second = await get(`/v1/campaigns/${campaign.id}/donations?limit=4&cursor=${first.body.data.next_cursor}`);
    expect(second.body.data.items.map((d: { amount: number }) => d.amount)).toEqual([2, 1]);
    expect(second.body.data.next_cursor).toBeNull();
    // The tribe's list hides an anonymous message the same way.
    const tribeList = await get(`/v1/tribes/${tribe.id}/donations`);
    expect(tribeList.body.data.items.find((d: { anonymous: boolean }) => d.anonymous)).toMatchObject({
      donor: null,
      message: '',
    });
  });

  it('sums the tokens given per UTC day, oldest first', async () => {
    const { leader, tribe } = await leaderWithTribe(t);
    const campaign = await createCampaign(t, leader.token, tribe.id);
    const giver = await signUp(t);
    await buyTokens(t, giver.token, 1000);
    expect((await get(`/v1/campaigns/${campaign.id}/daily`)).body.data.items).toEqual([]);
    const days: string[] = [];
    for (const amounts of [[10, 15], [], [40]]) {
      for (const amount of amounts) await donate(giver.token, { target_type: 'campaign', target_id: campaign.id, amount });
      if (amounts.length) days.push(t.clock.now().toISOString().slice(0, 10));
      t.clock.advance(DAY);
    }
    const daily = await get(`/v1/campaigns/${campaign.id}/daily`);
    expect(daily.status).toBe(200);
    expect(daily.body.data.items).toEqual([
      { date: days[0], amount: 25 },
      { date: days[1], amount: 40 },
    ]);
  });

  it('answers 404 for an unknown campaign and 400 for a bad id, cursor or limit', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await get(`/v1/campaigns/${unknown}/donations`)).status).toBe(404);
    expect((await get(`/v1/campaigns/${unknown}/daily`)).status).toBe(404);
    expect((await get('/v1/campaigns/nope/donations')).status).toBe(400);
    const { leader, tribe } = await leaderWithTribe(t);
    const campaign = await createCampaign(t, leader.token, tribe.id);
    const badCursor = await get(`/v1/campaigns/${campaign.id}/donations?cursor=forged`);
    expect(badCursor.status).toBe(400);
    expect(badCursor.body.error_type).toBe('validation_error');
    expect((await get(`/v1/campaigns/${campaign.id}/donations?limit=0`)).status).toBe(400);
    expect((await get(`/v1/campaigns/${campaign.id}/donations?limit=51`)).status).toBe(400);
  });
});

describe('machine-readable conflicts', () => {
  it('names each 409 of the money module in error_type', async () => {
    const { leader, tribe } = await leaderWithTribe(t);
    const campaign = await createCampaign(t, leader.token, tribe.id);
    const u = await signUp(t);
    const poor = await donate(u.token, { target_type: 'tribe', target_id: tribe.id, amount: 10 });
    expect(poor.statusCode).toBe(409);
    expect(poor.json()).toMatchObject({ status: 'error', error_type: 'insufficient_funds' });

    await buyTokens(t, u.token, 500);
    const key = newKey();
    await donate(u.token, { target_type: 'tribe', target_id: tribe.id, amount: 10 }, key);
    const reused = await donate(u.token, { target_type: 'tribe', target_id: tribe.id, amount: 11 }, key);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error_type).toBe('idempotency_conflict');

    await post(t, `/api/v1/campaigns/${campaign.id}/close`, undefined, bearer(leader.token));
    const closed = await donate(u.token, { target_type: 'campaign', target_id: campaign.id, amount: 10 });
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({ error_type: 'campaign_closed', message: expect.any(String) });
    // Other failures keep their shape: no error_type on a 404.
    const missing = await donate(u.token, {
      target_type: 'campaign',
      target_id: '00000000-0000-4000-8000-000000000000',
      amount: 1,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error_type).toBeUndefined();
  });
});

describe('GET /v1/config', () => {
  it('tells the web app the price of a token and its currency', async () => {
    const res = await get('/v1/config');
    // With local money beside tokens (TOKEN_DISPLAY_RATES unset: USD from the token price, EUR, MAD, ILS).
    expect(res.body.data.payments).toMatchObject({ provider: 'sandbox', token_price_cents: 1, currency: 'USD' });
    expect(res.body.data.payments.display_currencies).toEqual(['USD', 'EUR', 'MAD', 'ILS']);
    expect(res.body.data.payments.display_rates.USD).toBe(100);
  });
});
