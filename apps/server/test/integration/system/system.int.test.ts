import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { startRedis } from '#test/redis-server.js';
import { createTestDatabase } from '#test/test-database.js';

/** DESIGN 11.1: liveness, readiness and the health answer, through app.inject. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const get = async (app: TestApp, url: string, headers: Record<string, string> = {}) => {
  const res = await app.app.inject({ url, headers });
  return { status: res.statusCode, body: res.json<{ status: string; message: string; data?: Record<string, unknown> }>() };
};

describe('health probes', () => {
  it('answers live and ready 200 in the envelope on a node whose database answers', async () => {
    expect(await get(t, '/api/v1/health/live')).toEqual({
      status: 200,
      body: { status: 'success', message: 'OK.', data: { status: 'ok' } },
    });
    expect(await get(t, '/api/v1/health/ready')).toEqual({
      status: 200,
      body: { status: 'success', message: 'OK.', data: { status: 'ok' } },
    });
  });

  it("reports the node's health: database, job queue when it runs, this node's websocket connections, no Redis without REDIS_URL", async () => {
    const health = await get(t, '/api/v1/health');
    expect(health.status).toBe(200);
    // The test app runs no job queue (JOBS_ENABLED is off under NODE_ENV=test), so no jobs part.
    expect(health.body.data).toEqual({
      status: 'ok',
      database: process.env.TEST_DB ?? 'pglite',
      realtime: { connections: 0 },
      payments: { provider: 'sandbox' },
      demo_accounts: false,
    });
  });

  it('says 503 on ready, in the envelope and the caller’s language, once the node drains, while live stays 200', async () => {
    const draining = await buildTestApp();
    try {
      expect(await draining.app.httpDrain.drain(1_000)).toBe(true);
      const ready = await get(draining, '/api/v1/health/ready', { 'accept-language': 'fr' });
      expect(ready).toEqual({
        status: 503,
        body: { status: 'error', message: 'Ce serveur est en cours d’arrêt. Veuillez réessayer.' },
      });
      expect((await get(draining, '/api/v1/health/live')).status).toBe(200);
    } finally {
      await draining.close();
    }
  });

  it('says 503 on ready and health when the database does not answer, while live stays 200 (it asks no database)', async () => {
    const database = await createTestDatabase();
    const lost = await buildTestApp({ database });
    try {
      await database.close();
      for (const url of ['/api/v1/health/ready', '/api/v1/health']) {
        expect(await get(lost, url)).toEqual({
          status: 503,
          body: { status: 'error', message: 'The database cannot be reached right now. Please try again shortly.' },
        });
      }
      expect(await get(lost, '/api/v1/health/live')).toMatchObject({ status: 200, body: { data: { status: 'ok' } } });
    } finally {
      await lost.close();
    }
  });
});

describe('health with Redis (REDIS_URL)', () => {
  it('reports Redis up, then down once it is gone, while the node stays ready and keeps serving', async () => {
    const redis = await startRedis();
    const node = await buildTestApp({ env: { REDIS_URL: redis.url } });
    try {
      expect((await get(node, '/api/v1/health')).body.data).toMatchObject({ redis: 'up' });
      await redis.stop();
      // ioredis notices the closed connection and starts reconnecting: its state is no longer 'ready'.
      let health = await get(node, '/api/v1/health');
      for (let tries = 0; health.body.data?.redis !== 'down' && tries < 300; tries++) {
        await new Promise((r) => setTimeout(r, 50));
        health = await get(node, '/api/v1/health');
      }
      expect(health).toMatchObject({ status: 200, body: { data: { status: 'ok', redis: 'down' } } });
      expect((await get(node, '/api/v1/health/ready')).status).toBe(200);
    } finally {
      await node.close();
      await redis.stop();
    }
  });
});
