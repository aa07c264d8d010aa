import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { bearer, buyTokens, createCampaign, leaderWithTribe, newKey, signUp } from '#test/factories.js';

// DESIGN 10.3: a campaign that closes (its deadline, or its organiser) tells its organiser and donors once.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const DAY = 24 * 3600 * 1000;
const kinds = async (token: string) =>
  (await t.app.inject({ url: '/api/v1/notifications', headers: bearer(token) })).json().data.items as {
    kind: string;
    subject: { id: string };
  }[];

async function campaignWithDonor(endsInMs: number) {
  const { leader, tribe } = await leaderWithTribe(t);
  const campaign = await createCampaign(t, leader.token, tribe.id, { ends_at: new Date(Date.now() + endsInMs).toISOString() });
  const donor = await signUp(t);
  await buyTokens(t, donor.token, 100);
  for (const amount of [5, 7]) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/donations',
      payload: { target_type: 'campaign', target_id: campaign.id, amount },
      headers: { ...bearer(donor.token), 'idempotency-key': newKey() },
    });
    expect(res.statusCode).toBe(201);
  }
  return { leader, campaign, donor };
}

describe('campaign closed', () => {
  it('the scheduled close tells the organiser and each donor once, and a second run tells nobody again', async () => {
    const { leader, campaign, donor } = await campaignWithDonor(DAY);
    t.clock.set(new Date(Date.now() + 2 * DAY));
    try {
      expect(await t.app.ctx.campaigns.closeEnded()).toBeGreaterThanOrEqual(1);
      expect(await t.app.ctx.campaigns.closeEnded()).toBe(0);
    } finally {
      t.clock.set(new Date());
    }
    for (const token of [leader.token, donor.token]) {
      const closed = (await kinds(token)).filter((n) => n.kind === 'campaign_closed');
      expect(closed.map((n) => n.subject.id)).toEqual([campaign.id]);
    }
  });

  it('a leader closing it tells the donors, not the leader; closing again tells nobody', async () => {
    const { leader, campaign, donor } = await campaignWithDonor(30 * DAY);
    const close = () =>
      t.app.inject({ method: 'POST', url: `/api/v1/campaigns/${campaign.id}/close`, headers: bearer(leader.token) });
    expect((await close()).statusCode).toBe(200);
    expect((await close()).statusCode).toBe(200);
    expect((await kinds(donor.token)).filter((n) => n.kind === 'campaign_closed')).toHaveLength(1);
    expect((await kinds(leader.token)).filter((n) => n.kind === 'campaign_closed')).toHaveLength(0);
  });
});
