import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { bearer, buyTokens, createCampaign, leaderWithTribe, newKey, signUp } from '#test/factories.js';

// Issue 37.4: a donor following a shared link is signed out. Everything the campaign page and the
// public ledger show must answer without a token; giving must not.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('a shared campaign link, signed out', () => {
  it('reads the campaign, its progress, donors, chart, updates, its tribe and the public ledger; giving needs a sign-in', async () => {
    const { leader, tribe } = await leaderWithTribe(t);
    const campaign = await createCampaign(t, leader.token, tribe.id, { title: 'Shared well' });
    const donor = (await signUp(t))!;
    await buyTokens(t, donor.token, 500);
    const gift = await t.app.inject({
      method: 'POST',
      url: '/api/v1/donations',
      payload: { target_type: 'campaign', target_id: campaign.id, amount: 120, message: 'For water' },
      headers: { ...bearer(donor.token), 'idempotency-key': newKey() },
    });
    expect(gift.statusCode, gift.body).toBe(201);

    const get = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api${url}` });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return res.json().data;
    };
    const shown = (await get(`/v1/campaigns/${campaign.id}`)).campaign as { title: string; raised: number; can_manage: boolean };
    expect(shown).toMatchObject({ title: 'Shared well', raised: 120, can_manage: false });
    expect((await get(`/v1/campaigns/${campaign.id}/donations`)).items).toHaveLength(1);
    expect((await get(`/v1/campaigns/${campaign.id}/daily`)).items.at(-1).amount).toBe(120);
    expect((await get(`/v1/campaigns/${campaign.id}/donors/top`)).items).toHaveLength(1);
    await get(`/v1/campaigns/${campaign.id}/updates`);
    expect((await get(`/v1/tribes/${tribe.id}`)).tribe.my_membership).toBeNull();
    const ledger = await get(`/v1/tribes/${tribe.id}/ledger`);
    expect(ledger.items.some((e: { kind: string; amount: number }) => e.kind === 'donation' && e.amount === 120)).toBe(true);
    // The rates that show local money beside tokens are public too.
    expect((await get('/v1/config')).payments.display_rates).toBeDefined();

    const anonymousGift = await t.app.inject({
      method: 'POST',
      url: '/api/v1/donations',
      payload: { target_type: 'campaign', target_id: campaign.id, amount: 1 },
      headers: { 'idempotency-key': newKey() },
    });
    expect(anonymousGift.statusCode).toBe(401);
  });
});
