import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { createTribe, joinTribe, signUp } from '#test/factories.js';
import { caller } from '#test/call.js';
import { castTribe, type Cast } from '#test/tribe-cast.js';

/** Tribe members: joining and leaving, the members list, approving, banning and roles (the rest in members-roles.int.test.ts: the two files run side by side). */
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
  });

  it('finds a member by the plain spelling of a name written with accents or harakat (folded like search)', async () => {
    const open = await createTribe(t, c.leader.token);
    const named = await signUp(t, { name: 'Éloïse أَحْمَد' });
    await joinTribe(t, named.token, open.id);
    for (const q of ['eloise', 'احمد', 'ELOÏ']) {
      const res = await call('GET', `/api/v1/tribes/${open.id}/members?q=${encodeURIComponent(q)}`, c.leader.token);
      expect(res.body.data.items.map((m: { user: { id: string } }) => m.user.id)).toEqual([named.user.id]);
    }
  });

  it('still refuses a q over 100 characters', async () => {
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

describe('searching the members (the @mention suggestions) and blocks', () => {
  const ids = (res: { body: { data: { items: { user: { id: string } }[] } } }) => res.body.data.items.map((m) => m.user.id);
  const block = (token: string, userId: string) => call('POST', `/api/v1/users/${userId}/block`, token);

  it.each([
    ['leader', 200],
    ['moderator', 200],
    ['member', 200],
    ['pending', 403],
    ['banned', 403],
    ['outsider', 403],
    ['otherLeader', 403],
  ] as const)('searching the members by name as a %s: %i', async (who, status) => {
    const res = await call('GET', `/api/v1/tribes/${c.tribeId}/members?q=a`, c[who].token);
    expect(res.status).toBe(status);
    if (status === 403)
      expect(res.body).toMatchObject({ status: 'error', message: 'You do not have permission to perform this action.' });
    // An empty search is a search too: no way around the rule.
    expect((await call('GET', `/api/v1/tribes/${c.tribeId}/members?q=`, c[who].token)).status).toBe(status);
  });

  it('answers 401 without sign-in, 404 for an unknown tribe, 400 for bad input before anything else', async () => {
    expect((await call('GET', `/api/v1/tribes/${c.tribeId}/members?q=a`)).status).toBe(401);
    const unknown = '/api/v1/tribes/00000000-0000-4000-8000-000000000000/members?q=a';
    expect((await call('GET', unknown, c.outsider.token)).status).toBe(404);
    for (const query of ['q=a&role=leader', 'q=a&limit=0', 'q=a&limit=51', 'q=a&status=gone', `q=${'b'.repeat(101)}`]) {
      const res = await call('GET', `/api/v1/tribes/${c.tribeId}/members?${query}`, c.outsider.token);
      expect(res.status).toBe(400);
      expect(res.body.error_type).toBe('validation_error');
    }
  });

  it('never lists a person on either side of a block with the reader, with or without a search', async () => {
    expect((await block(c.member.token, c.moderator.id)).status).toBe(200);
    expect((await block(c.outsider.token, c.leader.id)).status).toBe(200);
    const list = (token: string, q = '') => call('GET', `/api/v1/tribes/${c.tribeId}/members${q}`, token);
    // Everyone of the cast is "Test Person" (the factories' name): a search for "person" finds all it may.
    // The one who blocked, and the one blocked: neither sees the other.
    expect(ids(await list(c.member.token)).sort()).toEqual([c.leader.id, c.member.id].sort());
    expect(ids(await list(c.member.token, '?q=PERSON')).sort()).toEqual([c.leader.id, c.member.id].sort());
    expect(ids(await list(c.moderator.token)).sort()).toEqual([c.leader.id, c.moderator.id].sort());
    expect(ids(await list(c.moderator.token, '?q=person')).sort()).toEqual([c.leader.id, c.moderator.id].sort());
    expect(ids(await list(c.outsider.token)).sort()).toEqual([c.moderator.id, c.member.id].sort());
    // Everyone else still sees both.
    expect(ids(await list(c.leader.token)).sort()).toEqual([c.leader.id, c.moderator.id, c.member.id].sort());
    expect(ids(await list(c.leader.token, '?q=PERSON')).sort()).toEqual([c.leader.id, c.moderator.id, c.member.id].sort());
  });

  it('keeps the moderation lists whole, so a block never keeps a leader from handling a request', async () => {
    await block(c.pending.token, c.leader.id);
    const res = await call('GET', `/api/v1/tribes/${c.tribeId}/members?status=pending`, c.leader.token);
    expect(ids(res)).toEqual([c.pending.id]);
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
