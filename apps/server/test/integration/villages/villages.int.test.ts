import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { caller } from '#test/call.js';
import { createTribe, leaderWithTribe, signUp, signUpLeader } from '#test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const call = caller(() => t);

async function setup() {
  const { leader, tribe } = await leaderWithTribe(t);
  const member = await signUp(t);
  await call('POST', `/api/v1/tribes/${tribe.id}/join`, member.token);
  const moderator = await signUp(t);
  await call('POST', `/api/v1/tribes/${tribe.id}/join`, moderator.token);
  await call('PATCH', `/api/v1/tribes/${tribe.id}/members/${moderator.user.id}`, leader.token, { role: 'moderator' });
  const outsider = await signUp(t);
  const otherLeader = await signUpLeader(t);
  await createTribe(t, otherLeader.token);
  return { leader, tribe, member, moderator, outsider, otherLeader };
}

const village = (overrides: object = {}) => ({
  name: 'Imlil',
  lat: 31.137,
  lng: -7.919,
  description: 'At the foot of Toubkal',
  population: 2000,
  ...overrides,
});

describe('registering and approving villages', () => {
  it('lets a member register a village that reaches the map only once the leader approves it', async () => {
    const s = await setup();
    const created = await call('POST', `/api/v1/tribes/${s.tribe.id}/villages`, s.member.token, village());
    expect(created.status).toBe(201);
    expect(created.body.data.village).toMatchObject({ name: 'Imlil', status: 'pending', created_by: { id: s.member.user.id } });
    const id = created.body.data.village.id as string;
    const onMap = async () =>
      ((await call('GET', '/api/v1/get_map_villages')).body.data as { id: string }[]).some((v) => v.id === id);
    expect(await onMap()).toBe(false);
    expect((await call('GET', `/api/v1/tribes/${s.tribe.id}/villages`)).body.data.items).toEqual([]);

    const approved = await call('PATCH', `/api/v1/villages/${id}`, s.leader.token, { status: 'approved' });
    expect(approved.status).toBe(200);
    expect(approved.body.data.village.status).toBe('approved');
    expect(approved.body.data.village.reviewed_at).not.toBeNull();
    expect(await onMap()).toBe(true);
    expect((await call('GET', `/api/v1/tribes/${s.tribe.id}`)).body.data.tribe.village_count).toBe(1);
    expect((await call('GET', `/api/v1/tribes/${s.tribe.id}/villages`)).body.data.items.map((v: { id: string }) => v.id)).toEqual(
      [id],
    );

    await call('PATCH', `/api/v1/villages/${id}`, s.leader.token, { status: 'rejected' });
    expect(await onMap()).toBe(false);
    expect((await call('GET', `/api/v1/tribes/${s.tribe.id}`)).body.data.tribe.village_count).toBe(0);
  });

  it.each([
    ['leader', 200],
    ['moderator', 403],
    ['member', 403],
    ['outsider', 403],
    ['otherLeader', 403],
  ] as const)('lets a %s review a village: %i', async (who, status) => {
    const s = await setup();
    const id = (await call('POST', `/api/v1/tribes/${s.tribe.id}/villages`, s.member.token, village())).body.data.village.id;
    const actor = who === 'member' ? (await signUp(t)).token : s[who].token;
    if (who === 'member') await call('POST', `/api/v1/tribes/${s.tribe.id}/join`, actor);
    expect((await call('PATCH', `/api/v1/villages/${id}`, actor, { status: 'approved' })).status).toBe(status);
  });

  it('lets the author edit a pending village, but not review it or edit it once reviewed', async () => {
    const s = await setup();
    const id = (await call('POST', `/api/v1/tribes/${s.tribe.id}/villages`, s.member.token, village())).body.data.village.id;
    expect(
      (await call('PATCH', `/api/v1/villages/${id}`, s.member.token, { population: 2100 })).body.data.village.population,
    ).toBe(2100);
    expect((await call('PATCH', `/api/v1/villages/${id}`, s.member.token, { status: 'approved' })).status).toBe(403);
    await call('PATCH', `/api/v1/villages/${id}`, s.leader.token, { status: 'approved' });
    expect((await call('PATCH', `/api/v1/villages/${id}`, s.member.token, { population: 1 })).status).toBe(403);
  });

  it('refuses registration by non-members, pending members and anonymous callers', async () => {
    const s = await setup();
    expect((await call('POST', `/api/v1/tribes/${s.tribe.id}/villages`, s.outsider.token, village())).status).toBe(403);
    expect((await call('POST', `/api/v1/tribes/${s.tribe.id}/villages`, undefined, village())).status).toBe(401);
    await call('PATCH', `/api/v1/tribes/${s.tribe.id}`, s.leader.token, { visibility: 'request' });
    const pending = await signUp(t);
    await call('POST', `/api/v1/tribes/${s.tribe.id}/join`, pending.token);
    expect((await call('POST', `/api/v1/tribes/${s.tribe.id}/villages`, pending.token, village())).status).toBe(403);
  });

  it.each([
    [{ lat: 95 }, 'lat'],
    [{ lng: -181 }, 'lng'],
    [{ name: '' }, 'name'],
    [{ name: 'x'.repeat(81) }, 'name'],
    [{ population: -5 }, 'population'],
    [{ population: 1.5 }, 'population'],
    [{ population: '200' }, 'population'],
    [{ status: 'approved' }, 'status'],
  ])('answers 400 to bad input %#', async (overrides, field) => {
    const s = await setup();
    const res = await call('POST', `/api/v1/tribes/${s.tribe.id}/villages`, s.member.token, village(overrides));
    expect(res.status).toBe(400);
    expect(res.body.errors[field]).toHaveLength(1);
  });

  it('refuses a duplicate village name in one tribe, and allows it in another', async () => {
    const s = await setup();
    await call('POST', `/api/v1/tribes/${s.tribe.id}/villages`, s.member.token, village());
    const dup = await call('POST', `/api/v1/tribes/${s.tribe.id}/villages`, s.member.token, village({ name: 'IMLIL' }));
    expect(dup.status).toBe(400);
    expect(dup.body.errors.name).toEqual(['This tribe already has a village with this name.']);
    const other = await createTribe(t, s.leader.token);
    expect((await call('POST', `/api/v1/tribes/${other.id}/villages`, s.leader.token, village())).status).toBe(201);
  });

  it('shows pending villages to moderators, and to a member only their own', async () => {
    const s = await setup();
    await call('POST', `/api/v1/tribes/${s.tribe.id}/villages`, s.member.token, village({ name: 'A' }));
    await call('POST', `/api/v1/tribes/${s.tribe.id}/villages`, s.leader.token, village({ name: 'B' }));
    const names = async (token?: string) =>
      (await call('GET', `/api/v1/tribes/${s.tribe.id}/villages?status=pending`, token)).body.data?.items
        .map((v: { name: string }) => v.name)
        .sort();
    expect(await names(s.moderator.token)).toEqual(['A', 'B']);
    expect(await names(s.member.token)).toEqual(['A']);
    expect(await names(s.outsider.token)).toEqual([]);
    expect((await call('GET', `/api/v1/tribes/${s.tribe.id}/villages?status=pending`)).status).toBe(403);
  });

  it('answers 404 for an unknown village and 400 for a bad id', async () => {
    const s = await setup();
    expect(
      (await call('PATCH', '/api/v1/villages/00000000-0000-4000-8000-000000000000', s.leader.token, { status: 'approved' }))
        .status,
    ).toBe(404);
    expect((await call('PATCH', '/api/v1/villages/xyz', s.leader.token, { status: 'approved' })).status).toBe(400);
  });
});
