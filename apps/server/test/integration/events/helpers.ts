import type { TestApp } from '#test/build-test-app.js';
import { caller } from '#test/call.js';
import { joinTribe, leaderWithTribe, makeModerator, signUp } from '#test/factories.js';

/** Event fields with overrides: a tribe-only evening at a point on the map, starting in `inDays` days. */
export function buildEvent(t: TestApp, overrides: Record<string, unknown> = {}, inDays = 3) {
  const start = new Date(t.clock.now().getTime() + inDays * 86_400_000);
  start.setUTCHours(17, 0, 0, 0);
  return {
    title: 'Harvest day',
    description: 'Bring **baskets**.',
    starts_at: start.toISOString(),
    ends_at: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
    time_zone: 'Africa/Casablanca',
    place: { name: 'The old olive press', lat: 31.13, lng: -7.92 },
    ...overrides,
  };
}

/** A tribe with its leader, a moderator, a member and an outsider. */
export async function eventsWorld(t: TestApp) {
  const call = caller(() => t, { prefix: '/api/v1' });
  const { leader, tribe } = await leaderWithTribe(t);
  const moderator = await signUp(t);
  await joinTribe(t, moderator.token, tribe.id);
  await makeModerator(t, leader.token, tribe.id, moderator.user.id);
  const member = await signUp(t);
  await joinTribe(t, member.token, tribe.id);
  const outsider = await signUp(t);
  return { call, leader, tribe, moderator, member, outsider };
}

/** Creates an event as `token` and answers it (throws unless 201). */
export async function createEvent(
  t: TestApp,
  token: string,
  tribeId: string,
  overrides: Record<string, unknown> = {},
  inDays = 3,
) {
  const call = caller(() => t, { prefix: '/api/v1' });
  const res = await call('POST', `/tribes/${tribeId}/events`, token, buildEvent(t, overrides, inDays));
  if (res.status !== 201) throw new Error(`create event failed: ${res.text}`);
  return res.body.data.event as { id: string; sequence: number; occurrence: string | null; starts_at: string; ends_at: string };
}
