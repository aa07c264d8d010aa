import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { createTribe, signUp } from '#test/factories.js';
import { callApp, castTribe, type Cast, type Method } from '#test/tribe-cast.js';

/** Tribe members: joining and leaving, the members list, approving, banning and roles (the rest in members-roles.int.test.ts: the two files run side by side). */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const call = (method: Method, url: string, token?: string, payload?: object) => callApp(t, method, url, token, payload);

let c: Cast;
beforeEach(async () => {
  c = await castTribe(t);
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

  it('finds members whose name contains q, in any case; a % or _ is a character, not a pattern; q is at most 100 characters', async () => {
    const all = (await call('GET', `/api/v1/tribes/${c.tribeId}/members`, c.member.token)).body.data.items as {
      user: { id: string; name: string };
    }[];
    const wanted = all.find((m) => m.user.id === c.moderator.id)!.user.name;
    const q = wanted.slice(1, -1).toUpperCase();
    const res = await call('GET', `/api/v1/tribes/${c.tribeId}/members?q=${encodeURIComponent(q)}`, c.member.token);
    expect(res.status).toBe(200);
    const found = res.body.data.items as { user: { id: string; name: string } }[];
    expect(found.map((m) => m.user.id)).toContain(c.moderator.id);
    for (const m of found) expect(m.user.name.toLowerCase()).toContain(q.toLowerCase());
    expect((await call('GET', `/api/v1/tribes/${c.tribeId}/members?q=%25`, c.member.token)).body.data.items).toEqual([]);
    expect((await call('GET', `/api/v1/tribes/${c.tribeId}/members?q=_`, c.member.token)).body.data.items).toEqual([]);
    const long = await call('GET', `/api/v1/tribes/${c.tribeId}/members?q=${'a'.repeat(101)}`, c.member.token);
    expect(long.status).toBe(400);
    expect(long.body.status).toBe('error');
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
