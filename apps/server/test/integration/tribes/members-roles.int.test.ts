import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { createTribe } from '#test/factories.js';
import { caller, type Method } from '#test/call.js';
import { castTribe, type Cast } from '#test/tribe-cast.js';

/** Tribe members: refusing a request, handing over leadership, tribe selection at onboarding, concurrency (the rest in members.int.test.ts: the two files run side by side). */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const call = caller(() => t);

let c: Cast;
beforeEach(async () => {
  c = await castTribe(t);
});

const patchMember = (actor: string | undefined, target: string, body: object) =>
  call('PATCH', `/api/v1/tribes/${c.tribeId}/members/${target}`, actor, body);
describe('refusing a request', () => {
  it('lets leaders and moderators refuse a pending request, after which the person may ask again', async () => {
    const refuse = (actor: string, target: string) =>
      call('DELETE' as Method, `/api/v1/tribes/${c.tribeId}/members/${target}`, actor);
    expect((await refuse(c.member.token, c.pending.id)).status).toBe(403);
    expect((await refuse(c.moderator.token, c.member.id)).status).toBe(409);
    expect((await refuse(c.moderator.token, c.pending.id)).status).toBe(200);
    expect((await call('GET', `/api/v1/tribes/${c.tribeId}/members?status=pending`, c.leader.token)).body.data.items).toEqual([]);
    expect((await call('POST', `/api/v1/tribes/${c.tribeId}/join`, c.pending.token)).body.data.membership.status).toBe('pending');
    expect((await refuse(c.leader.token, c.outsider.id)).status).toBe(404);
  });
});

describe('handing over leadership', () => {
  it('makes an active member the leader and the old leader a moderator', async () => {
    const res = await call('POST', `/api/v1/tribes/${c.tribeId}/handover`, c.leader.token, { user_id: c.member.id });
    expect(res.status).toBe(200);
    expect(res.body.data.tribe.my_membership.role).toBe('moderator');
    const mine = (await call('GET', `/api/v1/tribes/${c.tribeId}`, c.member.token)).body.data.tribe.my_membership;
    expect(mine.role).toBe('leader');
  });

  it('refuses non-leaders, pending or banned targets and strangers', async () => {
    expect((await call('POST', `/api/v1/tribes/${c.tribeId}/handover`, c.moderator.token, { user_id: c.member.id })).status).toBe(
      403,
    );
    expect(
      (await call('POST', `/api/v1/tribes/${c.tribeId}/handover`, c.otherLeader.token, { user_id: c.member.id })).status,
    ).toBe(403);
    for (const target of [c.pending.id, c.banned.id, c.outsider.id]) {
      const res = await call('POST', `/api/v1/tribes/${c.tribeId}/handover`, c.leader.token, { user_id: target });
      expect(res.status).toBe(400);
      expect(res.body.errors.user_id).toEqual(['Choose an active member of the tribe.']);
    }
  });
});

describe('POST /v1/tribe_selection', () => {
  it('joins, sets the primary tribe and completes onboarding', async () => {
    const open = await createTribe(t, c.leader.token);
    const res = await call('POST', '/api/v1/tribe_selection', c.outsider.token, { tribe_id: open.id });
    expect(res.status).toBe(200);
    expect(res.body.data.user.profile).toEqual({ last_step: 'tribe-selection-completed', primary_tribe_id: open.id });
    expect(res.body.data.membership.status).toBe('active');
    expect(res.body.data.tribe.member_count).toBe(2);
  });

  it('leaves a request tribe pending but still completes onboarding', async () => {
    const res = await call('POST', '/api/v1/tribe_selection', c.outsider.token, { tribe_id: c.tribeId });
    expect(res.body.data.membership.status).toBe('pending');
    expect(res.body.data.user.profile.last_step).toBe('tribe-selection-completed');
  });

  it('refuses banned users, unknown tribes, bad ids and anonymous callers', async () => {
    expect((await call('POST', '/api/v1/tribe_selection', c.banned.token, { tribe_id: c.tribeId })).status).toBe(403);
    expect(
      (await call('POST', '/api/v1/tribe_selection', c.outsider.token, { tribe_id: '00000000-0000-4000-8000-000000000000' }))
        .status,
    ).toBe(404);
    expect((await call('POST', '/api/v1/tribe_selection', c.outsider.token, { tribe_id: 'abc' })).status).toBe(400);
    expect((await call('POST', '/api/v1/tribe_selection', c.outsider.token, {})).status).toBe(400);
    expect((await call('POST', '/api/v1/tribe_selection', undefined, { tribe_id: c.tribeId })).status).toBe(401);
  });
});

describe('concurrency', () => {
  it('keeps a leader when the only two leaders demote each other at once', async () => {
    const leaders = async () =>
      (
        (await call('GET', `/api/v1/tribes/${c.tribeId}/members`, c.moderator.token)).body.data.items as { role: string }[]
      ).filter((m) => m.role === 'leader');
    // Two leaders first, else the race below is no race (a member demoted, a non-leader refused).
    expect((await patchMember(c.leader.token, c.member.id, { role: 'leader' })).status).toBe(200);
    expect(await leaders()).toHaveLength(2);
    const [a, b] = await Promise.all([
      patchMember(c.leader.token, c.member.id, { role: 'member' }),
      patchMember(c.member.token, c.leader.id, { role: 'member' }),
    ]);
    // Membership changes of one tribe are serialised: the second finds its author no longer a leader.
    expect([a.status, b.status].sort()).toEqual([200, 403]);
    expect(await leaders()).toHaveLength(1);
  });

  it('counts a member once when the same join arrives twice at once', async () => {
    const open = await createTribe(t, c.leader.token);
    await Promise.all([
      call('POST', `/api/v1/tribes/${open.id}/join`, c.outsider.token),
      call('POST', `/api/v1/tribes/${open.id}/join`, c.outsider.token),
    ]);
    expect((await call('GET', `/api/v1/tribes/${open.id}`)).body.data.tribe.member_count).toBe(2);
  });
});
