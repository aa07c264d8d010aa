import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushPayload } from '#src/modules/notifications/notifications.service.js';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { caller } from '#test/call.js';
import {
  buyTokens,
  createCampaign,
  createTribe,
  joinTribe,
  makeModerator,
  newKey,
  signUp,
  signUpLeader,
} from '#test/factories.js';

// Issue 37.8: a tribe's leaders (and, for join requests, its moderators) are told what needs them: join
// requests, new members, villages awaiting review, gifts to the tribe and its campaigns; never of their own
// acts, never across a block, an anonymous donor unnamed; and GET /v1/tribes/{id}/approvals counts what waits.

let t: TestApp;
/** Every push notify() hands the push channel (the real channel is replaced by this recorder). */
const pushed: { userId: string; payload: PushPayload }[] = [];
beforeAll(async () => {
  t = await buildTestApp();
  t.app.ctx.notifications.setPush({ sendToUser: async (userId, payload) => void pushed.push({ userId, payload }) });
});
afterAll(async () => t.close());

type Who = { token: string; user: { id: string }; email: string };
interface BellItem {
  kind: string;
  actor: { id: string; name: string } | null;
  subject: { type: string; id: string; title: string; tribe_id?: string | null; amount?: number };
}

const call = caller(() => t, { prefix: '/api/v1' });
const bell = async (who: Who): Promise<BellItem[]> => (await call('GET', '/notifications', who.token)).body.data.items;
const kinds = async (who: Who) => (await bell(who)).map((n) => n.kind);
const donate = (who: Who, target: { type: 'tribe' | 'campaign'; id: string }, amount: number, anonymous = false) =>
  call(
    'POST',
    '/donations',
    who.token,
    { target_type: target.type, target_id: target.id, amount, anonymous },
    { 'idempotency-key': newKey() },
  );
const switchOn = async (who: Who, type: string) =>
  expect(
    (await call('PATCH', '/me/settings', who.token, { notifications: { [type]: { email: true, push: true } } })).status,
  ).toBe(200);
/** Waits until `check` holds (a gift's news goes out after its commit, mail through the job queue). */
async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  for (const end = Date.now() + timeoutMs; !(await check());) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** A tribe with two leaders, a moderator and a plain member. */
async function staffedTribe(visibility: 'open' | 'request') {
  const leader = await signUpLeader(t, { name: 'Itto Leader' });
  const tribe = await createTribe(t, leader.token, { visibility });
  const [coLeader, moderator, member] = [await signUp(t, { name: 'Co Leader' }), await signUp(t), await signUp(t)];
  for (const u of [coLeader, moderator, member]) {
    await joinTribe(t, u.token, tribe.id);
    if (visibility === 'request')
      await call('PATCH', `/tribes/${tribe.id}/members/${u.user.id}`, leader.token, { status: 'active' });
  }
  await call('PATCH', `/tribes/${tribe.id}/members/${coLeader.user.id}`, leader.token, { role: 'leader' });
  await makeModerator(t, leader.token, tribe.id, moderator.user.id);
  return { leader, coLeader, moderator, member, tribe };
}

/** The kinds in a reader's bell that arrived after `since` notifications (newest first). */
/** A reader's notifications of one kind (the test clock stands still, so their order is not asserted). */
const told = async (who: Who, kind: string) => (await bell(who)).filter((n) => n.kind === kind);
/** The first mail to an address whose text contains `needle`, waited for (mail goes through the job queue). */
async function mailWith(email: string, needle: string) {
  let found: { text: string } | undefined;
  await eventually(() => Boolean((found = t.mail.forAddress(email).find((m) => m.text.includes(needle)))));
  return found!;
}

describe('leaders told of join requests and new members', () => {
  it('a request to join reaches the leaders and moderators (bell, mail and push by their switches, linking to the pending list), not the member, not the asker', async () => {
    const s = await staffedTribe('request');
    await switchOn(s.leader, 'membership');
    const asker = await signUp(t, { name: 'Moha Asker' });
    expect((await call('POST', `/tribes/${s.tribe.id}/join`, asker.token)).body.data.membership.status).toBe('pending');

    const fromAsker = (n: BellItem) => n.actor?.id === asker.user.id;
    for (const who of [s.leader, s.coLeader, s.moderator]) {
      expect((await told(who, 'join_requested')).filter(fromAsker)).toMatchObject([
        {
          actor: { id: asker.user.id, name: 'Moha Asker' },
          subject: { type: 'tribe', id: s.tribe.id, tribe_id: s.tribe.id },
        },
      ]);
    }
    expect(await told(s.member, 'join_requested')).toEqual([]);
    expect(await kinds(asker)).toEqual([]);

    // By mail and push too for the leader who switched them on; the link leads to where to act.
    const mail = await mailWith(s.leader.email, 'asked to join');
    expect(mail.text).toContain('Moha Asker');
    expect(mail.text).toContain(`/tribes/setting/${s.tribe.id}?tab=pending`);
    const push = pushed.find((p) => p.userId === s.leader.user.id && p.payload.type === 'join_requested');
    expect(push?.payload.url).toMatch(new RegExp(`/tribes/setting/${s.tribe.id}\\?tab=pending$`));
    // The co-leader left mail and push off (the defaults): the bell only.
    expect(t.mail.forAddress(s.coLeader.email).filter((m) => m.text.includes('asked to join'))).toEqual([]);
    expect(pushed.filter((p) => p.userId === s.coLeader.user.id)).toEqual([]);
  });

  it('an approved request tells the other leaders of a new member, not the leader who approved, not the moderator', async () => {
    const s = await staffedTribe('request');
    const asker = await signUp(t, { name: 'Hassan Newcomer' });
    await call('POST', `/tribes/${s.tribe.id}/join`, asker.token);
    const res = await call('PATCH', `/tribes/${s.tribe.id}/members/${asker.user.id}`, s.leader.token, { status: 'active' });
    expect(res.status).toBe(200);

    const joined = (n: BellItem) => n.actor?.id === asker.user.id;
    expect((await told(s.coLeader, 'member_joined')).filter(joined)).toMatchObject([{ subject: { id: s.tribe.id } }]);
    expect((await told(s.leader, 'member_joined')).filter(joined)).toEqual([]);
    expect(await told(s.moderator, 'member_joined')).toEqual([]);
    expect(await kinds(asker)).toEqual(['membership_approved']);
  });

  it('joining an open tribe, or by an invite link, tells its leaders of the new member; a block between them keeps it from that leader', async () => {
    const s = await staffedTribe('open');
    const joiner = await signUp(t, { name: 'Open Joiner' });
    await joinTribe(t, joiner.token, s.tribe.id);
    const by = (id: string) => (n: BellItem) => n.actor?.id === id;
    for (const who of [s.leader, s.coLeader])
      expect((await told(who, 'member_joined')).filter(by(joiner.user.id))).toHaveLength(1);
    expect(await told(s.moderator, 'member_joined')).toEqual([]);
    expect(await kinds(joiner)).toEqual([]);

    const invite = (await call('POST', `/tribes/${s.tribe.id}/invites`, s.moderator.token, {})).body.data.invite;
    const guest = await signUp(t, { name: 'Invited Guest' });
    // The co-leader blocked this guest: no news of them.
    expect((await call('POST', `/users/${guest.user.id}/block`, s.coLeader.token)).status).toBe(200);
    expect((await call('POST', `/invites/${invite.code}/accept`, guest.token)).status).toBe(200);
    expect((await told(s.leader, 'member_joined')).filter(by(guest.user.id))).toHaveLength(1);
    expect((await bell(s.coLeader)).filter(by(guest.user.id))).toEqual([]);
  });

  it('a person across a block from a leader asks to join: that leader hears nothing, the other leader does', async () => {
    const s = await staffedTribe('request');
    const asker = await signUp(t);
    await call('POST', `/users/${s.leader.user.id}/block`, asker.token);
    await call('POST', `/tribes/${s.tribe.id}/join`, asker.token);
    const fromAsker = (n: BellItem) => n.actor?.id === asker.user.id;
    expect((await told(s.leader, 'join_requested')).filter(fromAsker)).toEqual([]);
    expect((await told(s.coLeader, 'join_requested')).filter(fromAsker)).toHaveLength(1);
  });
});

describe('leaders told of villages awaiting review', () => {
  it('a registered village reaches every leader but its registrant, leading to the review page; moderators and members are not told', async () => {
    const s = await staffedTribe('open');
    await switchOn(s.coLeader, 'villages');
    const village = { name: `Tizi ${newKey()}`, lat: 31.1, lng: -7.9 };
    const res = await call('POST', `/tribes/${s.tribe.id}/villages`, s.member.token, village);
    expect(res.status).toBe(201);
    const id = res.body.data.village.id as string;
    for (const who of [s.leader, s.coLeader])
      expect(await told(who, 'village_submitted')).toMatchObject([
        { actor: { id: s.member.user.id }, subject: { type: 'village', id, title: village.name, tribe_id: s.tribe.id } },
      ]);
    const mail = await mailWith(s.coLeader.email, 'awaits your review');
    expect(mail.text).toContain(`/tribes/setting/leader/${s.tribe.id}`);
    expect(await told(s.moderator, 'village_submitted')).toEqual([]);
    expect(await told(s.member, 'village_submitted')).toEqual([]);

    // A leader's own village: the other leader is told, not the registrant.
    await call('POST', `/tribes/${s.tribe.id}/villages`, s.leader.token, { ...village, name: `Agoudal ${newKey()}` });
    expect(await told(s.leader, 'village_submitted')).toHaveLength(1);
    expect((await told(s.coLeader, 'village_submitted')).map((n) => n.actor?.id).sort()).toEqual(
      [s.member.user.id, s.leader.user.id].sort(),
    );
  });
});

describe('leaders told of gifts', () => {
  it('a gift to a campaign or to the tribe reaches its leaders with the amount (mail and push by the donations switches); not the moderator, not the member', async () => {
    const s = await staffedTribe('open');
    await switchOn(s.leader, 'donations');
    const campaign = await createCampaign(t, s.leader.token, s.tribe.id, { title: 'School roof' });
    const donor = await signUp(t, { name: 'Fatima Donor' });
    await buyTokens(t, donor.token, 500);
    expect((await donate(donor, { type: 'campaign', id: campaign.id }, 120)).status).toBe(201);

    await eventually(async () => (await told(s.coLeader, 'donation_received')).length === 1);
    for (const who of [s.leader, s.coLeader])
      expect(await told(who, 'donation_received')).toMatchObject([
        {
          actor: { id: donor.user.id, name: 'Fatima Donor' },
          subject: { type: 'campaign', id: campaign.id, title: 'School roof', tribe_id: s.tribe.id, amount: 120 },
        },
      ]);
    const mail = await mailWith(s.leader.email, 'gave 120 tokens to');
    expect(mail.text).toContain('Fatima Donor');
    expect(mail.text).toContain(`/tribes/campaign/detail/${campaign.id}`);
    await eventually(() => pushed.some((p) => p.userId === s.leader.user.id && p.payload.type === 'donation_received'));

    expect((await donate(donor, { type: 'tribe', id: s.tribe.id }, 1)).status).toBe(201);
    await eventually(async () => (await told(s.coLeader, 'donation_received')).length === 2);
    expect((await told(s.coLeader, 'donation_received')).find((n) => n.subject.type === 'tribe')).toMatchObject({
      subject: { id: s.tribe.id, amount: 1 },
    });
    const gift = await mailWith(s.leader.email, 'gave 1 token to');
    expect(gift.text).toContain(`/tribes/ledger/${s.tribe.id}`);

    expect(await told(s.moderator, 'donation_received')).toEqual([]);
    expect(await told(s.member, 'donation_received')).toEqual([]);
    expect(await kinds(donor)).toEqual([]);
  });

  it('an anonymous gift is told without its donor, a leader is not told of their own gift (even anonymous), and a block holds for an anonymous donor too', async () => {
    const s = await staffedTribe('open');
    await switchOn(s.coLeader, 'donations');
    const donor = await signUp(t, { name: 'Secret Giver' });
    await buyTokens(t, donor.token, 100);
    await buyTokens(t, s.leader.token, 100);
    const gifts = async (who: Who) => (await told(who, 'donation_received')).map((n) => n.subject.amount).sort();

    expect((await donate(donor, { type: 'tribe', id: s.tribe.id }, 30, true)).status).toBe(201);
    await eventually(async () => (await gifts(s.coLeader)).length === 1);
    expect(await told(s.coLeader, 'donation_received')).toMatchObject([{ actor: null, subject: { amount: 30 } }]);
    const mail = await mailWith(s.coLeader.email, 'gave 30 tokens');
    expect(mail.text).toContain('\u2068An anonymous donor\u2069 gave 30 tokens');
    expect(mail.text).not.toContain('Secret Giver');
    const push = pushed.find((p) => p.userId === s.coLeader.user.id && p.payload.type === 'donation_received');
    expect(push?.payload.body).toContain('An anonymous donor');
    expect(push?.payload.body).not.toContain('Secret Giver');

    // The leader's own anonymous gift: the co-leader hears of it, the leader does not.
    expect((await donate(s.leader, { type: 'tribe', id: s.tribe.id }, 5, true)).status).toBe(201);
    await eventually(async () => (await gifts(s.coLeader)).length === 2);
    expect(await gifts(s.leader)).toEqual([30]);

    // The co-leader blocked the donor: an anonymous gift of theirs is not told to the co-leader either.
    await call('POST', `/users/${donor.user.id}/block`, s.coLeader.token);
    expect((await donate(donor, { type: 'tribe', id: s.tribe.id }, 7, true)).status).toBe(201);
    await eventually(async () => (await gifts(s.leader)).length === 2);
    expect(await gifts(s.leader)).toEqual([30, 7].sort());
    expect(await gifts(s.coLeader)).toEqual([30, 5].sort());
  });
});

describe('GET /v1/tribes/{id}/approvals', () => {
  it('counts join requests, villages awaiting review and the expenses the reader may decide on now; moderators no villages, and only the expenses they stand in for', async () => {
    const s = await staffedTribe('request');
    const approvals = async (who: Who) => (await call('GET', `/tribes/${s.tribe.slug}/approvals`, who.token)).body.data.approvals;
    expect(await approvals(s.leader)).toEqual({ join_requests: 0, villages: 0, expenses: 0 });

    for (const u of [await signUp(t), await signUp(t)]) await call('POST', `/tribes/${s.tribe.id}/join`, u.token);
    await call('POST', `/tribes/${s.tribe.id}/villages`, s.member.token, { name: `Imlil ${newKey()}`, lat: 31.13, lng: -7.92 });
    const expense = { amount: 50, title: 'Seeds', description: 'For the terraces', payee: 'Souk' };
    const propose = (who: Who) =>
      call('POST', `/tribes/${s.tribe.id}/expenses`, who.token, expense, { 'idempotency-key': newKey() });
    expect((await propose(s.member)).status).toBe(201);
    const own = await propose(s.leader);
    expect(own.status).toBe(201);

    // The leader's own proposal is not theirs to approve; the co-leader may decide on both.
    expect(await approvals(s.leader)).toEqual({ join_requests: 2, villages: 1, expenses: 1 });
    expect(await approvals(s.coLeader)).toEqual({ join_requests: 2, villages: 1, expenses: 2 });
    // Two leaders, so a leader's own expense needs two approvals: only the co-leader is left, and the
    // moderator stands in for the missing one (decision 023); the member's expense is the leaders' alone.
    expect(await approvals(s.moderator)).toEqual({ join_requests: 2, villages: null, expenses: 1 });

    // Once the co-leader approves the leader's proposal, it no longer waits for them.
    const approved = await call('POST', `/expenses/${own.body.data.expense.id}/approve`, s.coLeader.token, { note: 'ok' });
    expect(approved.status).toBe(200);
    expect((await approvals(s.coLeader)).expenses).toBe(1);
    expect((await approvals(s.moderator)).expenses).toBe(1);
    const byModerator = await call('POST', `/expenses/${own.body.data.expense.id}/approve`, s.moderator.token, {
      note: 'ok',
    });
    expect(byModerator.status).toBe(200);
    expect(await approvals(s.moderator)).toEqual({ join_requests: 2, villages: null, expenses: 0 });
    expect(await approvals(s.leader)).toEqual({ join_requests: 2, villages: 1, expenses: 1 });
  });

  it('is for the tribe’s leaders and moderators: 403 for a member or an outsider, 401 without a session, 404 for no tribe', async () => {
    const s = await staffedTribe('open');
    const outsider = await signUp(t);
    expect((await call('GET', `/tribes/${s.tribe.id}/approvals`, s.member.token)).status).toBe(403);
    expect((await call('GET', `/tribes/${s.tribe.id}/approvals`, outsider.token)).status).toBe(403);
    expect((await call('GET', `/tribes/${s.tribe.id}/approvals`)).status).toBe(401);
    const missing = await call('GET', '/tribes/no-such-tribe-here/approvals', s.leader.token);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ status: 'error' });
  });
});
