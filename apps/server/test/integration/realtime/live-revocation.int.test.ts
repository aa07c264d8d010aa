import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { caller } from '#test/call.js';
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
import { endpoint, liveSession, until } from '#test/realtime-clients.js';

// DESIGN 11.7: a revoked session or a ban ends its live channels at once.
let t: TestApp;
const closers: (() => void)[] = [];
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  for (const close of closers) close();
  await t.close();
});

const live = (token: string) => {
  const s = liveSession(t, token);
  closers.push(() => s.disconnect());
  return s;
};
const call = caller(() => t, { prefix: '/api' });

/** A user with two sessions, each listening to the user's notifications, and someone whose comments notify them. */
async function twoSessions() {
  const user = await signUp(t);
  const second = await logIn(t, user);
  const commenter = await signUp(t);
  const post = await createPost(t, user.token, { body: 'Notify me' });
  const first = live(user.token).user(user.user.id);
  const other = live(second).user(user.user.id);
  const channel = `App.Models.User.${user.user.id}`;
  await until(() => first.subscribed.has(channel) && other.subscribed.has(channel), 5000, 'both subscribed');
  await addComment(t, commenter.token, post.id, 'one');
  await until(() => first.notifications.length === 1 && other.notifications.length === 1, 5000, 'first notification');
  return { user, second, first, other, notify: (body: string) => addComment(t, commenter.token, post.id, body) };
}

/** The first session's socket was closed with 4009 and gets nothing more; the other still does. */
async function expectFirstClosed(s: Awaited<ReturnType<typeof twoSessions>>) {
  await until(() => s.first.state() === 'disconnected', 5000, 'revoked socket closed');
  expect(s.first.errorCodes).toContain(4009);
  await s.notify('two');
  await until(() => s.other.notifications.length === 2, 5000, 'second notification on the live session');
  expect(s.first.notifications).toHaveLength(1);
  expect(s.other.state()).toBe('connected');
}

describe('a revoked session ends its sockets', () => {
  it('DELETE /v1/me/sessions/{id} closes the sockets that session authorised', async () => {
    const s = await twoSessions();
    const revoked = await call('DELETE', `/v1/me/sessions/${await otherSessionId(t, s.second)}`, s.second);
    expect(revoked.status).toBe(200);
    await expectFirstClosed(s);
  });

  it('POST /v1/auth/logout closes the sockets of the session it ends', async () => {
    const s = await twoSessions();
    expect((await call('POST', '/v1/auth/logout', s.user.token)).status).toBe(200);
    await expectFirstClosed(s);
  });

  it('signing the other sessions out closes theirs, while a profile edit closes none', async () => {
    const s = await twoSessions();
    // A users-row change is announced like a revocation of all sessions: the database tells them apart.
    expect((await call('PATCH', '/v1/me', s.user.token, { name: 'Renamed' })).status).toBe(200);
    await s.notify('after the edit');
    await until(() => s.first.notifications.length === 2 && s.other.notifications.length === 2, 5000, 'both still notified');
    const out = await call('DELETE', '/v1/me/sessions', s.second);
    expect(out.status, out.text).toBe(200);
    await until(() => s.first.state() === 'disconnected', 5000, 'revoked socket closed');
    await s.notify('three');
    await until(() => s.other.notifications.length === 3, 5000, 'third notification on the live session');
    expect(s.first.notifications).toHaveLength(2);
  });

  it('deleting the account closes its sockets', async () => {
    const user = await signUp(t);
    const s = live(user.token).user(user.user.id);
    await until(() => s.subscribed.has(`App.Models.User.${user.user.id}`), 5000, 'subscribed');
    const deleted = await call('DELETE', '/v1/me', user.token, { password: user.password });
    expect(deleted.status, deleted.text).toBe(200);
    await until(() => s.state() === 'disconnected', 5000, 'socket closed');
    expect(s.errorCodes).toContain(4009);
  });

  it('closes a socket that subscribes, after the revocation, with an auth signed before it', async () => {
    const user = await signUp(t);
    const raw = await rawSocket();
    const auth = await channelAuth(user.token, raw.socketId, `private-App.Models.User.${user.user.id}`);
    expect((await call('POST', '/v1/auth/logout', user.token)).status).toBe(200);
    raw.ws.send(JSON.stringify({ event: 'pusher:subscribe', data: auth }));
    await until(() => raw.closeCode() !== null, 5000, 'socket closed');
    expect(raw.closeCode()).toBe(4009);
    expect(raw.frames.some((f) => f.event === 'pusher_internal:subscription_succeeded')).toBe(false);
  });
});

/** A tribe with a leader and two members, each listening to the tribe's posts. */
async function tribeWithListeners() {
  const leader = await signUpLeader(t);
  const tribe = await createTribe(t, leader.token, { visibility: 'open' });
  const member = await signUp(t);
  const other = await signUp(t);
  for (const m of [member, other]) await joinTribe(t, m.token, tribe.id);
  const memberLive = live(member.token).tribe(tribe.id);
  const otherLive = live(other.token).tribe(tribe.id);
  const channel = `tribe.${tribe.id}`;
  await until(() => memberLive.subscribed.has(channel) && otherLive.subscribed.has(channel), 5000, 'subscriptions');
  const postInTribe = (body: string) => createPost(t, leader.token, { body, tribe_id: tribe.id, visibility: 'tribe' });
  await postInTribe('before');
  await until(() => memberLive.posts.includes('before') && otherLive.posts.includes('before'), 5000, 'first post');
  return { leader, tribe, member, memberLive, otherLive, channel, postInTribe };
}

describe('an ended membership ends the tribe channels', () => {
  it('a banned member stops receiving tribe-only posts, and subscribing again is refused', async () => {
    const s = await tribeWithListeners();
    const banned = await call('PATCH', `/v1/tribes/${s.tribe.id}/members/${s.member.user.id}`, s.leader.token, {
      status: 'banned',
    });
    expect(banned.status).toBe(200);
    await until(() => s.memberLive.refused.some((r) => r.channel === s.channel), 5000, 'subscription ended');
    await s.postInTribe('after the ban');
    await until(() => s.otherLive.posts.includes('after the ban'), 5000, 'post to the others');
    expect(s.memberLive.posts).toEqual(['before']);
    // The socket itself stays: the member keeps their notifications and other tribes.
    expect(s.memberLive.state()).toBe('connected');
    s.memberLive.echo.leave(s.channel);
    s.memberLive.refused.length = 0;
    s.memberLive.tribe(s.tribe.id);
    await until(() => s.memberLive.refused.length > 0, 5000, 'second subscription refused');
    expect(s.memberLive.refused[0]).toMatchObject({ channel: s.channel, status: 403 });
  });

  it('a member who leaves stops receiving tribe-only posts', async () => {
    const s = await tribeWithListeners();
    expect((await call('POST', `/v1/tribes/${s.tribe.id}/leave`, s.member.token)).status).toBe(200);
    await until(() => s.memberLive.refused.some((r) => r.channel === s.channel), 5000, 'subscription ended');
    await s.postInTribe('after leaving');
    await until(() => s.otherLive.posts.includes('after leaving'), 5000, 'post to the others');
    expect(s.memberLive.posts).toEqual(['before']);
  });

  it('the banned member leaves the presence channel, and an auth signed before the ban is refused', async () => {
    const s = await tribeWithListeners();
    const raw = await rawSocket();
    const presence = await channelAuth(s.member.token, raw.socketId, `presence-tribe.${s.tribe.id}`);
    const priv = await channelAuth(s.member.token, raw.socketId, `private-tribe.${s.tribe.id}`);
    raw.ws.send(JSON.stringify({ event: 'pusher:subscribe', data: presence }));
    await until(() => raw.succeeded(`presence-tribe.${s.tribe.id}`) === 1, 5000, 'presence subscription');
    expect((await t.app.ctx.realtime.hub.presenceUsers(`presence-tribe.${s.tribe.id}`)).map((u) => u.user_id)).toEqual([
      s.member.user.id,
    ]);
    await call('PATCH', `/v1/tribes/${s.tribe.id}/members/${s.member.user.id}`, s.leader.token, { status: 'banned' });
    await until(() => raw.errors(`presence-tribe.${s.tribe.id}`) === 1, 5000, 'presence ended');
    expect(await t.app.ctx.realtime.hub.presenceUsers(`presence-tribe.${s.tribe.id}`)).toEqual([]);
    // The auths were signed for this socket before the ban: sent now, both are refused.
    raw.ws.send(JSON.stringify({ event: 'pusher:subscribe', data: priv }));
    raw.ws.send(JSON.stringify({ event: 'pusher:subscribe', data: presence }));
    await until(() => raw.errors(`private-tribe.${s.tribe.id}`) === 1, 5000, 'private refused');
    await until(() => raw.errors(`presence-tribe.${s.tribe.id}`) === 2, 5000, 'presence refused');
    await s.postInTribe('after the ban');
    await until(() => s.otherLive.posts.includes('after the ban'), 5000, 'post to the others');
    expect(raw.succeeded(`private-tribe.${s.tribe.id}`)).toBe(0);
    expect(raw.frames.some((f) => f.event === 'post.created' && JSON.stringify(f.data).includes('after the ban'))).toBe(false);
    expect(raw.closeCode()).toBe(null);
  });
});

/** A raw websocket and its socket id, to hold an auth and send it when the test says. */
async function rawSocket() {
  const e = endpoint(t);
  const ws = new WebSocket(`ws://${e.host}:${e.port}/app/${e.key}?protocol=7`);
  const frames: { event: string; data?: unknown; channel?: string }[] = [];
  let closeCode: number | null = null;
  ws.on('message', (raw) => frames.push(JSON.parse(raw.toString()) as { event: string }));
  ws.on('close', (code) => (closeCode = code));
  closers.push(() => ws.close());
  await until(() => frames.length > 0, 5000, 'greeting');
  const count = (event: string, channel: string) => frames.filter((f) => f.event === event && f.channel === channel).length;
  return {
    ws,
    frames,
    socketId: (JSON.parse(frames[0]!.data as string) as { socket_id: string }).socket_id,
    closeCode: () => closeCode,
    succeeded: (channel: string) => count('pusher_internal:subscription_succeeded', channel),
    errors: (channel: string) => count('pusher:subscription_error', channel),
  };
}

/** POST /broadcasting/auth for a socket: the subscribe message's data. */
async function channelAuth(token: string, socketId: string, channel: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/broadcasting/auth',
    headers: { ...bearer(token), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ socket_id: socketId, channel_name: channel }).toString(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return { channel, ...(res.json() as { auth: string; channel_data?: string }) };
}
