import { cryptoEndpoints, moneyEndpoints as api, type EndpointData } from '@tribes/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { expectOperationsMatch } from '#test/contract.js';
import { bearer, buyTokens, createCampaign, createTribe, newKey, signUp, signUpLeader } from '#test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('money and crypto on the contract', () => {
  it('registers every money and crypto route from the contract, each with its answer in the OpenAPI document', async () => {
    // The webhook answers the provider outside the envelope, described as it is; every other answer's data is described.
    await expectOperationsMatch(t.app, { money: api, crypto: cryptoEndpoints }, (e, op) =>
      expect(op.responses['2XX']?.content?.['application/json']?.schema?.properties, e.path).toHaveProperty('received'),
    );
  });

  it('answers a donation, its replay and the ledger through their schemas, and the CSV outside them', async () => {
    const leader = await signUpLeader(t);
    const tribe = await createTribe(t, leader.token, { name: 'Contract Tribe' });
    const campaign = await createCampaign(t, leader.token, tribe.id, { title: 'Roof' });
    const donor = await signUp(t, { name: 'Typed Donor' });
    await buyTokens(t, donor.token, 100);
    const key = newKey();
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/donations',
        payload: { target_type: 'campaign', target_id: campaign.id, amount: 40, message: 'For the roof' },
        headers: { ...bearer(donor.token), 'idempotency-key': key },
      });
    const first = await send();
    expect(first.statusCode).toBe(201);
    const made = first.json().data as EndpointData<typeof api.donate>;
    expect(made).toMatchObject({
      balance: 60,
      donation: { amount: 40, campaign_id: campaign.id, donor: { name: 'Typed Donor' } },
    });
    const again = await send();
    expect(again.statusCode).toBe(201);
    expect(again.json().data).toEqual(made);

    const ledger = await t.app.inject({ url: `/api/v1/tribes/${tribe.slug}/ledger?limit=1` });
    const page = ledger.json().data as EndpointData<typeof api.ledger>;
    expect(page.tribe_name).toBe('Contract Tribe');
    expect(page.items).toEqual([
      expect.objectContaining({ amount: 40, direction: 'in', account: { type: 'campaign', id: campaign.id, name: 'Roof' } }),
    ]);
    const csv = await t.app.inject({ url: `/api/v1/tribes/${tribe.slug}/ledger?format=csv` });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain("filename*=UTF-8''contract-tribe-ledger.csv");
    expect(csv.body.split('\r\n')[1]).toContain(',in,donation,40,campaign,Roof,Typed Donor,For the roof');
  });

  it("reports a sound ledger's health with a fixed text, whatever the language", async () => {
    // A broken ledger's 500, which keeps the figures, is proved in test/integration/app/openapi.int.test.ts ("the ledger's health").
    const ok = await t.app.inject({ url: '/api/v1/health/ledger', headers: { 'accept-language': 'fr' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ status: 'success', message: 'OK.', data: { ok: true, accounts: expect.any(Number) } });
  });

  it('answers the webhook of an unknown provider 404 in the envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/paypal/webhook',
      payload: '{"id":"evt_1"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 'error' });
  });
});
