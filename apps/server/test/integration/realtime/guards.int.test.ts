import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME } from '@tribes/shared';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { bearer, joinTribe, leaderWithTribe, signUp } from '#test/factories.js';
import { endpoint, until } from '#test/realtime-clients.js';
import { channelAuth } from '#src/realtime/signing.js';

/** Per-socket caps (channels, client events) and /broadcasting/auth refusing every malformed request with a 4xx. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await t.close();
});

type Frame = { event: string; channel?: string; data?: unknown };

async function socket() {
  const e = endpoint(t);
  const ws = new WebSocket(`ws://${e.host}:${e.port}/app/${e.key}?protocol=7`);
  const frames: Frame[] = [];
  ws.on('message', (raw) => frames.push(JSON.parse(raw.toString()) as Frame));
  await until(() => frames.length > 0, 5000, 'greeting');
  const socketId = (JSON.parse(frames[0]!.data as string) as { socket_id: string }).socket_id;
  const send = (m: object) => ws.send(JSON.stringify(m));
  /** Resolves once every message sent before has been handled (the hub answers in order). */
  const settled = async () => {
    const pongs = frames.filter((f) => f.event === 'pusher:pong').length;
    send({ event: 'pusher:ping', data: {} });
    await until(() => frames.filter((f) => f.event === 'pusher:pong').length > pongs, 5000, 'pong');
  };
  return { ws, frames, socketId, send, settled };
}

const errorCodes = (frames: Frame[]) =>
  frames.filter((f) => f.event === 'pusher:error').map((f) => (f.data as { code: number | null }).code);

describe('per-socket caps', () => {
  it(`refuses a subscription past ${REALTIME.maxChannelsPerConnection} channels with pusher:error 4300, and accepts again after an unsubscribe`, async () => {
    const s = await socket();
    const max = REALTIME.maxChannelsPerConnection;
    for (let i = 0; i < max + 5; i++) s.send({ event: 'pusher:subscribe', data: { channel: `campaign.cap-${i}` } });
    await s.settled();
    const succeeded = s.frames.filter((f) => f.event === 'pusher_internal:subscription_succeeded');
    expect(succeeded).toHaveLength(max);
    expect(s.frames.filter((f) => f.event === 'pusher:subscription_error').map((f) => f.channel)).toEqual(
      [0, 1, 2, 3, 4].map((i) => `campaign.cap-${max + i}`),
    );
    expect(errorCodes(s.frames)).toEqual([4300, 4300, 4300, 4300, 4300]);
    expect(s.ws.readyState).toBe(WebSocket.OPEN);
    // Resubscribing to a channel it holds is not a new one; leaving one makes room.
    s.send({ event: 'pusher:subscribe', data: { channel: 'campaign.cap-0' } });
    s.send({ event: 'pusher:unsubscribe', data: { channel: 'campaign.cap-1' } });
    s.send({ event: 'pusher:subscribe', data: { channel: 'campaign.cap-new' } });
    await s.settled();
    expect(s.frames.some((f) => f.event === 'pusher_internal:subscription_succeeded' && f.channel === 'campaign.cap-new')).toBe(
      true,
    );
    expect(errorCodes(s.frames)).toHaveLength(5);
    s.ws.close();
  });

  it(`relays at most ${REALTIME.clientEventsPerSecond} client events a second per socket; the rest get 4301 and are dropped`, async () => {
    const channel = 'private-tribe.00000000-0000-4000-8000-0000000000aa';
    const rt = t.app.ctx.realtime;
    const sender = await socket();
    const receiver = await socket();
    for (const s of [sender, receiver])
      s.send({ event: 'pusher:subscribe', data: { channel, auth: channelAuth(rt.appKey, rt.secret, s.socketId, channel) } });
    await sender.settled();
    await receiver.settled();
    const sent = REALTIME.clientEventsPerSecond + 15;
    for (let i = 0; i < sent; i++) sender.send({ event: 'client-typing', channel, data: { i } });
    await sender.settled();
    const refused = errorCodes(sender.frames).filter((c) => c === 4301).length;
    expect(refused).toBeGreaterThanOrEqual(sent - 2 * REALTIME.clientEventsPerSecond);
    // Every client event was either relayed or refused, never both.
    await until(() => receiver.frames.filter((f) => f.event === 'client-typing').length === sent - refused, 5000, 'relayed');
    await receiver.settled();
    expect(receiver.frames.filter((f) => f.event === 'client-typing')).toHaveLength(sent - refused);
    sender.ws.close();
    receiver.ws.close();
  });
});

describe('/broadcasting/auth answers malformed requests with a 4xx in the envelope', () => {
  const authPost = (payload: string | Buffer, headers: Record<string, string>, url = '/broadcasting/auth') =>
    t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } });
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

  it('refuses with 403 channel ids that are not uuids, and channels nobody may join', async () => {
    const me = await signUp(t);
    const auth = bearer(me.token);
    const { tribe } = await leaderWithTribe(t);
    await joinTribe(t, me.token, tribe.id);
    const refusedChannels = [
      'private-tribe.aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaa-', // 36 of [0-9a-f-], not a uuid: the database refused it (500)
      'presence-tribe.------------------------------------',
      'private-tribe.0123456789abcdef0123456789abcdef0123',
      'presence-tribe.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
      `private-tribe.${tribe.id.toUpperCase()}`,
      `private-tribe.${tribe.id}.x`,
      'private-tribe.',
      'private-App.Models.User.00000000-0000-4000-8000-000000000000',
      'private-App.Models.User.',
      'campaign.00000000-0000-4000-8000-000000000000',
      'presence-campaign.xyz',
      'private-encrypted-x',
    ];
    for (const channel of refusedChannels) {
      const res = await authPost(form({ socket_id: '1.2', channel_name: channel }), auth);
      expect(res.statusCode, channel).toBe(403);
      expect(res.json(), channel).toMatchObject({ status: 'error' });
    }
    const ok = await authPost(form({ socket_id: '1.2', channel_name: `private-tribe.${tribe.id}` }), auth);
    expect(ok.statusCode).toBe(200);
    // The user, and what the hub tracks to end the subscription: the session and when it was granted.
    expect(JSON.parse(ok.json().channel_data as string)).toEqual({
      user_id: me.user.id,
      session_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      issued_at: expect.any(Number),
    });
  });

  it('answers 400 to malformed socket ids and channel names, 4xx to wrong or huge bodies', async () => {
    const me = await signUp(t);
    const auth = bearer(me.token);
    const malformed = [
      { socket_id: '1.2.3', channel_name: 'private-x' },
      { socket_id: '9'.repeat(5000) + '.1', channel_name: 'private-x' },
      { socket_id: '1.2', channel_name: 'x'.repeat(201) },
      { socket_id: '1.2', channel_name: 'private-a b' },
      { socket_id: '1.2', channel_name: 'private-\u0000' },
      { socket_id: '1.2', channel_name: 'private-tribe.été' },
      { socket_id: '', channel_name: '' },
    ];
    for (const fields of malformed) {
      const res = await authPost(form(fields), auth);
      expect(res.statusCode, JSON.stringify(fields).slice(0, 80)).toBe(400);
      expect(res.json()).toMatchObject({ status: 'error' });
    }
    const weird: { body: string | Buffer; type: string }[] = [
      { body: 'socket_id=1.2&channel_name=private-x', type: 'text/plain' },
      {
        body: '--b\r\nContent-Disposition: form-data; name="socket_id"\r\n\r\n1.2\r\n--b--',
        type: 'multipart/form-data; boundary=b',
      },
      { body: '[1,2]', type: 'application/json' },
      { body: '{"socket_id":1.2,"channel_name":["private-x"]}', type: 'application/json' },
      { body: '{"socket_id":', type: 'application/json' },
      { body: '%E0%A4%A=1&socket_id=%', type: 'application/x-www-form-urlencoded' },
      { body: '__proto__=1&constructor=2', type: 'application/x-www-form-urlencoded' },
      { body: Buffer.alloc(2 * 1024 * 1024, 'a'), type: 'application/x-www-form-urlencoded' },
    ];
    for (const { body, type } of weird) {
      const res = await authPost(body, { ...auth, 'content-type': type });
      expect(res.statusCode, type).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, type).toBeLessThan(500);
      expect(res.json()).toMatchObject({ status: 'error' });
    }
    for (const body of ['socket_id=1.2.3', 'socket_id=' + '1'.repeat(30) + '.1', '']) {
      const res = await authPost(body, auth, '/broadcasting/user-auth');
      expect(res.statusCode, body).toBe(400);
      expect(res.json()).toMatchObject({ status: 'error' });
    }
    expect((await authPost('socket_id=1.2', {}, '/broadcasting/user-auth')).statusCode).toBe(401);
  });
});
