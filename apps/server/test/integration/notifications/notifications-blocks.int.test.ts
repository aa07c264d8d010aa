import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushPayload } from '#src/modules/notifications/notifications.service.js';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { mailQueueDrained } from '#test/mail-queue.js';
import { caller } from '#test/call.js';
import { buyTokens, createCampaign, createTribe, newKey, signUp, signUpLeader } from '#test/factories.js';

// DESIGN 11.7: no notification (bell, mail or push) about a person who blocked the reader or whom the reader blocked.
let t: TestApp;
/** Every push notify() hands the push channel, by recipient (the real channel is replaced by this recorder). */
const pushed: { userId: string; payload: PushPayload }[] = [];
beforeAll(async () => {
  t = await buildTestApp();
  t.app.ctx.notifications.setPush({
    sendToUser: async (userId, payload) => void pushed.push({ userId, payload }),
  });
});
afterAll(async () => t.close());

const call = caller(() => t);
const block = (token: string, userId: string) => call('POST', `/api/v1/users/${userId}/block`, token);
const unblock = (token: string, userId: string) => call('DELETE', `/api/v1/users/${userId}/block`, token);
const bell = async (token: string) => {
  const data = (await call('GET', '/api/v1/notifications', token)).body.data as {
    items: { kind: string; actor: { id: string } | null }[];
    unread_count: number;
  };
  return { kinds: data.items.map((n) => n.kind), unread: data.unread_count };
};
const donate = (token: string, campaignId: string) =>
  call(
    'POST',
    '/api/v1/donations',
    token,
    { target_type: 'campaign', target_id: campaignId, amount: 10 },
    { 'idempotency-key': newKey() },
  );
const updateMails = (email: string) => t.mail.forAddress(email).filter((m) => m.subject.includes('posted an update'));
/** Waits until `check` holds (mail goes through the job queue). */
async function eventually(check: () => boolean, timeoutMs = 5000): Promise<void> {
  for (const end = Date.now() + timeoutMs; !check();) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** A campaign of Amina's tribe with three donors, each wanting its news in the bell, by mail and by push. */
async function campaignWithDonors() {
  const leader = await signUpLeader(t, { name: 'Amina Organiser' });
  const tribe = await createTribe(t, leader.token);
  const campaign = await createCampaign(t, leader.token, tribe.id, { title: 'Roof for the school' });
  const donors = [];
  for (const name of ['Blocker', 'Blocked', 'Friend']) {
    const d = await signUp(t, { name });
    expect(
      (await call('PATCH', '/api/v1/me/settings', d.token, { notifications: { donations: { email: true, push: true } } })).status,
    ).toBe(200);
    await buyTokens(t, d.token, 100);
    expect((await donate(d.token, campaign.id)).status).toBe(201);
    donors.push(d);
  }
  const [blocker, blocked, friend] = donors as [(typeof donors)[0], (typeof donors)[0], (typeof donors)[0]];
  return { leader, tribe, campaign, blocker, blocked, friend };
}

describe('notifications across a block', () => {
  it('tells no donor on either side of a block with its author of a campaign update: no bell entry, mail or push; the others hear', async () => {
    const { leader, campaign, blocker, blocked, friend } = await campaignWithDonors();
    expect((await block(blocker.token, leader.user.id)).status).toBe(200);
    expect((await block(leader.token, blocked.user.id)).status).toBe(200);

    const res = await call('POST', `/api/v1/campaigns/${campaign.id}/updates`, leader.token, { body: 'Tiles arrived.' });
    expect(res.status).toBe(201);

    expect(await bell(friend.token)).toEqual({ kinds: ['campaign_update'], unread: 1 });
    await eventually(() => updateMails(friend.email).length > 0);
    expect(pushed.filter((p) => p.userId === friend.user.id).map((p) => p.payload.type)).toEqual(['campaign_update']);
    await mailQueueDrained(t.app);
    for (const d of [blocker, blocked]) {
      expect(await bell(d.token)).toEqual({ kinds: [], unread: 0 });
      expect(updateMails(d.email)).toEqual([]);
      expect(pushed.filter((p) => p.userId === d.user.id)).toEqual([]);
    }
  });

  it('tells nobody that a person across a block approved their request to join, either way', async () => {
    const leader = await signUpLeader(t);
    const tribe = await createTribe(t, leader.token, { visibility: 'request' });
    const [blocker, blocked, friend] = [await signUp(t), await signUp(t), await signUp(t)];
    for (const u of [blocker, blocked, friend]) await call('POST', `/api/v1/tribes/${tribe.id}/join`, u.token);
    await block(blocker.token, leader.user.id);
    await block(leader.token, blocked.user.id);
    for (const u of [blocker, blocked, friend]) {
      expect(
        (await call('PATCH', `/api/v1/tribes/${tribe.id}/members/${u.user.id}`, leader.token, { status: 'active' })).status,
      ).toBe(200);
    }
    expect((await bell(friend.token)).kinds).toEqual(['membership_approved']);
    expect((await bell(blocker.token)).kinds).toEqual([]);
    expect((await bell(blocked.token)).kinds).toEqual([]);
  });

  it('leaves notifications stored before a block out of the bell and its unread count, and shows them again after an unblock', async () => {
    const { leader, campaign, blocker, friend } = await campaignWithDonors();
    await call('POST', `/api/v1/campaigns/${campaign.id}/updates`, leader.token, { body: 'Walls are up.' });
    expect(await bell(blocker.token)).toEqual({ kinds: ['campaign_update'], unread: 1 });

    // Blocked by the reader, or the reader blocked by them: gone either way.
    await block(blocker.token, leader.user.id);
    expect(await bell(blocker.token)).toEqual({ kinds: [], unread: 0 });
    await block(leader.token, friend.user.id);
    expect(await bell(friend.token)).toEqual({ kinds: [], unread: 0 });

    // The system's notifications (no actor) are never hidden by a block.
    t.clock.advance(1000);
    await t.app.ctx.notifications.notify(blocker.user.id, 'campaign_closed', null, {
      type: 'campaign',
      id: campaign.id,
      title: 'Roof for the school',
    });
    expect(await bell(blocker.token)).toEqual({ kinds: ['campaign_closed'], unread: 1 });
    const read = await call('POST', '/api/v1/notifications/read', blocker.token, {});
    expect(read.body.data).toEqual({ unread_count: 0 });

    await unblock(blocker.token, leader.user.id);
    expect(await bell(blocker.token)).toEqual({ kinds: ['campaign_closed', 'campaign_update'], unread: 0 });
  });
});
