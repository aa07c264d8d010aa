import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { bearer, buyTokens, createCampaign, createPost, joinTribe, leaderWithTribe, newKey, signUp } from '#test/factories.js';

/**
 * An Idempotency-Key is kept per user (DESIGN section 4): two people whose apps happen to send the
 * same key each get their own write and their own answer, never the other's (which would tell one
 * person about another's donation, or swallow the second person's write as a "replay").
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

type Who = Awaited<ReturnType<typeof signUp>>;
const send = (who: Who, url: string, payload: object, key: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: { ...bearer(who.token), 'idempotency-key': key } });
const balance = async (who: Who) =>
  (await t.app.inject({ url: '/api/v1/wallet', headers: bearer(who.token) })).json().data.balance as number;

describe('the same Idempotency-Key from two users', () => {
  it('gives each donor their own donation and balance, at the same moment or later, and replays each their own', async () => {
    const { leader, tribe } = await leaderWithTribe(t);
    const campaign = await createCampaign(t, leader.token, tribe.id);
    const [amina, yusuf, sara] = [await signUp(t), await signUp(t), await signUp(t)];
    for (const [who, tokens] of [
      [amina, 300],
      [yusuf, 500],
      [sara, 200],
    ] as const)
      await buyTokens(t, who.token, tokens);
    const key = newKey();
    const body = { target_type: 'campaign', target_id: campaign.id, amount: 50 };

    // Two donors send the same key and body at the same moment, a third later: three donations.
    const [a, y] = await Promise.all([send(amina, '/api/v1/donations', body, key), send(yusuf, '/api/v1/donations', body, key)]);
    const s = await send(sara, '/api/v1/donations', body, key);
    for (const [res, who, left] of [
      [a, amina, 250],
      [y, yusuf, 450],
      [s, sara, 150],
    ] as const) {
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({ donation: { amount: 50, donor: { id: who.user.id } }, balance: left });
      expect(await balance(who)).toBe(left);
    }
    const ids = [a, y, s].map((r) => r.json().data.donation.id as string);
    expect(new Set(ids).size).toBe(3);
    const raised = await t.app.inject({ url: `/api/v1/campaigns/${campaign.id}` });
    expect(raised.json().data.campaign).toMatchObject({ raised: 150, donor_count: 3 });

    // Each one's replay answers that donor's own first answer, and moves nothing.
    for (const [who, id, left] of [
      [amina, ids[0], 250],
      [yusuf, ids[1], 450],
      [sara, ids[2], 150],
    ] as const) {
      const again = await send(who, '/api/v1/donations', body, key);
      expect(again.statusCode).toBe(201);
      expect(again.json().data).toMatchObject({ donation: { id, donor: { id: who.user.id } }, balance: left });
    }
    // Another body under the same key: a conflict with one's own first request, whoever else used the key.
    expect((await send(amina, '/api/v1/donations', { ...body, amount: 60 }, key)).statusCode).toBe(409);
    // A fourth donor's other body under that key is a first request of theirs, not a conflict with the others'.
    const late = await signUp(t);
    await buyTokens(t, late.token, 100);
    const other = await send(late, '/api/v1/donations', { target_type: 'tribe', target_id: tribe.id, amount: 70 }, key);
    expect(other.statusCode).toBe(201);
    expect(other.json().data).toMatchObject({
      donation: { target_type: 'tribe', amount: 70, donor: { id: late.user.id } },
      balance: 30,
    });
    expect((await t.app.ctx.ledger.checkInvariants()).ok).toBe(true);
  });

  it('starts a purchase for each buyer, each seeing only their own', async () => {
    const [a, b] = [await signUp(t), await signUp(t)];
    const key = newKey();
    const [ra, rb] = await Promise.all([
      send(a, '/api/v1/wallet/purchases', { tokens: 200 }, key),
      send(b, '/api/v1/wallet/purchases', { tokens: 200 }, key),
    ]);
    expect([ra.statusCode, rb.statusCode]).toEqual([201, 201]);
    const [pa, pb] = [ra.json().data.payment_id as string, rb.json().data.payment_id as string];
    expect(pa).not.toBe(pb);
    for (const [who, id] of [
      [a, pa],
      [b, pb],
    ] as const) {
      const wallet = (await t.app.inject({ url: '/api/v1/wallet', headers: bearer(who.token) })).json().data;
      expect(wallet.pending_purchases).toEqual([expect.objectContaining({ payment_id: id, tokens: 200 })]);
      expect((await send(who, '/api/v1/wallet/purchases', { tokens: 200 }, key)).json().data.payment_id).toBe(id);
    }
  });

  it('writes each member their own comment and post (the offline outbox), and replays each their own', async () => {
    const { leader, tribe } = await leaderWithTribe(t);
    const [a, b] = [await signUp(t), await signUp(t)];
    for (const who of [a, b]) await joinTribe(t, who.token, tribe.id);
    const target = await createPost(t, leader.token, { body: 'Harvest day', tribe_id: tribe.id, visibility: 'tribe' });
    const url = `/api/v1/posts/${target.id}/comments`;
    const key = newKey();

    const [ca, cb] = await Promise.all([send(a, url, { body: 'On my way' }, key), send(b, url, { body: 'On my way' }, key)]);
    expect([ca.statusCode, cb.statusCode]).toEqual([201, 201]);
    expect(ca.json().data.comment.author.id).toBe(a.user.id);
    expect(cb.json().data.comment.author.id).toBe(b.user.id);
    expect(ca.json().data.comment.id).not.toBe(cb.json().data.comment.id);
    expect((await send(b, url, { body: 'On my way' }, key)).json().data.comment.id).toBe(cb.json().data.comment.id);
    const shown = await t.app.inject({ url: `/api/v1/posts/${target.id}`, headers: bearer(leader.token) });
    expect(shown.json().data.post.comment_count).toBe(2);

    // The same key on a post of each (the key is each user's, per endpoint and body).
    const postKey = newKey();
    const payload = { body: 'Sent from the bus', tribe_id: tribe.id, visibility: 'tribe' };
    const pa = await send(a, '/api/v1/posts', payload, postKey);
    const pb = await send(b, '/api/v1/posts', payload, postKey);
    expect([pa.statusCode, pb.statusCode]).toEqual([201, 201]);
    expect(pa.json().data.post.author.id).toBe(a.user.id);
    expect(pb.json().data.post.author.id).toBe(b.user.id);
    expect(pa.json().data.post.id).not.toBe(pb.json().data.post.id);
    expect((await send(a, '/api/v1/posts', payload, postKey)).json().data.post.id).toBe(pa.json().data.post.id);
  });
});
