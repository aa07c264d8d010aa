import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { caller } from '#test/call.js';
import { buyTokens, createTribe, joinTribe, makeModerator, newKey, signUp, signUpLeader } from '#test/factories.js';

/*
 * A tribe with too few leaders to approve its leader's own expense (issue 37.2, decision 023): a
 * moderator gives the missing approval; with no moderator, the sole leader approves it with a fresh
 * two-factor code, and the ledger says it was approved by its own requester.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

type Who = { token: string; user: { id: string } };

const call = caller(() => t, { prefix: '/api' });

const roof = { amount: 300, title: 'Roof repair', description: 'Tiles after the storm', payee: 'Atlas Roofing' };
const propose = (tribeId: string, who: Who) =>
  call('POST', `/v1/tribes/${tribeId}/expenses`, who, roof, { 'idempotency-key': newKey() });
const decide = (id: string, who: Who | null, decision: 'approve' | 'reject', code?: string, note = 'ok') =>
  call('POST', `/v1/expenses/${id}/${decision}`, who, { note }, code ? { 'x-two-factor-code': code } : {});
const pay = (id: string, who: Who, code?: string) =>
  call(
    'POST',
    `/v1/expenses/${id}/pay`,
    who,
    { reference: 'CASH-7' },
    { 'idempotency-key': newKey(), ...(code ? { 'x-two-factor-code': code } : {}) },
  );
const seen = async (id: string, who: Who) => (await call('GET', `/v1/expenses/${id}`, who)).body.data.expense;

/** A tribe whose founder is its only leader, with a plain member and a donor who gives it 1,000 tokens. */
async function soleLeaderTribe() {
  const leader = await signUpLeader(t);
  const tribe = await createTribe(t, leader.token);
  const [member, donor] = await Promise.all([signUp(t), signUp(t)]);
  for (const u of [member!, donor!]) await joinTribe(t, u.token, tribe.id);
  await buyTokens(t, donor!.token, 1000);
  const gift = await call(
    'POST',
    '/v1/donations',
    donor,
    { target_type: 'tribe', target_id: tribe.id, amount: 1000 },
    { 'idempotency-key': newKey() },
  );
  expect(gift.status).toBe(201);
  return { tribe, leader, member: member! };
}

/** Turns TOTP on for the account; answers a fresh code of the next time step each call. */
async function turnOnTwoFactor(who: Who) {
  const secret = (await call('POST', '/v1/me/2fa/totp', who)).body.data.secret as string;
  const now = () => generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
  expect((await call('POST', '/v1/me/2fa/totp/confirm', who, { code: await now() })).status).toBe(200);
  return {
    fresh: async () => {
      t.clock.advance(30_000 - (t.clock.now().getTime() % 30_000) + 10);
      return now();
    },
  };
}

describe("a sole leader's own expense", () => {
  it('is approved by a moderator, the second person the tribe trusts, and the ledger says so', async () => {
    const s = await soleLeaderTribe();
    const moderator = await signUp(t);
    await joinTribe(t, moderator.token, s.tribe.id);
    await makeModerator(t, s.leader.token, s.tribe.id, moderator.user.id);
    const res = await propose(s.tribe.id, s.leader);
    expect(res.status).toBe(201);
    const id = res.body.data.expense.id as string;
    // Each sees what it waits for and what they may do about it.
    expect(res.body.data.expense).toMatchObject({
      required_approvals: 1,
      approval: { waiting_for: 'moderator', can_approve: false, can_reject: false, two_factor_needed: false },
    });
    expect((await seen(id, moderator)).approval).toEqual({
      waiting_for: 'moderator',
      can_approve: true,
      can_reject: true,
      two_factor_needed: false,
    });
    expect((await seen(id, s.member)).approval).toMatchObject({ waiting_for: 'moderator', can_approve: false });
    // The moderator is told: the proposal is theirs to approve.
    await expect
      .poll(async () => (await call('GET', '/v1/notifications', moderator)).body.data.items.map((n: { kind: string }) => n.kind))
      .toEqual(['expense_proposed']);

    // While a moderator can approve, the leader may not approve their own; a member never.
    expect((await decide(id, s.leader, 'approve')).status).toBe(403);
    expect((await decide(id, s.member, 'approve')).status).toBe(403);
    const approved = await decide(id, moderator, 'approve');
    expect(approved.status).toBe(200);
    expect(approved.body.data.expense).toMatchObject({
      status: 'approved',
      approvals: [{ leader: { id: moderator.user.id }, as: 'moderator', note: 'ok' }],
      approval: { waiting_for: null, can_approve: false },
    });
    // A moderator does not pay: a leader records the payout, once.
    expect((await pay(id, moderator)).status).toBe(403);
    expect((await pay(id, s.leader)).status).toBe(200);
    const ledger = await call('GET', `/v1/tribes/${s.tribe.id}/ledger`);
    expect(ledger.body.data.items.find((e: { kind: string }) => e.kind === 'expense').expense.approvers).toEqual([
      { id: moderator.user.id, name: expect.any(String), as: 'moderator' },
    ]);
    expect((await t.app.ctx.ledger.checkInvariants()).ok).toBe(true);
  });

  it('can be rejected by that moderator, and a moderator of another tribe can do neither', async () => {
    const s = await soleLeaderTribe();
    const other = await soleLeaderTribe();
    const [moderator, stranger] = await Promise.all([signUp(t), signUp(t)]);
    await joinTribe(t, moderator.token, s.tribe.id);
    await makeModerator(t, s.leader.token, s.tribe.id, moderator.user.id);
    await joinTribe(t, stranger.token, other.tribe.id);
    await makeModerator(t, other.leader.token, other.tribe.id, stranger.user.id);
    const id = (await propose(s.tribe.id, s.leader)).body.data.expense.id as string;
    expect((await decide(id, stranger, 'approve')).status).toBe(403);
    expect((await decide(id, stranger, 'reject')).status).toBe(403);
    // The leader cannot reject their own (withdrawing is not deciding).
    expect((await decide(id, s.leader, 'reject')).status).toBe(403);
    const rejected = await decide(id, moderator, 'reject', undefined, 'Get a second quote');
    expect(rejected.body.data.expense).toMatchObject({
      status: 'rejected',
      rejection: { leader: { id: moderator.user.id }, as: 'moderator', note: 'Get a second quote' },
    });
  });

  it('with no moderator, is approved by the leader only with two-factor on and a fresh code, noted on the ledger', async () => {
    const s = await soleLeaderTribe();
    const id = (await propose(s.tribe.id, s.leader)).body.data.expense.id as string;
    // Two-factor off: the card says it must be turned on first, and the server refuses with a clear answer.
    expect((await seen(id, s.leader)).approval).toEqual({
      waiting_for: 'self',
      can_approve: false,
      can_reject: false,
      two_factor_needed: true,
    });
    expect((await seen(id, s.member)).approval).toEqual({
      waiting_for: 'self',
      can_approve: false,
      can_reject: false,
      two_factor_needed: false,
    });
    const off = await decide(id, s.leader, 'approve');
    expect(off.status).toBe(403);
    expect(off.body.error_type).toBe('self_approval_needs_two_factor');
    expect(off.body.message).toBe(
      'You are the only one left who can approve this expense, so your own approval needs two-factor authentication: ' +
        'turn it on in your security settings, or appoint a moderator to approve it.',
    );
    expect((await decide(id, s.member, 'approve')).status).toBe(403);

    const totp = await turnOnTwoFactor(s.leader);
    expect((await seen(id, s.leader)).approval).toMatchObject({ can_approve: true, two_factor_needed: false });
    const bare = await decide(id, s.leader, 'approve');
    expect(bare.status).toBe(403);
    expect(bare.body.error_type).toBe('two_factor_required');
    expect((await decide(id, s.leader, 'approve', '000000')).body.error_type).toBe('two_factor_invalid');
    // Bad input is refused before anything is decided.
    expect((await decide(id, s.leader, 'approve', await totp.fresh(), 'x'.repeat(501))).status).toBe(400);
    expect((await decide(id, s.leader, 'reject', await totp.fresh())).status).toBe(403);
    expect((await seen(id, s.leader)).status).toBe('proposed');

    const code = await totp.fresh();
    const approved = await decide(id, s.leader, 'approve', code);
    expect(approved.status).toBe(200);
    expect(approved.body.data.expense).toMatchObject({
      status: 'approved',
      approvals: [{ leader: { id: s.leader.user.id }, as: 'proposer' }],
    });
    expect((await decide(id, s.leader, 'approve', await totp.fresh())).body.error_type).toBe('expense_not_open');
    // The same code does not pay too.
    expect((await pay(id, s.leader, code)).body.error_type).toBe('two_factor_invalid');
    expect((await pay(id, s.leader, await totp.fresh())).status).toBe(200);

    // The public ledger and its CSV say who approved it and how.
    const entry = (await call('GET', `/v1/tribes/${s.tribe.id}/ledger`)).body.data.items.find(
      (e: { kind: string }) => e.kind === 'expense',
    );
    expect(entry.expense.approvers).toEqual([{ id: s.leader.user.id, name: expect.any(String), as: 'proposer' }]);
    const csv = await call('GET', `/v1/tribes/${s.tribe.id}/ledger?format=csv`);
    expect(csv.text).toContain('(approved by its own requester)');
    expect((await t.app.ctx.ledger.checkInvariants()).ok).toBe(true);
  });

  it('stops being self-approvable once a moderator is appointed: the second person approves it', async () => {
    const s = await soleLeaderTribe();
    const totp = await turnOnTwoFactor(s.leader);
    const id = (await propose(s.tribe.id, s.leader)).body.data.expense.id as string;
    expect((await seen(id, s.leader)).approval).toMatchObject({ waiting_for: 'self', can_approve: true });
    await makeModerator(t, s.leader.token, s.tribe.id, s.member.user.id);
    expect((await seen(id, s.leader)).approval).toMatchObject({ waiting_for: 'moderator', can_approve: false });
    expect((await decide(id, s.leader, 'approve', await totp.fresh())).status).toBe(403);
    expect((await decide(id, s.member, 'approve')).body.data.expense.status).toBe('approved');
  });

  it("asks two people in a tribe of two leaders: the other leader and, for the proposer's missing one, a moderator", async () => {
    const s = await soleLeaderTribe();
    const [second, moderator] = await Promise.all([signUp(t), signUp(t)]);
    for (const u of [second!, moderator!]) await joinTribe(t, u.token, s.tribe.id);
    expect(
      (await call('PATCH', `/v1/tribes/${s.tribe.id}/members/${second!.user.id}`, s.leader, { role: 'leader' })).status,
    ).toBe(200);
    await makeModerator(t, s.leader.token, s.tribe.id, moderator!.user.id);
    const res = await propose(s.tribe.id, s.leader);
    expect(res.body.data.expense).toMatchObject({ required_approvals: 2, approval: { waiting_for: 'moderator' } });
    const id = res.body.data.expense.id as string;
    const one = await decide(id, second!, 'approve');
    t.clock.advance(1000);
    expect(one.body.data.expense).toMatchObject({ status: 'proposed', approval: { waiting_for: 'moderator' } });
    const two = await decide(id, moderator!, 'approve');
    expect(two.body.data.expense.status).toBe('approved');
    expect(two.body.data.expense.approvals.map((a: { as: string }) => a.as)).toEqual(['leader', 'moderator']);
  });

  it('answers 401, 400 and 404 in the envelope', async () => {
    const s = await soleLeaderTribe();
    const id = (await propose(s.tribe.id, s.leader)).body.data.expense.id as string;
    expect((await decide(id, null, 'approve')).status).toBe(401);
    expect((await call('POST', `/v1/expenses/${id}/approve`, s.leader, { note: 'x', as: 'proposer' })).status).toBe(400);
    const unknown = await decide('00000000-0000-4000-8000-000000000000', s.leader, 'approve');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ status: 'error', message: 'The requested resource could not be found.' });
  });
});
