import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { bearer, createTribe, signUp, signUpLeader } from '#test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: object) =>
  t.app
    .inject({ method, url, payload, headers: token ? bearer(token) : {} })
    .then((r) => ({ status: r.statusCode, body: r.json() }));

interface Cast {
  tribeId: string;
  leader: { token: string; id: string };
  moderator: { token: string; id: string };
  member: { token: string; id: string };
  pending: { token: string; id: string };
  banned: { token: string; id: string };
  outsider: { token: string; id: string };
  otherLeader: { token: string; id: string };
}

/** One request tribe with every kind of person the permission matrix needs. */
async function cast(): Promise<Cast> {
  const who = async (leader = false) => {
    const u = leader ? await signUpLeader(t) : await signUp(t);
    return { token: u.token, id: u.user.id };
  };
  const leader = await who(true);
  const tribe = await createTribe(t, leader.token, { visibility: 'request' });
  const [moderator, member, pending, banned, outsider, otherLeader] = [
    await who(),
    await who(),
    await who(),
    await who(),
    await who(),
    await who(true),
  ];
  await createTribe(t, otherLeader.token);
  for (const u of [moderator, member, pending, banned]) {
    expect((await call('POST', `/api/v1/tribes/${tribe.id}/join`, u.token)).body.data.membership.status).toBe('pending');
  }
  for (const u of [moderator, member, banned]) {
    expect((await call('PATCH', `/api/v1/tribes/${tribe.id}/members/${u.id}`, leader.token, { status: 'active' })).status).toBe(
      200,
    );
  }
  expect(
    (await call('PATCH', `/api/v1/tribes/${tribe.id}/members/${moderator.id}`, leader.token, { role: 'moderator' })).status,
  ).toBe(200);
  expect(
    (await call('PATCH', `/api/v1/tribes/${tribe.id}/members/${banned.id}`, leader.token, { status: 'banned' })).status,
  ).toBe(200);
  return { tribeId: tribe.id, leader, moderator, member, pending, banned, outsider, otherLeader };
}

let c: Cast;
beforeEach(async () => {
  c = await cast();
});

const tribe = async () => (await call('GET', `/api/v1/tribes/${c.tribeId}`)).body.data.tribe;
const patchMember = (actor: string | undefined, target: string, body: object) =>
  call('PATCH', `/api/v1/tribes/${c.tribeId}/members/${target}`, actor, body);

describe('joining and leaving', () => {
  it('counts only active members', async () => {
    expect((await tribe()).member_count).toBe(3);
  });

  it('joins an open tribe at once, and joining twice changes nothing', async () => {
    const open = await createTribe(t, c.leader.token);
    const first = await call('POST', `/api/v1/tribes/${open.id}/join`, c.outsider.token);
    expect(first.body).toMatchObject({
      status: 'success',
      message: 'Welcome to the tribe!',
      data: { membership: { role: 'member', status: 'active' } },
    });
    await call('POST', `/api/v1/tribes/${open.id}/join`, c.outsider.token);
    expect((await call('GET', `/api/v1/tribes/${open.id}`)).body.data.tribe.member_count).toBe(2);
  });

  it('keeps a request tribe pending until approved', async () => {
    const res = await call('POST', `/api/v1/tribes/${c.tribeId}/join`, c.outsider.token);
    expect(res.body.data.membership.status).toBe('pending');
    expect(res.body.message).toBe("Your request to join has been sent to the tribe's leaders.");
    expect((await tribe()).member_count).toBe(3);
  });

  it('refuses a banned member who tries to rejoin, and does not let them leave to erase the ban', async () => {
    const res = await call('POST', `/api/v1/tribes/${c.tribeId}/join`, c.banned.token);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You can no longer join this tribe.');
    expect((await call('POST', `/api/v1/tribes/${c.tribeId}/leave`, c.banned.token)).status).toBe(403);
    expect((await call('POST', `/api/v1/tribes/${c.tribeId}/join`, c.banned.token)).status).toBe(403);
  });

  it('lets a member leave, and a pending user withdraw', async () => {
    expect((await call('POST', `/api/v1/tribes/${c.tribeId}/leave`, c.member.token)).status).toBe(200);
    expect((await call('POST', `/api/v1/tribes/${c.tribeId}/leave`, c.pending.token)).status).toBe(200);
    expect((await tribe()).member_count).toBe(2);
    expect((await call('POST', `/api/v1/tribes/${c.tribeId}/leave`, c.outsider.token)).status).toBe(404);
  });

  it('never lets the last leader leave', async () => {
    const res = await call('POST', `/api/v1/tribes/${c.tribeId}/leave`, c.leader.token);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('A tribe always keeps at least one leader. Hand over leadership first.');
  });

  it('answers 401 to anonymous joins and 404 to unknown tribes', async () => {
    expect((await call('POST', `/api/v1/tribes/${c.tribeId}/join`)).status).toBe(401);
    expect((await call('POST', '/api/v1/tribes/00000000-0000-4000-8000-000000000000/join', c.outsider.token)).status).toBe(404);
  });
});

describe('the members list', () => {
  it('shows active members to anyone signed in, without emails', async () => {
    const res = await call('GET', `/api/v1/tribes/${c.tribeId}/members`, c.outsider.token);
    expect(res.status).toBe(200);
    expect(res.body.data.items).toHaveLength(3);
    expect(JSON.stringify(res.body)).not.toContain('@example.test');
    expect((await call('GET', `/api/v1/tribes/${c.tribeId}/members`)).status).toBe(401);
  });

  it.each([
    ['leader', 200],
    ['moderator', 200],
    ['member', 403],
    ['pending', 403],
    ['banned', 403],
    ['outsider', 403],
    ['otherLeader', 403],
  ] as const)('shows the pending list to a %s: %i', async (who, status) => {
    const res = await call('GET', `/api/v1/tribes/${c.tribeId}/members?status=pending`, c[who].token);
    expect(res.status).toBe(status);
    if (status === 200) expect(res.body.data.items.map((m: { user: { id: string } }) => m.user.id)).toEqual([c.pending.id]);
  });
});

describe('approving, banning and roles', () => {
  it.each([
    ['leader', 200],
    ['moderator', 200],
    ['member', 403],
    ['pending', 403],
    ['banned', 403],
    ['outsider', 403],
    ['otherLeader', 403],
  ] as const)('approval of a pending member by a %s: %i', async (who, status) => {
    expect((await patchMember(c[who].token, c.pending.id, { status: 'active' })).status).toBe(status);
    expect((await tribe()).member_count).toBe(status === 200 ? 4 : 3);
  });

  it('lets moderators ban plain members but not leaders or moderators, nor change roles', async () => {
    expect((await patchMember(c.moderator.token, c.leader.id, { status: 'banned' })).status).toBe(403);
    expect((await patchMember(c.moderator.token, c.member.id, { role: 'moderator' })).status).toBe(403);
    expect((await patchMember(c.moderator.token, c.member.id, { status: 'banned' })).status).toBe(200);
    expect((await tribe()).member_count).toBe(2);
  });

  it('lets the leader promote, and never demote or ban the last leader', async () => {
    expect((await patchMember(c.leader.token, c.member.id, { role: 'leader' })).status).toBe(200);
    // Now two leaders: the new one may demote the first, but then not himself (nobody acts on himself here).
    expect((await patchMember(c.member.token, c.leader.id, { role: 'member' })).status).toBe(200);
    expect((await patchMember(c.member.token, c.member.id, { role: 'member' })).status).toBe(403);
    const lastLeader = await patchMember(c.moderator.token, c.member.id, { status: 'banned' });
    expect(lastLeader.status).toBe(403);
    const promoted = await signUp(t);
    await call('POST', `/api/v1/tribes/${c.tribeId}/join`, promoted.token);
    expect((await patchMember(c.member.token, promoted.user.id, { status: 'active' })).status).toBe(200);
    expect((await call('POST', `/api/v1/tribes/${c.tribeId}/leave`, c.member.token)).status).toBe(409);
  });

  it('answers 400 to bad bodies and 404 to strangers', async () => {
    expect((await patchMember(c.leader.token, c.member.id, {})).status).toBe(400);
    expect((await patchMember(c.leader.token, c.member.id, { role: 'king' })).status).toBe(400);
    expect((await patchMember(c.leader.token, c.member.id, { status: 'pending' })).status).toBe(400);
    expect((await patchMember(c.leader.token, 'not-a-uuid', { status: 'active' })).status).toBe(400);
    expect((await patchMember(c.leader.token, c.outsider.id, { status: 'active' })).status).toBe(404);
    expect((await patchMember(undefined, c.member.id, { status: 'active' })).status).toBe(401);
  });
});

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
    await patchMember(c.leader.token, c.member.id, { role: 'leader' });
    const [a, b] = await Promise.all([
      patchMember(c.leader.token, c.member.id, { role: 'member' }),
      patchMember(c.member.token, c.leader.id, { role: 'member' }),
    ]);
    // Membership changes of one tribe are serialised: the second finds its author no longer a leader.
    expect([a.status, b.status].sort()).toEqual([200, 403]);
    const items = (await call('GET', `/api/v1/tribes/${c.tribeId}/members`, c.moderator.token)).body.data.items as {
      role: string;
    }[];
    expect(items.filter((m) => m.role === 'leader')).toHaveLength(1);
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
