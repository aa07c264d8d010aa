import { tribesEndpoints, villagesEndpoints, type EndpointData, type MapTribe } from '@tribes/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { caller } from '#test/call.js';
import { expectOperationsMatch } from '#test/contract.js';
import { buildTribe, createTribe, leaderWithTribe, signUp, signUpLeader } from '#test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const call = caller(() => t);

describe('POST /v1/tribes', () => {
  it('lets a leader create a tribe and become its first leader, with its primary tribe set', async () => {
    const leader = await signUpLeader(t);
    const res = await call('POST', '/api/v1/tribes', leader.token, buildTribe({ name: 'Aït Atlas Amazigh' }));
    expect(res.status).toBe(201);
    expect(res.body.data.tribe).toMatchObject({
      slug: 'ait-atlas-amazigh',
      name: 'Aït Atlas Amazigh',
      member_count: 1,
      village_count: 0,
      visibility: 'open',
      my_membership: { role: 'leader', status: 'active' },
    });
    const me = await call('GET', '/api/v1/me', leader.token);
    expect(me.body.data.user.profile.primary_tribe_id).toBe(res.body.data.tribe.id);
  });

  it('refuses members, supporters and users without a role (403) and anonymous callers (401)', async () => {
    const member = await signUp(t);
    expect((await call('POST', '/api/v1/tribes', member.token, buildTribe())).status).toBe(403);
    await call('PUT', '/api/v1/me/role', member.token, { role: 'supporter' });
    expect((await call('POST', '/api/v1/tribes', member.token, buildTribe())).status).toBe(403);
    expect((await call('POST', '/api/v1/tribes', undefined, buildTribe())).status).toBe(401);
  });

  it('refuses a duplicate name, case-insensitively, on the name field', async () => {
    const leader = await signUpLeader(t);
    await createTribe(t, leader.token, { name: 'Riverside Clan' });
    const res = await call('POST', '/api/v1/tribes', leader.token, buildTribe({ name: 'riverside clan' }));
    expect(res.status).toBe(400);
    expect(res.body.errors.name).toEqual(['A tribe with this name already exists.']);
  });

  it.each([
    [{ lat: 91 }, 'lat'],
    [{ lat: -90.5 }, 'lat'],
    [{ lng: 180.01 }, 'lng'],
    [{ lng: 'east' }, 'lng'],
    [{ name: '' }, 'name'],
    [{ name: 'x' }, 'name'],
    [{ name: 'x'.repeat(81) }, 'name'],
    [{ region: '' }, 'region'],
    [{ visibility: 'secret' }, 'visibility'],
    [{ description: 'x'.repeat(2001) }, 'description'],
    [{ owner_id: 'x' }, 'owner_id'],
  ])('answers 400 to bad input %#', async (overrides, field) => {
    const leader = await signUpLeader(t);
    const res = await call('POST', '/api/v1/tribes', leader.token, buildTribe(overrides));
    expect(res.status).toBe(400);
    expect(res.body.errors[field]).toHaveLength(1);
  });

  it('gives distinct slugs to names that slug alike', async () => {
    const leader = await signUpLeader(t);
    const a = await createTribe(t, leader.token, { name: 'Sun & Sea' });
    const b = await createTribe(t, leader.token, { name: 'Sun + Sea' });
    expect(a.slug).toBe('sun-sea');
    expect(b.slug).toBe('sun-sea-2');
  });
});

describe('GET /v1/tribes and /v1/tribes/{id}', () => {
  it('searches by name and region, tolerating a typo, with cursor pagination', async () => {
    const leader = await signUpLeader(t);
    await createTribe(t, leader.token, { name: 'Zanzibar Weavers', region: 'Unguja' });
    await createTribe(t, leader.token, { name: 'Atlas Highlanders', region: 'Souss-Massa' });
    expect((await call('GET', '/api/v1/tribes?q=zanzibar')).body.data.items.map((x: { name: string }) => x.name)).toEqual([
      'Zanzibar Weavers',
    ]);
    expect((await call('GET', '/api/v1/tribes?q=souss')).body.data.items.map((x: { name: string }) => x.name)).toEqual([
      'Atlas Highlanders',
    ]);
    expect((await call('GET', '/api/v1/tribes?q=highlandrs')).body.data.items.map((x: { name: string }) => x.name)).toContain(
      'Atlas Highlanders',
    );
    expect((await call('GET', '/api/v1/tribes?q=100%25')).body.data.items).toEqual([]);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: { data: { items: { id: string }[]; next_cursor: string | null } } } = await call(
        'GET',
        `/api/v1/tribes?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...page.body.data.items.map((x) => x.id));
      cursor = page.body.data.next_cursor;
    } while (cursor);
    const all = (await call('GET', '/api/v1/tribes?limit=50')).body.data.items.map((x: { id: string }) => x.id);
    expect(seen).toEqual(all);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('answers 400 to a forged cursor or a bad limit', async () => {
    expect((await call('GET', '/api/v1/tribes?cursor=garbage')).status).toBe(400);
    expect((await call('GET', '/api/v1/tribes?limit=0')).status).toBe(400);
    expect((await call('GET', '/api/v1/tribes?limit=51')).status).toBe(400);
  });

  it('finds a tribe by id or slug, with my membership when signed in, and 404 otherwise', async () => {
    const { leader, tribe } = await leaderWithTribe(t);
    expect((await call('GET', `/api/v1/tribes/${tribe.slug}`)).body.data.tribe).toMatchObject({
      id: tribe.id,
      my_membership: null,
    });
    expect((await call('GET', `/api/v1/tribes/${tribe.id}`, leader.token)).body.data.tribe.my_membership.role).toBe('leader');
    expect((await call('GET', '/api/v1/tribes/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await call('GET', '/api/v1/tribes/no-such-slug')).status).toBe(404);
  });
});

describe('PATCH /v1/tribes/{id}', () => {
  it('lets only a leader of that tribe edit it', async () => {
    const { leader, tribe } = await leaderWithTribe(t);
    const otherLeader = await signUpLeader(t);
    await createTribe(t, otherLeader.token);
    const member = await signUp(t);
    await call('POST', `/api/v1/tribes/${tribe.id}/join`, member.token);
    expect((await call('PATCH', `/api/v1/tribes/${tribe.id}`, otherLeader.token, { description: 'x' })).status).toBe(403);
    expect((await call('PATCH', `/api/v1/tribes/${tribe.id}`, member.token, { description: 'x' })).status).toBe(403);
    expect((await call('PATCH', `/api/v1/tribes/${tribe.id}`, undefined, { description: 'x' })).status).toBe(401);
    const ok = await call('PATCH', `/api/v1/tribes/${tribe.id}`, leader.token, {
      description: 'Weavers of the south',
      visibility: 'request',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.tribe).toMatchObject({ description: 'Weavers of the south', visibility: 'request' });
    expect((await call('PATCH', `/api/v1/tribes/${tribe.id}`, leader.token, { lat: 100 })).status).toBe(400);
  });
});

describe('GET /v1/get_map_tribes', () => {
  it('answers a base64 JSON list with the documented fields', async () => {
    const leader = await signUpLeader(t);
    const tribe = await createTribe(t, leader.token, { lat: -1.29, lng: 36.82 });
    const res = await call('GET', '/api/v1/get_map_tribes');
    expect(res.status).toBe(200);
    const data = res.body.data as EndpointData<typeof tribesEndpoints.mapTribes>;
    const list = JSON.parse(Buffer.from(data, 'base64').toString('utf8')) as MapTribe[];
    const entry = list.find((x) => x.id === tribe.id);
    expect(entry).toEqual({
      id: tribe.id,
      name: tribe.name,
      slug: tribe.slug,
      lat: -1.29,
      lng: 36.82,
      member_count: 1,
      village_count: 0,
      cover_url: null,
      logo_url: null,
    });
  });
});

describe('contract', () => {
  it('registers every tribes and villages route from the contract, each with its answer in the OpenAPI document', async () => {
    await expectOperationsMatch(t.app, { tribes: tribesEndpoints, villages: villagesEndpoints });
  });
});
