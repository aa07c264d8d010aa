import { sql } from 'drizzle-orm';
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

const wallet = async (token: string) =>
  (await t.app.inject({ url: '/api/v1/wallet', headers: bearer(token) })).json().data as {
    balance: number;
    pending_purchases: unknown[];
  };
const donate = (token: string, payload: object, key: string = newKey()) =>
  t.app.inject({ method: 'POST', url: '/api/v1/donations', payload, headers: { ...bearer(token), 'idempotency-key': key } });
const invariants = () => t.app.ctx.ledger.checkInvariants();

describe('buying tokens in the sandbox', () => {
  it('credits tokens only when the payer confirms, exactly once', async () => {
    const u = await signUp(t);
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/v1/wallet/purchases',
      payload: { tokens: 500 },
      headers: { ...bearer(u.token), 'idempotency-key': newKey() },
    });
    expect(start.statusCode).toBe(201);
    const { payment_id, status, checkout_url } = start.json().data;
    expect(status).toBe('pending');
    expect(checkout_url).toBe(`/checkout/sandbox/${payment_id}`);
    expect(await wallet(u.token)).toMatchObject({ balance: 0, pending_purchases: [{ payment_id, tokens: 500 }] });
    const stranger = await signUp(t);
    const complete = (token: string, outcome = 'succeeded') =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/payments/sandbox/${payment_id}/complete`,
        payload: { outcome },
        headers: bearer(token),
      });
    expect((await complete(stranger.token)).statusCode).toBe(403);
    expect((await complete(u.token)).json().data).toMatchObject({ status: 'succeeded', balance: 500 });
    expect((await complete(u.token)).statusCode).toBe(409);
    expect(await wallet(u.token)).toMatchObject({ balance: 500, pending_purchases: [] });
    expect((await invariants()).ok).toBe(true);
  });

  it('credits nothing for a declined payment', async () => {
    const u = await signUp(t);
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/v1/wallet/purchases',
      payload: { tokens: 100 },
      headers: { ...bearer(u.token), 'idempotency-key': newKey() },
    });
    const id = start.json().data.payment_id;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/payments/sandbox/${id}/complete`,
      payload: { outcome: 'declined' },
      headers: bearer(u.token),
    });
    expect(res.json().data.status).toBe('declined');
    expect((await wallet(u.token)).balance).toBe(0);
  });

  it('replays the first answer for the same key and refuses the same key with another body', async () => {
    const u = await signUp(t);
    const key = newKey();
    const buy = (tokens: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/wallet/purchases',
        payload: { tokens },
        headers: { ...bearer(u.token), 'idempotency-key': key },
      });
    const first = await buy(200);
    const again = await buy(200);
    expect(again.json().data.payment_id).toBe(first.json().data.payment_id);
    expect(again.statusCode).toBe(201);
    const other = await buy(300);
    expect(other.statusCode).toBe(409);
    expect((await wallet(u.token)).pending_purchases).toHaveLength(1);
  });

  it.each([
    [{ tokens: 99 }, 'tokens'],
    [{ tokens: 1_000_001 }, 'tokens'],
    [{ tokens: 100.5 }, 'tokens'],
    [{ tokens: '100' }, 'tokens'],
    [{}, 'tokens'],
  ])('answers 400 to a bad purchase %#', async (payload, field) => {
    const u = await signUp(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/wallet/purchases',
      payload,
      headers: { ...bearer(u.token), 'idempotency-key': newKey() },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toHaveLength(1);
  });

  it('requires an Idempotency-Key of 1 to 255 visible characters', async () => {
    const u = await signUp(t);
    const post = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/wallet/purchases',
        payload: { tokens: 100 },
        headers: { ...bearer(u.token), ...headers },
      });
    expect((await post({})).json().errors.idempotency_key).toEqual(['Send an Idempotency-Key header of 1 to 255 characters.']);
    expect((await post({ 'idempotency-key': 'x'.repeat(256) })).statusCode).toBe(400);
    expect((await post({ 'idempotency-key': 'has space' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/wallet/purchases', payload: { tokens: 100 } })).statusCode).toBe(
      401,
    );
  });
});

describe('donations', () => {
  it('moves tokens to the tribe, refuses more than the balance with 409 and moves nothing', async () => {
    const { tribe } = await leaderWithTribe(t);
    const donor = await signUp(t);
    await buyTokens(t, donor.token, 300);
    const ok = await donate(donor.token, { target_type: 'tribe', target_id: tribe.id, amount: 120, message: 'For the school' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data).toMatchObject({
      balance: 180,
      donation: { amount: 120, tribe_id: tribe.id, message: 'For the school' },
    });
    const tooMuch = await donate(donor.token, { target_type: 'tribe', target_id: tribe.id, amount: 181 });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toBe('Not enough tokens in your wallet. Buy tokens first.');
    expect((await wallet(donor.token)).balance).toBe(180);
    expect((await invariants()).ok).toBe(true);
  });

  it('mails a receipt to the donor', async () => {
    const leader = await signUpLeader(t);
    const tribe = await createTribe(t, leader.token, { name: 'Receipt Tribe' });
    const donor = await signUp(t);
    await buyTokens(t, donor.token, 100);
    await donate(donor.token, { target_type: 'tribe', target_id: tribe.id, amount: 25 });
    const mail = await t.mail.waitFor(donor.email, 2);
    expect(mail.subject).toBe('Your donation receipt: 25 tokens');
    expect(mail.text).toContain('Receipt Tribe');
    // The amount picks the plural form: one token is singular.
    await donate(donor.token, { target_type: 'tribe', target_id: tribe.id, amount: 1 });
    const single = await t.mail.waitFor(donor.email, 3);
    expect(single.subject).toBe('Your donation receipt: 1 token');
    expect(single.text).toMatch(/^Thank you for giving 1 token to Receipt Tribe\. Receipt number: \w{8}\.\n$/);
  });

  it('counts campaign progress and donors, and refuses closed or expired campaigns', async () => {
    const { leader, tribe } = await leaderWithTribe(t);
    const campaign = await createCampaign(t, leader.token, tribe.id, { goal: 500, milestones: [{ title: 'Pump', amount: 100 }] });
    const a = await signUp(t);
    const b = await signUp(t);
    await buyTokens(t, a.token, 1000);
    await buyTokens(t, b.token, 1000);
    await donate(a.token, { target_type: 'campaign', target_id: campaign.id, amount: 60 });
    await donate(a.token, { target_type: 'campaign', target_id: campaign.id, amount: 40 });
    await donate(b.token, { target_type: 'campaign', target_id: campaign.id, amount: 50, anonymous: true });
    const view = (await t.app.inject({ url: `/api/v1/campaigns/${campaign.id}` })).json().data.campaign;
    expect(view).toMatchObject({
      raised: 150,
      donor_count: 2,
      status: 'active',
      milestones: [{ title: 'Pump', amount: 100, reached: true }],
    });
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/v1/campaigns/${campaign.id}/close`, headers: bearer(a.token) }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({ method: 'POST', url: `/api/v1/campaigns/${campaign.id}/close`, headers: bearer(leader.token) })
      ).json().data.campaign.status,
    ).toBe('closed');
    const refused = await donate(a.token, { target_type: 'campaign', target_id: campaign.id, amount: 10 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This campaign is closed and no longer accepts donations.');

    const soon = await createCampaign(t, leader.token, tribe.id, {
      ends_at: new Date(t.clock.now().getTime() + 3600 * 1000).toISOString(),
    });
    t.clock.advance(2 * 3600 * 1000);
    expect((await donate(a.token, { target_type: 'campaign', target_id: soon.id, amount: 10 })).statusCode).toBe(409);
    expect((await t.app.inject({ url: `/api/v1/campaigns/${soon.id}` })).json().data.campaign.status).toBe('closed');
    expect((await invariants()).ok).toBe(true);
  });

  it.each([
    [{ target_type: 'tribe', amount: 10 }, 'target_id'],
    [{ target_type: 'planet', target_id: '00000000-0000-4000-8000-000000000000', amount: 10 }, 'target_type'],
    [{ target_type: 'tribe', target_id: '00000000-0000-4000-8000-000000000000', amount: 0 }, 'amount'],
    [{ target_type: 'tribe', target_id: '00000000-0000-4000-8000-000000000000', amount: 1.5 }, 'amount'],
    [{ target_type: 'tribe', target_id: '00000000-0000-4000-8000-000000000000', amount: -5 }, 'amount'],
    [{ target_type: 'tribe', target_id: '00000000-0000-4000-8000-000000000000', amount: 5, message: 'x'.repeat(501) }, 'message'],
  ])('answers 400 to a bad donation %#', async (payload, field) => {
    const u = await signUp(t);
    const res = await donate(u.token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toHaveLength(1);
  });

  it('answers 404 for an unknown target and 401 without a token', async () => {
    const u = await signUp(t);
    await buyTokens(t, u.token, 100);
    expect(
      (await donate(u.token, { target_type: 'tribe', target_id: '00000000-0000-4000-8000-000000000000', amount: 5 })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/donations', payload: {}, headers: { 'idempotency-key': 'k' } }))
        .statusCode,
    ).toBe(401);
  });
});

describe('campaigns: who may create and change them', () => {
  it('lets leaders and moderators create and edit, and nobody else', async () => {
    const { leader, tribe } = await leaderWithTribe(t);
    const moderator = await signUp(t);
    const member = await signUp(t);
    for (const u of [moderator, member]) await joinTribe(t, u.token, tribe.id);
    await makeModerator(t, leader.token, tribe.id, moderator.user.id);
    const payload = { title: 'Roof repair', goal: 300, ends_at: new Date(Date.now() + 86400_000).toISOString() };
    const create = (token?: string) =>
      t.app.inject({ method: 'POST', url: `/api/v1/tribes/${tribe.id}/campaigns`, payload, headers: token ? bearer(token) : {} });
    expect((await create(member.token)).statusCode).toBe(403);
    expect((await create()).statusCode).toBe(401);
    const byModerator = await create(moderator.token);
    expect(byModerator.statusCode).toBe(201);
    const id = byModerator.json().data.campaign.id;
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/v1/campaigns/${id}`,
          payload: { goal: 400 },
          headers: bearer(member.token),
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/v1/campaigns/${id}`,
          payload: { goal: 400 },
          headers: bearer(leader.token),
        })
      ).json().data.campaign.goal,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/v1/campaigns/${id}/close`, headers: bearer(moderator.token) })).statusCode,
    ).toBe(200);
  });

  it.each([
    [{ title: 'ab' }, 'title'],
    [{ goal: 0 }, 'goal'],
    [{ ends_at: 'tomorrow' }, 'ends_at'],
    [{ ends_at: '2000-01-01T00:00:00Z' }, 'ends_at'],
    [{ milestones: [{ title: 'Too big', amount: 5000 }] }, 'milestones'],
  ])('answers 400 to a bad campaign %#', async (overrides, field) => {
    const { leader, tribe } = await leaderWithTribe(t);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/tribes/${tribe.id}/campaigns`,
      payload: { title: 'Roof repair', goal: 300, ends_at: new Date(Date.now() + 86400_000).toISOString(), ...overrides },
      headers: bearer(leader.token),
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toContain(field);
  });
});

describe('the public ledger', () => {
  it('lists every movement of the tribe and its campaigns, hiding anonymous donors, and exports CSV', async () => {
    const leader = await signUpLeader(t);
    const tribe = await createTribe(t, leader.token, { name: 'Ledger Tribe' });
    const campaign = await createCampaign(t, leader.token, tribe.id, { title: 'Seeds' });
    const named = await signUp(t, { name: 'Named Donor' });
    const shy = await signUp(t, { name: 'Shy Donor' });
    await buyTokens(t, named.token, 100);
    await buyTokens(t, shy.token, 100);
    await donate(named.token, { target_type: 'tribe', target_id: tribe.id, amount: 30, message: '=cmd|calc' });
    await donate(shy.token, { target_type: 'campaign', target_id: campaign.id, amount: 20, anonymous: true, message: 'secret' });
    const res = await t.app.inject({ url: `/api/v1/tribes/${tribe.id}/ledger` });
    const items = res.json().data.items as {
      donor: { name: string } | null;
      amount: number;
      message: string;
      account: { type: string };
    }[];
    expect(items).toHaveLength(2);
    expect(items.find((i) => i.amount === 30)!.donor!.name).toBe('Named Donor');
    expect(items.find((i) => i.amount === 20)).toMatchObject({ donor: null, message: '', account: { type: 'campaign' } });
    expect(JSON.stringify(res.json())).not.toContain('Shy Donor');
    const csv = await t.app.inject({ url: `/api/v1/tribes/${tribe.id}/ledger?format=csv` });
    expect(csv.headers['content-type']).toContain('text/csv');
    // Opens in spreadsheet programs as UTF-8 (Arabic and Hebrew names intact): a byte order mark first.
    expect([...csv.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv.body.split('\r\n')[0]).toBe(
      '\uFEFFdate,direction,kind,amount,account_type,account,donor,message,expense,payee,receipts,approvers',
    );
    expect(csv.body).toContain("'=cmd|calc");
    expect(csv.body).not.toContain('Shy Donor');
    expect(csv.body).toContain('anonymous');
  });
});

describe('the ledger itself', () => {
  it('refuses any change to a written transfer', async () => {
    const u = await signUp(t);
    await buyTokens(t, u.token, 100);
    await expect(t.app.ctx.db.execute(sql`update ledger_transfers set amount = amount + 1`)).rejects.toThrow();
    await expect(t.app.ctx.db.execute(sql`delete from ledger_transfers`)).rejects.toThrow();
    expect((await invariants()).ok).toBe(true);
  });

  it('keeps user balances at or above zero by a database constraint', async () => {
    const u = await signUp(t);
    await buyTokens(t, u.token, 100);
    await expect(t.app.ctx.db.execute(sql`update ledger_accounts set balance = -1 where kind = 'user'`)).rejects.toThrow();
  });

  it('reports its health', async () => {
    const res = await t.app.inject({ url: '/api/v1/health/ledger' });
    expect(res.json()).toMatchObject({ status: 'success', data: { ok: true } });
  });
});
