import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { bearer, leaderWithTribe, signUp } from '#test/factories.js';
import { channelAuth } from '#src/realtime/signing.js';

// Issue 42: a page's channels are signed in one request; a channel the user may not read is refused in its
// place while the others are still signed.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const batch = (body: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/broadcasting/auth/batch', payload: body as object, headers });

describe('POST /broadcasting/auth/batch', () => {
  it('signs the channels the user may read, each as /broadcasting/auth would, and refuses the others in place', async () => {
    const { leader, tribe } = await leaderWithTribe(t);
    const stranger = await signUp(t);
    const own = `private-App.Models.User.${leader.user.id}`;
    const tribeChannel = `private-tribe.${tribe.id}`;
    const foreign = `private-App.Models.User.${stranger.user.id}`;
    const res = await batch({ socket_id: '12.34', channel_names: [own, tribeChannel, foreign, own] }, bearer(leader.token));
    expect(res.statusCode).toBe(200);
    const { channels } = res.json() as { channels: Record<string, { auth?: string; status?: number }> };
    expect(Object.keys(channels).sort()).toEqual([own, foreign, tribeChannel].sort());
    expect(channels[foreign]).toEqual({ status: 403 });
    // The same signature as the one-channel endpoint gives (its channel_data carries the time of the check).
    const single = await t.app.inject({
      method: 'POST',
      url: '/broadcasting/auth',
      payload: `socket_id=12.34&channel_name=${encodeURIComponent(own)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...bearer(leader.token) },
    });
    const one = single.json() as { auth: string; channel_data?: string };
    const mine = channels[own] as { auth: string; channel_data?: string };
    const { appKey, secret } = t.app.ctx.realtime;
    expect(mine.auth).toBe(channelAuth(appKey, secret, '12.34', own, mine.channel_data));
    expect(one.auth).toBe(channelAuth(appKey, secret, '12.34', own, one.channel_data));
    expect(channels[tribeChannel]!.auth).toMatch(/^[^:]+:[0-9a-f]{64}$/);
  });

  it('answers 401 without a token and 400 with field errors to a malformed batch, in the envelope', async () => {
    const me = await signUp(t);
    expect((await batch({ socket_id: '1.2', channel_names: ['private-x'] })).statusCode).toBe(401);
    for (const [body, field] of [
      [{ socket_id: 'abc', channel_names: ['private-x'] }, 'socket_id'],
      [{ socket_id: '1.2', channel_names: [] }, 'channel_names'],
      [{ socket_id: '1.2', channel_names: Array.from({ length: 21 }, (_, i) => `private-c${i}`) }, 'channel_names'],
      [{ socket_id: '1.2', channel_names: ['no spaces allowed'] }, 'channel_names.0'],
    ] as const) {
      const res = await batch(body, bearer(me.token));
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ status: 'error', error_type: 'validation_error' });
      expect(Object.keys(res.json().errors)).toContain(field);
    }
    const unknown = await batch({ socket_id: '1.2', channel_names: ['private-x'], extra: 1 }, bearer(me.token));
    expect(unknown.statusCode).toBe(400);
  });
});
