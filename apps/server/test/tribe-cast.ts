import { expect } from 'vitest';
import type { TestApp } from './build-test-app.js';
import { caller } from './call.js';
import { createTribe, signUp, signUpLeader } from './factories.js';

/**
 * The cast of the tribe members tests (test/integration/tribes/members*.int.test.ts, split in two files
 * so they run side by side): one request tribe with every kind of person the permission matrix needs.
 */
export interface Cast {
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
export async function castTribe(t: TestApp): Promise<Cast> {
  const call = caller(() => t);
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
