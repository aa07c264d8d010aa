import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { startRedis } from '#test/redis-server.js';

let redis: Awaited<ReturnType<typeof startRedis>>;
let nodeA: TestApp;
let nodeB: TestApp;
beforeAll(async () => {
  redis = await startRedis();
  nodeA = await buildTestApp({ rateLimitScale: 1, env: { REDIS_URL: redis.url } });
  nodeB = await buildTestApp({ rateLimitScale: 1, env: { REDIS_URL: redis.url } });
});
afterAll(async () => {
  await nodeA?.close();
  await nodeB?.close();
  await redis?.stop();
});

describe('rate limits with REDIS_URL', () => {
  it('are counted across nodes: 10 check_email_exists per minute per IP in all', async () => {
    const ask = (node: TestApp, i: number) =>
      node.app.inject({ method: 'POST', url: '/api/v1/check_email_exists', payload: { email: `redis-${i}@example.test` } });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await ask(i % 2 ? nodeA : nodeB, i)).statusCode);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const eleventh = await ask(nodeA, 11);
    expect(eleventh.statusCode).toBe(429);
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0);
    expect((await ask(nodeB, 12)).statusCode).toBe(429);
  });
});
