import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { caller } from '#test/call.js';
import { buyTokens, createCampaign, createTribe, joinTribe, newKey, signUp, signUpLeader } from '#test/factories.js';
import { operatorEmails, operatorEnv, signUpOperator } from './admin-helpers.js';

const emails = operatorEmails(1);
let t: TestApp;
let op: Awaited<ReturnType<typeof signUpOperator>>;
beforeAll(async () => {
  t = await buildTestApp({ env: operatorEnv(emails) });
  // Pledges run by the calendar: the whole file lives in March 2031 (sessions included).
  t.clock.set(new Date('2031-03-05T10:00:00.000Z'));
  op = await signUpOperator(t, emails[0]!);
});
afterAll(async () => t.close());

const call = caller(() => t, { prefix: '/api' });
type Who = { token: string; user: { id: string } };
const donate = (who: Who, target: { type: 'tribe' | 'campaign'; id: string }, amount: number) =>
  call('POST', '/v1/donations', who, { target_type: target.type, target_id: target.id, amount }, { 'idempotency-key': newKey() });
const balance = async (who: Who) => Number((await t.app.ctx.ledger.accountOf('user', who.user.id)).balance);

describe('suspending a tribe', () => {
  it('hides it from all but its leaders, who see why; refuses gifts; pauses pledges; lifted, all comes back', async () => {
    const leader = await signUpLeader(t);
    const tribe = await createTribe(t, leader.token);
    const campaign = await createCampaign(t, leader.token, tribe.id, {
      ends_at: new Date(t.clock.now().getTime() + 60 * 24 * 3600 * 1000).toISOString(),
    });
    const member = await signUp(t);
    await joinTribe(t, member.token, tribe.id);
    const donor = await signUp(t);
    await buyTokens(t, donor.token, 1000);
    const pledge = await call('POST', '/v1/pledges', donor, {
      target_type: 'tribe',
      target_id: tribe.id,
      amount: 100,
      day_of_month: 10,
    });
    expect(pledge.status).toBe(201);

    const res = await call('POST', `/v1/admin/tribes/${tribe.id}/suspend`, op.token, { reason: 'Raising money for a scam' });
    expect(res.status).toBe(200);
    expect(res.body.data.tribe).toMatchObject({ id: tribe.id, suspension: { reason: 'Raising money for a scam' } });

    // Hidden: the page, the list, the search and the map; the leader sees it and why.
    for (const who of [null, member.token, donor.token])
      expect((await call('GET', `/v1/tribes/${tribe.id}`, who)).status).toBe(404);
    const seen = await call('GET', `/v1/tribes/${tribe.id}`, leader.token);
    expect(seen.status).toBe(200);
    expect(seen.body.data.tribe.suspension).toMatchObject({ reason: 'Raising money for a scam' });
    const listed = await call('GET', `/v1/tribes?q=${encodeURIComponent(tribe.name)}`);
    expect(listed.body.data.items.map((x: { id: string }) => x.id)).not.toContain(tribe.id);
    const map = await call('GET', '/v1/get_map_tribes');
    expect(Buffer.from(map.body.data as string, 'base64').toString('utf8')).not.toContain(tribe.id);
    expect((await call('POST', `/v1/tribes/${tribe.id}/join`, donor.token)).status).toBe(404);

    // No gifts to it or its campaigns.
    for (const target of [
      { type: 'tribe' as const, id: tribe.id },
      { type: 'campaign' as const, id: campaign.id },
    ]) {
      const refused = await donate(donor, target, 50);
      expect(refused.status).toBe(409);
      expect(refused.body.error_type).toBe('tribe_suspended');
    }
    // The pledge's day comes: nothing is taken, the pledge stays active and waits.
    t.clock.set(new Date('2031-03-10T09:00:00.000Z'));
    await t.app.ctx.pledges.runDue(t.clock.now());
    expect(await balance(donor)).toBe(1000);
    const [paused] = (await t.app.ctx.pledges.mine((await t.app.ctx.usersRepo.findById(donor.user.id))!)).items;
    expect(paused).toMatchObject({ status: 'active', due_month: '2031-03' });

    // The leader was told, with the reason; the member was not (they lead nothing).
    const notices = (await call('GET', '/v1/notifications', leader.token)).body.data.items as { kind: string }[];
    expect(notices.map((n) => n.kind)).toContain('moderation_notice');
    expect(
      ((await call('GET', '/v1/notifications', member.token)).body.data.items as { kind: string }[]).map((n) => n.kind),
    ).not.toContain('moderation_notice');

    // Bad input: suspending it again, lifting a tribe not suspended, an unknown tribe.
    const again = await call('POST', `/v1/admin/tribes/${tribe.id}/suspend`, op.token, { reason: 'Twice' });
    expect(again.status).toBe(409);
    expect(again.body.error_type).toBe('already_suspended');
    const other = await createTribe(t, leader.token);
    const notSuspended = await call('POST', `/v1/admin/tribes/${other.id}/unsuspend`, op.token, { reason: 'Nothing' });
    expect(notSuspended.status).toBe(409);
    expect(notSuspended.body.error_type).toBe('not_suspended');
    expect((await call('POST', `/v1/admin/tribes/${crypto.randomUUID()}/suspend`, op.token, { reason: 'x' })).status).toBe(404);

    t.clock.advance(1000);
    const lifted = await call('POST', `/v1/admin/tribes/${tribe.id}/unsuspend`, op.token, { reason: 'Checked with the bank' });
    expect(lifted.status).toBe(200);
    expect(lifted.body.data.tribe.suspension).toBeNull();
    expect((await call('GET', `/v1/tribes/${tribe.id}`, member.token)).status).toBe(200);
    expect((await donate(donor, { type: 'tribe', id: tribe.id }, 50)).status).toBe(201);
    // The leader is told of the suspension and of its end, each with its reason.
    const bell = await call('GET', '/v1/notifications', leader.token);
    const told = (bell.body.data.items as { kind: string; subject: { title?: string | null } | null }[])
      .filter((n) => n.kind === 'moderation_notice')
      .map((n) => n.subject?.title);
    expect(told).toEqual(['Checked with the bank', 'Raising money for a scam']);
    t.clock.advance(2 * 24 * 3600 * 1000);
    await t.app.ctx.pledges.runDue(t.clock.now());
    expect(await balance(donor)).toBe(850);

    const audit = (await call('GET', `/v1/admin/audit?target_id=${tribe.id}`, op.token)).body.data.items as {
      action: string;
      reason: string;
      target_type: string;
    }[];
    expect(audit.map((e) => [e.action, e.target_type, e.reason])).toEqual([
      ['tribe.unsuspend', 'tribe', 'Checked with the bank'],
      ['tribe.suspend', 'tribe', 'Raising money for a scam'],
    ]);
  });
});
