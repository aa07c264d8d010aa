import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import {
  addComment,
  bearer,
  createPost,
  createTribe,
  joinTribe,
  logIn,
  otherSessionId,
  signUp,
  signUpLeader,
} from '#test/factories.js';
import { echoClient, liveSession, pusherClient, until } from '#test/realtime-clients.js';
import { startRedis } from '#test/redis-server.js';

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

describe('revocations across two nodes through Redis (DESIGN 11.7)', () => {
  const live = (node: TestApp, token: string) => {
    const s = liveSession(node, token);
    closers.push(() => s.disconnect());
    return s;
  };

  it('a session revoked through node A closes its socket on node B; the other session keeps its notifications', async () => {
    const user = await signUp(nodeA);
    const second = await logIn(nodeA, user);
    const commenter = await signUp(nodeA);
    const post = await createPost(nodeA, user.token, { body: 'Notify me' });
    const onB = live(nodeB, user.token).user(user.user.id);
    const onA = live(nodeA, second).user(user.user.id);
    const channel = `App.Models.User.${user.user.id}`;
    await until(() => onB.subscribed.has(channel) && onA.subscribed.has(channel), 5000, 'subscriptions');
    await addComment(nodeA, commenter.token, post.id, 'one');
    await until(() => onB.notifications.length === 1 && onA.notifications.length === 1, 5000, 'first notification');
    const revoked = await nodeA.app.inject({
      method: 'DELETE',
      url: `/api/v1/me/sessions/${await otherSessionId(nodeA, second)}`,
      headers: bearer(second),
    });
    expect(revoked.statusCode).toBe(200);
    await until(() => onB.state() === 'disconnected', 5000, 'socket on B closed');
    expect(onB.errorCodes).toContain(4009);
    await addComment(nodeA, commenter.token, post.id, 'two');
    await until(() => onA.notifications.length === 2, 5000, 'second notification on A');
    expect(onB.notifications).toHaveLength(1);
  });

  it('signing the other sessions out through node A closes theirs on node B', async () => {
    const user = await signUp(nodeA);
    const second = await logIn(nodeA, user);
    const onB = live(nodeB, user.token).user(user.user.id);
    const stays = live(nodeB, second).user(user.user.id);
    const channel = `App.Models.User.${user.user.id}`;
    await until(() => onB.subscribed.has(channel) && stays.subscribed.has(channel), 5000, 'subscriptions');
    const out = await nodeA.app.inject({ method: 'DELETE', url: '/api/v1/me/sessions', headers: bearer(second) });
    expect(out.statusCode).toBe(200);
    await until(() => onB.state() === 'disconnected', 5000, 'socket on B closed');
    expect(stays.state()).toBe('connected');
  });

  it('a member banned through node A stops receiving the tribe on node B and is refused a new subscription', async () => {
    const leader = await signUpLeader(nodeA);
    const tribe = await createTribe(nodeA, leader.token);
    const member = await signUp(nodeA);
    const other = await signUp(nodeA);
    for (const m of [member, other]) await joinTribe(nodeA, m.token, tribe.id);
    const memberOnB = live(nodeB, member.token).tribe(tribe.id);
    const otherOnB = live(nodeB, other.token).tribe(tribe.id);
    const channel = `tribe.${tribe.id}`;
    await until(() => memberOnB.subscribed.has(channel) && otherOnB.subscribed.has(channel), 5000, 'subscriptions');
    const postInTribe = (body: string) => createPost(nodeA, leader.token, { body, tribe_id: tribe.id, visibility: 'tribe' });
    await postInTribe('before');
    await until(() => memberOnB.posts.includes('before') && otherOnB.posts.includes('before'), 5000, 'first post');
    const banned = await nodeA.app.inject({
      method: 'PATCH',
      url: `/api/v1/tribes/${tribe.id}/members/${member.user.id}`,
      payload: { status: 'banned' },
      headers: bearer(leader.token),
    });
    expect(banned.statusCode).toBe(200);
    await until(() => memberOnB.refused.some((r) => r.channel === channel), 5000, 'subscription on B ended');
    await postInTribe('after the ban');
    await until(() => otherOnB.posts.includes('after the ban'), 5000, 'post to the others on B');
    expect(memberOnB.posts).toEqual(['before']);
    memberOnB.echo.leave(channel);
    memberOnB.refused.length = 0;
    memberOnB.tribe(tribe.id);
    await until(() => memberOnB.refused.length > 0, 5000, 'new subscription refused');
    expect(memberOnB.refused[0]).toMatchObject({ channel, status: 403 });
  });
});
