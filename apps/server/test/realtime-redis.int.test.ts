import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { bearer, createPost, createTribe, signUp, signUpLeader } from './factories.js';
import { echoClient, pusherClient, until } from './realtime-clients.js';
import { startRedis } from './redis-server.js';

/** Two nodes of one cluster: one database, one real redis-server, each with its own websockets. */
let redis: Awaited<ReturnType<typeof startRedis>>;
let nodeA: TestApp;
let nodeB: TestApp;
const closers: (() => void)[] = [];
beforeAll(async () => {
  redis = await startRedis();
  nodeA = await buildTestApp({ env: { REDIS_URL: redis.url } });
  nodeB = await buildTestApp({ env: { REDIS_URL: redis.url }, database: nodeA.database });
  await nodeA.app.listen({ host: '127.0.0.1', port: 0 });
  await nodeB.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  for (const close of closers) close();
  await nodeB?.close();
  await nodeA?.close();
  await redis?.stop();
});

describe('realtime across two nodes through Redis', () => {
  it('delivers an event raised on node A to a client connected to node B', async () => {
    const client = pusherClient(nodeB);
    closers.push(() => client.disconnect());
    const got: unknown[] = [];
    let ready = false;
    const ch = client.subscribe('campaign.cluster');
    ch.bind('pusher:subscription_succeeded', () => (ready = true));
    ch.bind('campaign.updated', (d: unknown) => got.push(d));
    await until(() => ready, 5000, 'subscription');
    await nodeA.app.ctx.realtime.hub.publish('campaign.cluster', 'campaign.updated', { raised: 5 });
    await until(() => got.length === 1, 5000, 'cross-node event');
    expect(got[0]).toEqual({ raised: 5 });
  });

  it('announces a post created through node A to a tribe member listening on node B', async () => {
    const leader = await signUpLeader(nodeA);
    const tribe = await createTribe(nodeA, leader.token);
    const member = await signUp(nodeA);
    await nodeA.app.inject({ method: 'POST', url: `/api/v1/tribes/${tribe.id}/join`, headers: bearer(member.token) });
    const echo = echoClient(nodeB, member.token);
    closers.push(() => echo.disconnect());
    const got: { post: { id: string } }[] = [];
    let ready = false;
    echo
      .private(`tribe.${tribe.id}`)
      .subscribed(() => (ready = true))
      .listen('.post.created', (e: { post: { id: string } }) => got.push(e));
    await until(() => ready, 5000, 'subscription');
    const post = await createPost(nodeA, leader.token, { body: 'from node A', tribe_id: tribe.id, visibility: 'tribe' });
    await until(() => got.length === 1, 5000, 'post.created');
    expect(got[0]!.post.id).toBe(post.id);
  });

  it('shows the same presence members from either node', async () => {
    const leader = await signUpLeader(nodeA, { name: 'On A' });
    const tribe = await createTribe(nodeA, leader.token);
    const member = await signUp(nodeA, { name: 'On B' });
    await nodeA.app.inject({ method: 'POST', url: `/api/v1/tribes/${tribe.id}/join`, headers: bearer(member.token) });
    const a = echoClient(nodeA, leader.token);
    const b = echoClient(nodeB, member.token);
    closers.push(
      () => a.disconnect(),
      () => b.disconnect(),
    );
    let hereA: { name: string }[] = [];
    const joinedA: { name: string }[] = [];
    let hereB: { name: string }[] = [];
    a.join(`tribe.${tribe.id}`)
      .here((u: { name: string }[]) => (hereA = u))
      .joining((u: { name: string }) => joinedA.push(u));
    await until(() => hereA.length === 1, 5000, 'here on A');
    b.join(`tribe.${tribe.id}`).here((u: { name: string }[]) => (hereB = u));
    await until(() => hereB.length === 2 && joinedA.length === 1, 5000, 'presence on both nodes').catch((e: Error) => {
      throw new Error(`${e.message}: A=${JSON.stringify(hereA)} B=${JSON.stringify(hereB)} joinedA=${JSON.stringify(joinedA)}`);
    });
    expect(hereB.map((u) => u.name).sort()).toEqual(['On A', 'On B']);
    expect(joinedA[0]!.name).toBe('On B');
    const usersSeenFromA = await nodeA.app.ctx.realtime.hub.presenceUsers(`presence-tribe.${tribe.id}`);
    const usersSeenFromB = await nodeB.app.ctx.realtime.hub.presenceUsers(`presence-tribe.${tribe.id}`);
    expect(usersSeenFromA.map((u) => u.user_id).sort()).toEqual(usersSeenFromB.map((u) => u.user_id).sort());
  });

  it('applies a block made through node A to deliveries on node B at once, though B had cached the blocker', async () => {
    const leader = await signUpLeader(nodeA);
    const tribe = await createTribe(nodeA, leader.token);
    const ada = await signUp(nodeA);
    const bo = await signUp(nodeA);
    const cy = await signUp(nodeA);
    for (const m of [ada, bo, cy]) {
      await nodeA.app.inject({ method: 'POST', url: `/api/v1/tribes/${tribe.id}/join`, headers: bearer(m.token) });
    }
    const listen = (token: string) => {
      const echo = echoClient(nodeB, token);
      closers.push(() => echo.disconnect());
      const l = { ready: false, posts: [] as string[] };
      echo
        .private(`tribe.${tribe.id}`)
        .subscribed(() => (l.ready = true))
        .listen('.post.created', (e: { post: { body: string } }) => l.posts.push(e.post.body));
      return l;
    };
    const b = listen(bo.token);
    const c = listen(cy.token);
    await until(() => b.ready && c.ready, 5000, 'subscriptions on B');
    await createPost(nodeA, ada.token, { body: 'before', tribe_id: tribe.id, visibility: 'tribe' });
    await until(() => b.posts.includes('before'), 5000, 'first post on B');
    const blocked = await nodeA.app.inject({
      method: 'POST',
      url: `/api/v1/users/${bo.user.id}/block`,
      headers: bearer(ada.token),
    });
    expect(blocked.statusCode).toBe(200);
    await createPost(nodeA, ada.token, { body: 'after', tribe_id: tribe.id, visibility: 'tribe' });
    await createPost(nodeA, leader.token, { body: 'sentinel', tribe_id: tribe.id, visibility: 'tribe' });
    await until(() => b.posts.includes('sentinel') && c.posts.includes('sentinel'), 5000, 'sentinel on B');
    expect(b.posts).toEqual(['before', 'sentinel']);
    expect(c.posts).toEqual(['before', 'after', 'sentinel']);
  });
});
