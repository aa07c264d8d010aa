import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { signUp } from '#test/factories.js';
import { startRedis } from '#test/redis-server.js';

/**
 * Two nodes of one cluster (one database, one redis-server), reached over real HTTP: a token
 * revoked through node A is refused by node B on the very next request, although B had it cached.
 */
let redis: Awaited<ReturnType<typeof startRedis>>;
let nodeA: TestApp;
let nodeB: TestApp;
let urlA: string;
let urlB: string;
beforeAll(async () => {
  redis = await startRedis();
  nodeA = await buildTestApp({ env: { REDIS_URL: redis.url } });
  nodeB = await buildTestApp({ env: { REDIS_URL: redis.url }, database: nodeA.database });
  urlA = await nodeA.app.listen({ host: '127.0.0.1', port: 0 });
  urlB = await nodeB.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await nodeB?.close();
  await nodeA?.close();
  await redis?.stop();
});

const call = async (base: string, token: string, path: string, init: { method?: string; body?: unknown } = {}) => {
  const res = await fetch(`${base}/api${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as { data: { user: { name: string } } } };
};

describe('the token cache across two nodes through Redis', () => {
  it('refuses on node B, on the very next request, a token logged out through node A (many times over)', async () => {
    const user = await signUp(nodeA);
    for (let i = 0; i < 40; i++) {
      const token = await nodeA.app.ctx.tokens.issue(user.user.id, `device ${i}`);
      // Both nodes have the token cached.
      expect((await call(urlB, token, '/v1/me')).status).toBe(200);
      expect((await call(urlA, token, '/v1/me')).status).toBe(200);
      expect((await call(urlA, token, '/v1/auth/logout', { method: 'POST' })).status).toBe(200);
      expect((await call(urlB, token, '/v1/me')).status, `iteration ${i}`).toBe(401);
      expect((await call(urlA, token, '/v1/me')).status, `iteration ${i}`).toBe(401);
    }
  });

  it('refuses on node B the other tokens of a user who changed the password through node A', async () => {
    const user = await signUp(nodeA);
    const other = await nodeA.app.ctx.tokens.issue(user.user.id, 'phone');
    expect((await call(urlB, other, '/v1/me')).status).toBe(200);
    const password = 'another long passphrase 42';
    const changed = await call(urlA, user.token, '/v1/me/password', {
      method: 'POST',
      body: { current_password: user.password, password, password_confirmation: password },
    });
    expect(changed.status).toBe(200);
    expect((await call(urlB, other, '/v1/me')).status).toBe(401);
    expect((await call(urlB, user.token, '/v1/me')).status).toBe(200);
  });

  it('shows on node B, at once, a profile change made through node A', async () => {
    const user = await signUp(nodeA);
    expect((await call(urlB, user.token, '/v1/me')).body.data.user.name).toBe(user.user.name);
    expect((await call(urlA, user.token, '/v1/me', { method: 'PATCH', body: { name: 'Changed On A' } })).status).toBe(200);
    expect((await call(urlB, user.token, '/v1/me')).body.data.user.name).toBe('Changed On A');
  });
});
