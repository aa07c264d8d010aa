import { invitesEndpoints } from '@tribes/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { caller } from '#test/call.js';
import { expectOperationsMatch } from '#test/contract.js';
import { createTribe, joinTribe, makeModerator, signUp, signUpLeader } from '#test/factories.js';

// DESIGN 10.5: invite links with a public preview and an accept that joins.
let t: TestApp;
let leader: Awaited<ReturnType<typeof signUpLeader>>;
beforeAll(async () => {
  t = await buildTestApp();
  leader = await signUpLeader(t);
});
afterAll(async () => t.close());

const call = caller(() => t, { prefix: '/api' });

async function invite(tribeId: string, body: object = {}, token = leader.token) {
  const res = await call('POST', `/v1/tribes/${tribeId}/invites`, token, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.invite as { code: string; url: string };
}

describe('POST /v1/tribes/{id}/invites', () => {
  it('makes a link on the web app for leaders and moderators, with max_uses and expires_at', async () => {
    const tribe = await createTribe(t, leader.token);
    const expires = new Date(t.clock.now().getTime() + 86_400_000).toISOString();
    const res = await call('POST', `/v1/tribes/${tribe.id}/invites`, leader.token, { max_uses: 3, expires_at: expires });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('The invite link is ready to share.');
    const made = res.body.data.invite;
    expect(made).toMatchObject({ max_uses: 3, uses: 0, expires_at: expires });
    expect(made.code).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(made.url).toBe(`http://localhost:3000/invite/${made.code}`);

    const moderator = await signUp(t);
    await joinTribe(t, moderator.token, tribe.id);
    await makeModerator(t, leader.token, tribe.id, moderator.user.id);
    const byModerator = await invite(tribe.id, {}, moderator.token);
    expect(byModerator).toMatchObject({ code: expect.any(String) });
    expect((await call('POST', `/v1/tribes/${tribe.slug}/invites`, leader.token, {})).status).toBe(201);
  });

  it('refuses plain members and outsiders (403), anonymous callers (401), an unknown tribe (404)', async () => {
    const tribe = await createTribe(t, leader.token);
    const member = await signUp(t);
    await joinTribe(t, member.token, tribe.id);
    const outsider = await signUp(t);
    expect((await call('POST', `/v1/tribes/${tribe.id}/invites`, member.token, {})).status).toBe(403);
    expect((await call('POST', `/v1/tribes/${tribe.id}/invites`, outsider.token, {})).status).toBe(403);
    expect((await call('POST', `/v1/tribes/${tribe.id}/invites`, null, {})).status).toBe(401);
    const unknown = await call('POST', '/v1/tribes/no-such-tribe/invites', leader.token, {});
    expect(unknown.status).toBe(404);
    expect(unknown.body.status).toBe('error');
  });

  it.each([
    [{ max_uses: 0 }, 'max_uses'],
    [{ max_uses: -1 }, 'max_uses'],
    [{ max_uses: 1.5 }, 'max_uses'],
    [{ max_uses: 10_001 }, 'max_uses'],
    [{ max_uses: 'many' }, 'max_uses'],
    [{ expires_at: 'tomorrow' }, 'expires_at'],
    [{ expires_at: '2020-01-01T00:00:00Z' }, 'expires_at'],
    [{ role: 'leader' }, 'role'],
  ])('refuses %j with 400 on %s', async (body, field) => {
    const tribe = await createTribe(t, leader.token);
    const res = await call('POST', `/v1/tribes/${tribe.id}/invites`, leader.token, body);
    expect(res.status).toBe(400);
    expect(res.body.status).toBe('error');
    expect(res.body.errors[field]).toBeDefined();
  });
});

describe('GET /v1/invites/{code}', () => {
  it('previews the tribe to anyone: name, description, logo, member count', async () => {
    const tribe = await createTribe(t, leader.token, { name: 'Preview <b>Tribe</b>' });
    const made = await invite(tribe.id);
    const res = await call('GET', `/v1/invites/${made.code}`);
    expect(res.status).toBe(200);
    expect(res.body.data.invite).toEqual({
      code: made.code,
      tribe: {
        id: tribe.id,
        slug: tribe.slug,
        name: 'Preview <b>Tribe</b>',
        description: 'A tribe for tests',
        visibility: 'open',
        member_count: 1,
        logo_url: null,
        cover_url: null,
      },
      expires_at: null,
    });
  });

  it('answers 404 for an unknown code and 410 for an expired one, in the envelope', async () => {
    const unknown = await call('GET', '/v1/invites/nope-nope-nope');
    expect(unknown.status).toBe(404);
    expect(unknown.body.status).toBe('error');
    const tribe = await createTribe(t, leader.token);
    const made = await invite(tribe.id, { expires_at: new Date(t.clock.now().getTime() + 60_000).toISOString() });
    expect((await call('GET', `/v1/invites/${made.code}`)).status).toBe(200);
    t.clock.advance(61_000);
    const expired = await call('GET', `/v1/invites/${made.code}`);
    expect(expired.status).toBe(410);
    expect(expired.body).toEqual({
      status: 'error',
      message: 'This invite link has expired or can no longer be used. Ask the tribe for a new one.',
    });
    const user = await signUp(t);
    expect((await call('POST', `/v1/invites/${made.code}/accept`, user.token)).status).toBe(410);
  });

  it('answers a code too long with 400', async () => {
    expect((await call('GET', `/v1/invites/${'x'.repeat(65)}`)).status).toBe(400);
  });
});

describe('POST /v1/invites/{code}/accept', () => {
  it('joins a request tribe at once, sets the primary tribe when none, and counts one use', async () => {
    const tribe = await createTribe(t, leader.token, { visibility: 'request' });
    const made = await invite(tribe.id, { max_uses: 2 });
    const user = await signUp(t);
    expect(user.user.profile.primary_tribe_id).toBeNull();
    const res = await call('POST', `/v1/invites/${made.code}/accept`, user.token);
    expect(res.status).toBe(200);
    expect(res.body.data.membership).toMatchObject({ role: 'member', status: 'active' });
    expect(res.body.data.tribe).toMatchObject({ id: tribe.id, member_count: 2, my_membership: { status: 'active' } });
    const me = await call('GET', '/v1/me', user.token);
    expect(me.body.data.user.profile.primary_tribe_id).toBe(tribe.id);

    // Accepting again as a member changes nothing and uses nothing: one use is still left.
    expect((await call('POST', `/v1/invites/${made.code}/accept`, user.token)).status).toBe(200);
    const second = await signUp(t);
    expect((await call('POST', `/v1/invites/${made.code}/accept`, second.token)).status).toBe(200);
    const third = await signUp(t);
    const usedUp = await call('POST', `/v1/invites/${made.code}/accept`, third.token);
    expect(usedUp.status).toBe(410);
    expect(usedUp.body.status).toBe('error');
    expect((await call('GET', `/v1/invites/${made.code}`)).status).toBe(410);
  });

  it('turns a pending request into an active membership and keeps an existing primary tribe', async () => {
    const home = await createTribe(t, leader.token);
    const tribe = await createTribe(t, leader.token, { visibility: 'request' });
    const user = await signUp(t);
    await call('POST', '/v1/tribe_selection', user.token, { tribe_id: home.id });
    await call('POST', `/v1/tribes/${tribe.id}/join`, user.token);
    const made = await invite(tribe.id);
    const res = await call('POST', `/v1/invites/${made.code}/accept`, user.token);
    expect(res.body.data.membership.status).toBe('active');
    const me = await call('GET', '/v1/me', user.token);
    expect(me.body.data.user.profile.primary_tribe_id).toBe(home.id);
  });

  it("completes onboarding's tribe step for a member who chose a role, and leaves an earlier step alone", async () => {
    const tribe = await createTribe(t, leader.token);
    const made = await invite(tribe.id);
    const chose = await signUp(t);
    await call('PUT', '/v1/me/role', chose.token, { role: 'member' });
    expect((await call('POST', `/v1/invites/${made.code}/accept`, chose.token)).status).toBe(200);
    const me = await call('GET', '/v1/me', chose.token);
    expect(me.body.data.user.profile).toEqual({ last_step: 'tribe-selection-completed', primary_tribe_id: tribe.id });
    // Without a role yet, onboarding still asks for it first.
    const fresh = await signUp(t);
    await call('POST', `/v1/invites/${made.code}/accept`, fresh.token);
    expect((await call('GET', '/v1/me', fresh.token)).body.data.user.profile).toEqual({
      last_step: 'email-verified',
      primary_tribe_id: tribe.id,
    });
  });

  it('refuses a banned member (403) without using the invite, and anonymous callers (401)', async () => {
    const tribe = await createTribe(t, leader.token);
    const made = await invite(tribe.id, { max_uses: 1 });
    const banned = await signUp(t);
    await joinTribe(t, banned.token, tribe.id);
    await call('PATCH', `/v1/tribes/${tribe.id}/members/${banned.user.id}`, leader.token, { status: 'banned' });
    const res = await call('POST', `/v1/invites/${made.code}/accept`, banned.token);
    expect(res.status).toBe(403);
    expect(res.body.status).toBe('error');
    expect((await call('POST', `/v1/invites/${made.code}/accept`)).status).toBe(401);
    const other = await signUp(t);
    expect((await call('POST', `/v1/invites/${made.code}/accept`, other.token)).status).toBe(200);
  });

  it('never lets more people in than max_uses when they accept at the same time', async () => {
    const tribe = await createTribe(t, leader.token);
    const made = await invite(tribe.id, { max_uses: 3 });
    const users = await Promise.all(Array.from({ length: 8 }, () => signUp(t)));
    const results = await Promise.all(users.map((u) => call('POST', `/v1/invites/${made.code}/accept`, u.token)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 410)).toHaveLength(5);
    const shown = await call('GET', `/v1/tribes/${tribe.id}`);
    expect(shown.body.data.tribe.member_count).toBe(4);
  });

  it('is described in the OpenAPI document', async () => {
    await expectOperationsMatch(t.app, { invites: invitesEndpoints });
  });
});
