import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { bearer, signUp } from '#test/factories.js';
import { startRedis } from '#test/redis-server.js';

/** Settings → devices: sessions named from their user agent, and "sign out every other device". */
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const MAC_SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

interface SessionAnswer {
  id: string;
  device_name: string | null;
  name: string | null;
  browser: string | null;
  os: string | null;
  device_type: string | null;
  current: boolean;
}

async function login(t: TestApp, email: string, password: string, userAgent?: string, deviceName?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password, ...(deviceName ? { device_name: deviceName } : {}) },
    headers: userAgent ? { 'user-agent': userAgent } : {},
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.auth_token as string;
}

describe('devices on one node', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());
  const me = (token: string) => t.app.inject({ url: '/api/v1/me', headers: bearer(token) });
  const sessions = async (token: string) =>
    (await t.app.inject({ url: '/api/v1/me/sessions', headers: bearer(token) })).json().data.items as SessionAnswer[];
  const signOutOthers = (token?: string) =>
    t.app.inject({ method: 'DELETE', url: '/api/v1/me/sessions', headers: token ? bearer(token) : {} });

  it('names each session from its user agent, the given device name first, and marks this one', async () => {
    const u = await signUp(t);
    const phone = await login(t, u.email, u.password, ANDROID_CHROME);
    await login(t, u.email, u.password, MAC_SAFARI, 'Office Mac');
    const list = await sessions(phone);
    expect(list).toHaveLength(3);
    expect(list.find((s) => s.current)).toMatchObject({
      device_name: null,
      name: 'Chrome on Android',
      browser: 'Chrome',
      os: 'Android',
      device_type: 'mobile',
    });
    expect(list.find((s) => s.device_name === 'Office Mac')).toMatchObject({
      name: 'Office Mac',
      browser: 'Safari',
      os: 'Mac OS',
      device_type: 'desktop',
      current: false,
    });
    expect(list.filter((s) => s.current)).toHaveLength(1);
  });

  it('signs out every other device, keeps this one, and refuses the others at once although cached', async () => {
    const u = await signUp(t);
    const other = await signUp(t);
    const b = await login(t, u.email, u.password, ANDROID_CHROME);
    const c = await login(t, u.email, u.password, MAC_SAFARI);
    // Cached on this node before the revocation.
    for (const token of [u.token, b, c, other.token]) expect((await me(token)).statusCode).toBe(200);
    const res = await signOutOthers(u.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'success',
      data: { revoked: 2 },
      message: 'Every other device has been signed out.',
    });
    expect((await me(b)).statusCode).toBe(401);
    expect((await me(c)).statusCode).toBe(401);
    expect((await me(u.token)).statusCode).toBe(200);
    // Someone else's sessions are untouched.
    expect((await me(other.token)).statusCode).toBe(200);
    expect((await sessions(u.token)).map((s) => s.current)).toEqual([true]);
    // Nothing left to sign out.
    expect((await signOutOthers(u.token)).json().data.revoked).toBe(0);
  });

  it('answers 401 without a live token', async () => {
    expect((await signOutOthers()).statusCode).toBe(401);
    const u = await signUp(t);
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer(u.token) });
    expect((await signOutOthers(u.token)).statusCode).toBe(401);
  });

  it('speaks the language asked', async () => {
    const u = await signUp(t);
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/me/sessions',
      headers: { ...bearer(u.token), 'accept-language': 'fr' },
    });
    expect(res.json().message).toBe('Tous les autres appareils ont été déconnectés.');
  });
});

describe('devices across two nodes (Redis)', () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let nodeA: TestApp;
  let nodeB: TestApp;
  beforeAll(async () => {
    redis = await startRedis();
    nodeA = await buildTestApp({ env: { REDIS_URL: redis.url } });
    nodeB = await buildTestApp({ env: { REDIS_URL: redis.url }, database: nodeA.database });
  });
  afterAll(async () => {
    await nodeB?.close();
    await nodeA?.close();
    await redis?.stop();
  });

  it('node B forgets the other devices signed out through node A, on the very next request', async () => {
    const u = await signUp(nodeA);
    const others = [await login(nodeA, u.email, u.password), await login(nodeA, u.email, u.password)];
    const meOn = (t: TestApp, token: string) => t.app.inject({ url: '/api/v1/me', headers: bearer(token) });
    for (const token of [u.token, ...others]) expect((await meOn(nodeB, token)).statusCode).toBe(200);
    const res = await nodeA.app.inject({ method: 'DELETE', url: '/api/v1/me/sessions', headers: bearer(u.token) });
    expect(res.json().data.revoked).toBe(2);
    for (const token of others) expect((await meOn(nodeB, token)).statusCode).toBe(401);
    expect((await meOn(nodeB, u.token)).statusCode).toBe(200);
  });
});
