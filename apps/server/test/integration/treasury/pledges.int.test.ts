import { treasuryEndpoints } from '@tribes/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { caller } from '#test/call.js';
import { buyTokens, createCampaign, createTribe, logIn, signUp, signUpLeader } from '#test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

type Who = { token: string; user: { id: string } };

const call = caller(() => t, { prefix: '/api' });

// Read through the app's own services: the test moves the clock months on, past the session's lifetime.
const balance = async (who: Who) => Number((await t.app.ctx.ledger.accountOf('user', who.user.id)).balance);
const pledgesOf = async (who: Who) => (await t.app.ctx.pledges.mine((await t.app.ctx.usersRepo.findById(who.user.id))!)).items;
const kinds = async (who: Who) =>
  ((await call('GET', '/v1/notifications', who)).body.data.items as { kind: string }[]).map((n) => n.kind);

/** A leader's tribe and a giver with `tokens` in the wallet; the clock on 2031-03-05 10:00 UTC. */
async function setUp(tokens: number) {
  t.clock.set(new Date('2031-03-05T10:00:00.000Z'));
  const leader = await signUpLeader(t);
  const tribe = await createTribe(t, leader.token);
  const giver = await signUp(t);
  if (tokens) await buyTokens(t, giver.token, tokens);
  return { leader, tribe, giver };
}

describe('monthly pledges', () => {
  it('takes each month once on its day, even when two nodes run the job at the same moment', async () => {
    const { tribe, giver } = await setUp(1000);
    const made = await call('POST', '/v1/pledges', giver, {
      target_type: 'tribe',
      target_id: tribe.id,
      amount: 100,
      day_of_month: 10,
    });
    expect(made.status).toBe(201);
    expect(made.body.data.pledge).toMatchObject({
      status: 'active',
      amount: 100,
      day_of_month: 10,
      due_month: '2031-03',
      next_run_at: '2031-03-10T08:00:00.000Z',
      target_name: tribe.name,
    });
    // Not due yet.
    await t.app.ctx.pledges.runDue(t.clock.now());
    expect(await balance(giver)).toBe(1000);
    t.clock.set(new Date('2031-03-10T08:15:00.000Z'));
    await Promise.all([t.app.ctx.pledges.runDue(t.clock.now()), t.app.ctx.pledges.runDue(t.clock.now())]);
    await t.app.ctx.pledges.runDue(t.clock.now());
    expect(await balance(giver)).toBe(900);
    const [pledge] = await pledgesOf(giver);
    expect(pledge).toMatchObject({ due_month: '2031-04', next_run_at: '2031-04-10T08:00:00.000Z', failures: 0 });
    t.clock.set(new Date('2031-04-10T09:00:00.000Z'));
    await Promise.all([t.app.ctx.pledges.runDue(t.clock.now()), t.app.ctx.pledges.runDue(t.clock.now())]);
    expect(await balance(giver)).toBe(800);
    const mine = await t.app.ctx.donations.mine((await t.app.ctx.usersRepo.findById(giver.user.id))!);
    expect(mine.items.map((d) => d.amount)).toEqual([100, 100]);
    expect((await t.app.ctx.ledger.checkInvariants()).ok).toBe(true);
  });

  it('tells the giver once when the wallet is short, even from two nodes, and tries the same month again three days later', async () => {
    const { tribe, giver } = await setUp(0);
    await call('POST', '/v1/pledges', giver, { target_type: 'tribe', target_id: tribe.id, amount: 150, day_of_month: 6 });
    t.clock.set(new Date('2031-03-06T08:30:00.000Z'));
    // Two nodes run the job at the same moment: one failed try, counted once, told once.
    const runs = await Promise.all([t.app.ctx.pledges.runDue(t.clock.now()), t.app.ctx.pledges.runDue(t.clock.now())]);
    expect(runs.map((r) => r.failed ?? 0).reduce((a, b) => a + b)).toBe(1);
    const [failed] = (await call('GET', '/v1/me/pledges', giver)).body.data.items;
    expect(failed).toMatchObject({ due_month: '2031-03', failures: 1, next_run_at: '2031-03-09T08:30:00.000Z' });
    await expect.poll(() => kinds(giver)).toEqual(['pledge_failed']);
    expect(await t.app.ctx.pledges.runDue(t.clock.now())).toEqual({});
    await buyTokens(t, giver.token, 200);
    t.clock.set(new Date('2031-03-09T08:45:00.000Z'));
    expect(await t.app.ctx.pledges.runDue(t.clock.now())).toEqual({ paid: 1 });
    expect(await balance(giver)).toBe(50);
    const [paid] = (await call('GET', '/v1/me/pledges', giver)).body.data.items;
    expect(paid).toMatchObject({ due_month: '2031-04', failures: 0, next_run_at: '2031-04-06T08:00:00.000Z' });
  });

  it('pauses, resumes, skips a month and cancels', async () => {
    const { tribe, giver } = await setUp(1000);
    const id = (
      await call('POST', '/v1/pledges', giver, { target_type: 'tribe', target_id: tribe.id, amount: 10, day_of_month: 20 })
    ).body.data.pledge.id as string;
    const paused = await call('PATCH', `/v1/pledges/${id}`, giver, { status: 'paused' });
    expect(paused.body.data.pledge).toMatchObject({ status: 'paused', next_run_at: null });
    t.clock.set(new Date('2031-03-21T00:00:00.000Z'));
    giver.token = await logIn(t, giver);
    await t.app.ctx.pledges.runDue(t.clock.now());
    expect(await balance(giver)).toBe(1000);
    // Resumed after its day: due next month, then that month skipped.
    expect((await call('PATCH', `/v1/pledges/${id}`, giver, { status: 'active' })).body.data.pledge.due_month).toBe('2031-04');
    expect((await call('PATCH', `/v1/pledges/${id}`, giver, { skip_next: true })).body.data.pledge).toMatchObject({
      due_month: '2031-05',
      next_run_at: '2031-05-20T08:00:00.000Z',
    });
    t.clock.set(new Date('2031-04-20T09:00:00.000Z'));
    giver.token = await logIn(t, giver);
    await t.app.ctx.pledges.runDue(t.clock.now());
    expect(await balance(giver)).toBe(1000);
    t.clock.set(new Date('2031-05-20T09:00:00.000Z'));
    giver.token = await logIn(t, giver);
    await t.app.ctx.pledges.runDue(t.clock.now());
    expect(await balance(giver)).toBe(990);
    const cancelled = await call('DELETE', `/v1/pledges/${id}`, giver);
    expect(cancelled.body.data.pledge.status).toBe('cancelled');
    t.clock.set(new Date('2031-06-20T09:00:00.000Z'));
    giver.token = await logIn(t, giver);
    await t.app.ctx.pledges.runDue(t.clock.now());
    expect(await balance(giver)).toBe(990);
    expect((await call('PATCH', `/v1/pledges/${id}`, giver, { status: 'active' })).body.error_type).toBe('pledge_cancelled');
  });

  it('stops a pledge to a campaign that closed, and says so', async () => {
    const { leader, tribe, giver } = await setUp(1000);
    const campaign = await createCampaign(t, leader.token, tribe.id, { ends_at: '2031-12-31T00:00:00.000Z' });
    await call('POST', '/v1/pledges', giver, { target_type: 'campaign', target_id: campaign.id, amount: 10, day_of_month: 7 });
    expect((await call('POST', `/v1/campaigns/${campaign.id}/close`, leader)).status).toBe(200);
    t.clock.set(new Date('2031-03-07T09:00:00.000Z'));
    expect(await t.app.ctx.pledges.runDue(t.clock.now())).toEqual({ stopped: 1 });
    expect((await call('GET', '/v1/me/pledges', giver)).body.data.items[0].status).toBe('cancelled');
    await expect.poll(() => kinds(giver)).toEqual(['pledge_stopped']);
    // A new pledge to a closed campaign is refused.
    const late = await call('POST', '/v1/pledges', giver, {
      target_type: 'campaign',
      target_id: campaign.id,
      amount: 10,
      day_of_month: 7,
    });
    expect(late.body.error_type).toBe('campaign_closed');
  });

  it('lets only its owner see or change a pledge, and answers bad input with 400', async () => {
    const { tribe, giver } = await setUp(0);
    const other = await signUp(t);
    const id = (
      await call('POST', '/v1/pledges', giver, { target_type: 'tribe', target_id: tribe.id, amount: 10, day_of_month: 1 })
    ).body.data.pledge.id as string;
    expect((await call('GET', '/v1/me/pledges', other)).body.data.items).toEqual([]);
    expect((await call('PATCH', `/v1/pledges/${id}`, other, { status: 'paused' })).status).toBe(404);
    expect((await call('DELETE', `/v1/pledges/${id}`, other)).status).toBe(404);
    expect((await call('GET', '/v1/me/pledges')).status).toBe(401);
    expect((await call('POST', '/v1/pledges', null, {})).status).toBe(401);
    const base = { target_type: 'tribe', target_id: tribe.id, amount: 10, day_of_month: 1 };
    for (const [body, field] of [
      [{ ...base, day_of_month: 29 }, 'day_of_month'],
      [{ ...base, day_of_month: 0 }, 'day_of_month'],
      [{ ...base, amount: 0 }, 'amount'],
      [{ ...base, amount: 2.5 }, 'amount'],
      [{ ...base, target_type: 'wallet' }, 'target_type'],
      [{ ...base, extra: true }, 'extra'],
    ] as const) {
      const res = await call('POST', '/v1/pledges', giver, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.errors)).toContain(field);
    }
    expect(
      (await call('POST', '/v1/pledges', giver, { ...base, target_id: '00000000-0000-4000-8000-000000000000' })).status,
    ).toBe(404);
    expect((await call('PATCH', `/v1/pledges/${id}`, giver, {})).status).toBe(400);
    expect((await call('PATCH', `/v1/pledges/${id}`, giver, { skip_next: false })).status).toBe(400);
    expect((await call('PATCH', '/v1/pledges/nope', giver, { status: 'paused' })).status).toBe(400);
  });

  it('documents the pledge operations as the contract declares them', async () => {
    const { expectOperationsMatch } = await import('#test/contract.js');
    await expectOperationsMatch(t.app, { treasury: treasuryEndpoints }, (e, op) =>
      expect(op.responses['2XX']?.content, e.path).toHaveProperty([e.produces!]),
    );
  });
});
