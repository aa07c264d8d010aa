import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { pusherClient, until } from '#test/realtime-clients.js';
import { startRedis, type RedisServer } from '#test/redis-server.js';

/**
 * DESIGN 11.1, faults: two nodes on one real redis-server, which is killed and started again under
 * them. HTTP keeps working (rate limits counted in each node's memory meanwhile, said once in the
 * log), realtime within a node keeps working, and delivery between the nodes resumes by itself.
 */
let redis: RedisServer;
let nodeA: TestApp;
let nodeB: TestApp;
const closers: (() => void)[] = [];
beforeAll(async () => {
  redis = await startRedis();
  nodeA = await buildTestApp({ rateLimitScale: 1, captureLogs: true, env: { REDIS_URL: redis.url } });
  nodeB = await buildTestApp({ rateLimitScale: 1, env: { REDIS_URL: redis.url }, database: nodeA.database });
  await nodeA.app.listen({ host: '127.0.0.1', port: 0 });
  await nodeB.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  for (const close of closers) close();
  await nodeB?.close();
  await nodeA?.close();
  await redis?.stop();
});

/** A socket on `node` listening to `channel`: the events it got. */
async function listen(node: TestApp, channel: string) {
  const client = pusherClient(node);
  closers.push(() => client.disconnect());
  const got: { n: number }[] = [];
  let ready = false;
  const ch = client.subscribe(channel);
  ch.bind('pusher:subscription_succeeded', () => (ready = true));
  ch.bind('campaign.updated', (d: { n: number }) => got.push(d));
  await until(() => ready, 5000, `subscription to ${channel} on a node`);
  return got;
}

const checkEmail = (node: TestApp, i: number) =>
  node.app.inject({ method: 'POST', url: '/api/v1/check_email_exists', payload: { email: `outage-${i}@example.test` } });

describe('Redis killed and started again under two nodes', () => {
  it('keeps HTTP and local realtime working, then resumes delivery between the nodes', async () => {
    const onA = await listen(nodeA, 'campaign.outage');
    const onB = await listen(nodeB, 'campaign.outage');
    await nodeA.app.ctx.realtime.hub.publish('campaign.outage', 'campaign.updated', { n: 1 });
    await until(() => onA.length === 1 && onB.length === 1, 5000, 'delivery before the outage');

    await redis.pause();

    // HTTP serves, and the limits still hold, counted in this node's memory: 10 per minute per IP.
    expect((await nodeA.app.inject({ url: '/api/v1/tribes' })).statusCode).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await checkEmail(nodeA, i)).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
    const fallbacks = nodeA.logs.filter((l) => l.includes("rate limits fall back to this node's memory"));
    expect(fallbacks).toHaveLength(1);

    // Realtime within a node: an event raised on A reaches A's own sockets.
    await nodeA.app.ctx.realtime.hub.publish('campaign.outage', 'campaign.updated', { n: 2 });
    await until(() => onA.some((e) => e.n === 2), 5000, 'delivery on the same node while Redis is down');

    await redis.resume();

    // Polled, not timed: the nodes reconnect and re-subscribe by themselves.
    const deadline = Date.now() + 10_000;
    for (let n = 3; !onB.some((e) => e.n >= 3); n++) {
      if (Date.now() > deadline) throw new Error('delivery between the nodes did not resume within 10 s');
      await nodeA.app.ctx.realtime.hub.publish('campaign.outage', 'campaign.updated', { n });
      await new Promise((r) => setTimeout(r, 250));
    }
    // The limits are counted in Redis again (it came back empty, so this IP starts afresh), and the log says so.
    expect((await checkEmail(nodeA, 12)).statusCode).toBe(200);
    expect(nodeA.logs.filter((l) => l.includes('rate limits counted in redis'))).toHaveLength(1);
  }, 60_000);
});
