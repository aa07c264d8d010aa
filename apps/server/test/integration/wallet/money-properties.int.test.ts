import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donations } from '#src/core/db/schema/index.js';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { bearer, buyTokens, createCampaign, leaderWithTribe, newKey, signUp } from '#test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('concurrency', () => {
  it('ends hundreds of racing donations from one wallet, with retried keys, with exact balances and no duplicate', async () => {
    const { leader, tribe } = await leaderWithTribe(t);
    const campaign = await createCampaign(t, leader.token, tribe.id, { goal: 100_000 });
    const donor = await signUp(t);
    await buyTokens(t, donor.token, 5000);
    const requests = Array.from({ length: 150 }, (_, i) => ({
      key: newKey(),
      body:
        i % 2
          ? { target_type: 'tribe', target_id: tribe.id, amount: 30 + (i % 7) * 10 }
          : { target_type: 'campaign', target_id: campaign.id, amount: 25 + (i % 5) * 10 },
      // Some requests are sent twice or three times at once, as a flaky network's retries would.
      copies: 1 + (i % 3 === 0 ? 1 : 0) + (i % 10 === 0 ? 1 : 0),
    }));
    const sends = requests.flatMap((r) =>
      Array.from({ length: r.copies }, () =>
        t.app
          .inject({
            method: 'POST',
            url: '/api/v1/donations',
            payload: r.body,
            headers: { ...bearer(donor.token), 'idempotency-key': r.key },
          })
          .then((res) => ({ r, res })),
      ),
    );
    const results = await Promise.all(sends);
    expect(results.every(({ res }) => res.statusCode === 201 || res.statusCode === 409)).toBe(true);
    const succeeded = new Map<string, number>();
    for (const { r, res } of results) {
      if (res.statusCode === 201) {
        const donationId = res.json().data.donation.id as string;
        // Every copy of one key answers the same donation.
        if (succeeded.has(r.key)) expect(succeeded.get(r.key)).toBe(r.body.amount);
        succeeded.set(r.key, r.body.amount);
        expect(donationId).toMatch(/^[0-9a-f-]{36}$/);
      }
    }
    const spent = [...succeeded.values()].reduce((a, b) => a + b, 0);
    const rows = await t.app.ctx.db.select().from(donations).where(eq(donations.donorId, donor.user.id));
    expect(rows).toHaveLength(succeeded.size);
    expect(rows.reduce((a, d) => a + d.amount, 0)).toBe(spent);
    const balance = (await t.app.inject({ url: '/api/v1/wallet', headers: bearer(donor.token) })).json().data.balance;
    expect(balance).toBe(5000 - spent);
    expect(balance).toBeGreaterThanOrEqual(0);
    // The wallet ran dry: some were refused, and what is left is less than the smallest donation.
    expect(succeeded.size).toBeLessThan(requests.length);
    expect(balance).toBeLessThan(25);
    const raised = (await t.app.inject({ url: `/api/v1/campaigns/${campaign.id}` })).json().data.campaign.raised;
    expect(raised).toBe(rows.filter((d) => d.campaignId === campaign.id).reduce((a, d) => a + d.amount, 0));
    expect((await t.app.ctx.ledger.checkInvariants()).ok).toBe(true);
  });
});

describe('properties', () => {
  it('keeps every invariant through random sequences of purchases, donations and closings', async () => {
    const { leader, tribe } = await leaderWithTribe(t);
    const people = await Promise.all([signUp(t), signUp(t), signUp(t)]);
    const users = await Promise.all(people.map(async (p) => (await t.app.ctx.usersRepo.findById(p.user.id))!));
    const leaderRow = (await t.app.ctx.usersRepo.findById(leader.user.id))!;
    const ctx = t.app.ctx;
    const command = fc.oneof(
      fc.record({ kind: fc.constant('buy' as const), who: fc.nat(2), tokens: fc.integer({ min: 100, max: 2000 }) }),
      fc.record({
        kind: fc.constant('donate' as const),
        who: fc.nat(2),
        amount: fc.integer({ min: 1, max: 1500 }),
        toCampaign: fc.boolean(),
      }),
      fc.record({ kind: fc.constant('close' as const) }),
      fc.record({ kind: fc.constant('open' as const) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 25 }), async (commands) => {
        let campaignId: string | null = null;
        let campaignOpen = false;
        const balances = new Map<string, number>();
        for (const u of users) balances.set(u.id, (await ctx.wallet.wallet(u)).balance);
        for (const c of commands) {
          if (c.kind === 'open') {
            campaignId = (
              await ctx.campaigns.create(tribe.id, leaderRow, {
                title: 'Property',
                description: '',
                goal: 10_000,
                ends_at: new Date(Date.now() + 86400_000).toISOString(),
                milestones: [],
              })
            ).id;
            campaignOpen = true;
          } else if (c.kind === 'close') {
            if (campaignId) await ctx.campaigns.close(campaignId, leaderRow);
            campaignOpen = false;
          } else if (c.kind === 'buy') {
            const user = users[c.who]!;
            const start = await ctx.wallet.startPurchase(user, { tokens: c.tokens }, newKey());
            await ctx.wallet.completeSandbox(user, start.body.payment_id, 'succeeded');
            balances.set(user.id, balances.get(user.id)! + c.tokens);
          } else {
            const user = users[c.who]!;
            const toCampaign = c.toCampaign && campaignId !== null;
            const body = {
              target_type: toCampaign ? ('campaign' as const) : ('tribe' as const),
              target_id: toCampaign ? campaignId! : tribe.id,
              amount: c.amount,
              message: '',
              anonymous: false,
            };
            const expectOk = balances.get(user.id)! >= c.amount && (!toCampaign || campaignOpen);
            const outcome = await ctx.donations.donate(user, body, { key: newKey(), locale: 'en' }).then(
              () => 'ok',
              (err: { statusCode?: number }) => (err.statusCode === 409 ? 'refused' : Promise.reject(err)),
            );
            expect(outcome).toBe(expectOk ? 'ok' : 'refused');
            if (expectOk) balances.set(user.id, balances.get(user.id)! - c.amount);
          }
        }
        for (const u of users) expect((await ctx.wallet.wallet(u)).balance).toBe(balances.get(u.id));
        const check = await ctx.ledger.checkInvariants();
        expect(check).toMatchObject({ ok: true, total: 0 });
      }),
      { numRuns: 15 },
    );
  });
});
