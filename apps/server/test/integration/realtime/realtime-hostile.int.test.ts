import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { pusherClient, until } from '#test/realtime-clients.js';
import { rawExchange, rawWebSocket, UPGRADE_HEADERS } from '#test/realtime-raw.js';

/**
 * Hostile websocket upgrades and frames against a real listening server: each gets a 4xx or a
 * close, and the node keeps serving HTTP and stock pusher-js clients. An exception thrown out of
 * the upgrade or socket handlers would be uncaught here and fail the run.
 */
let t: TestApp;
let port = 0;
beforeAll(async () => {
  t = await buildTestApp({ captureLogs: true });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(async () => {
  await t.close();
});

const upgrade = (target: string) => `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${UPGRADE_HEADERS}\r\n`;

/** The node still answers HTTP and a stock pusher-js client still connects. */
async function stillServing() {
  const health = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
  expect(health.status).toBe(200);
  const client = pusherClient(t);
  try {
    let state = '';
    client.connection.bind('connected', () => (state = 'connected'));
    await until(() => state === 'connected', 5000, 'pusher-js connection');
  } finally {
    client.disconnect();
  }
}

describe('hostile websocket upgrades', () => {
  it('answers 400 to a malformed percent-encoding in the app key, logs it once, and keeps serving', async () => {
    const before = t.logs.filter((l) => l.includes('websocket upgrade failed')).length;
    const answer = await rawExchange(port, upgrade('/app/%E0%A4%A'));
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(t.logs.filter((l) => l.includes('websocket upgrade failed')).length).toBe(before + 1);
    await stillServing();
  });

  it('answers 400 to an absolute-form target that is not a URL', async () => {
    for (const target of ['http://[bad', 'http://[::1/app/test-key', 'http://%zz/app/test-key']) {
      const answer = await rawExchange(port, upgrade(target));
      expect(answer, target).toMatch(/^HTTP\/1\.1 4\d\d /);
    }
    await stillServing();
  });

  it('answers 404 off /app/{key} and 400 to other malformed keys', async () => {
    expect(await rawExchange(port, upgrade('/nowhere'))).toMatch(/^HTTP\/1\.1 404 /);
    expect(await rawExchange(port, upgrade('/app/a/b'))).toMatch(/^HTTP\/1\.1 404 /);
    expect(await rawExchange(port, upgrade('/app/%'))).toMatch(/^HTTP\/1\.1 400 /);
    expect(await rawExchange(port, upgrade('/app/%C0%80?protocol=7'))).toMatch(/^HTTP\/1\.1 400 /);
    await stillServing();
  });

  it('survives clients that reset mid-handshake or send broken upgrade headers', async () => {
    for (const request of [upgrade('/app/test-key').slice(0, 40), upgrade('/app/%E0%A4%A'), upgrade('/app/test-key')]) {
      const socket = net.connect(port, '127.0.0.1');
      socket.on('error', () => undefined);
      await new Promise<void>((r) => socket.once('connect', () => r()));
      socket.write(request);
      socket.resetAndDestroy();
    }
    // Upgrade without a valid key: ws itself answers 400.
    const noKey = `GET /app/test-key HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n\r\n`;
    expect(await rawExchange(port, noKey)).toMatch(/^HTTP\/1\.1 400 /);
    await stillServing();
  });
});

describe('hostile frames on an open socket', () => {
  const key = 'test-key';

  it('closes on invalid frames, bad UTF-8 and oversize payloads, and keeps serving', async () => {
    const reserved = await rawWebSocket(port, `/app/${key}?protocol=7`);
    expect(reserved.head).toMatch(/ 101 /);
    reserved.frame(3, 'x');
    await reserved.closed;

    const badUtf8 = await rawWebSocket(port, `/app/${key}?protocol=7`);
    badUtf8.frame(1, Buffer.from([0xff, 0xfe, 0xfd]));
    await badUtf8.closed;

    const oversize = await rawWebSocket(port, `/app/${key}?protocol=7`);
    oversize.frame(1, 'x'.repeat(64 * 1024));
    await oversize.closed;

    const resetting = await rawWebSocket(port, `/app/${key}?protocol=7`);
    resetting.frame(1, '{"event":"pusher:ping"');
    resetting.socket.resetAndDestroy();
    await resetting.closed;
    await stillServing();
  });

  it('answers messages of every wrong shape with pusher:error, never a crash', async () => {
    const ws = await rawWebSocket(port, `/app/${key}?protocol=7`);
    const hostile = [
      'not json',
      '[]',
      '1',
      'null',
      '"pusher:ping"',
      '{"event":42}',
      '{"event":"pusher:subscribe"}',
      '{"event":"pusher:subscribe","data":"null"}',
      '{"event":"pusher:subscribe","data":[1,2]}',
      '{"event":"pusher:subscribe","data":{"channel":{"toString":1,"valueOf":1}}}',
      '{"event":"pusher:subscribe","data":{"channel":"presence-x","auth":{"a":1},"channel_data":7}}',
      '{"event":"pusher:unsubscribe","data":{"channel":{"toString":1,"valueOf":1}}}',
      '{"event":"pusher:unsubscribe","data":"{\\"channel\\":[]}"}',
      '{"event":"pusher:signin","data":null}',
      '{"event":"pusher:signin","data":{"user_data":{"toString":1,"valueOf":1},"auth":"x"}}',
      '{"event":"client-x","channel":{"toString":1,"valueOf":1},"data":{}}',
      '{"event":"client-x","channel":["private-a"],"data":{}}',
      '{"event":{"toString":1,"valueOf":1}}',
      '{"__proto__":{"event":"pusher:ping"}}',
    ];
    for (const message of hostile) ws.frame(1, message);
    ws.frame(2, Buffer.from([1, 2, 3]));
    ws.frame(1, '{"event":"pusher:ping","data":{}}');
    // The pong comes after every earlier message was handled: the socket is still open and answering.
    await until(() => ws.text().includes('pusher:pong'), 5000, 'pong');
    expect(ws.text().split('pusher:error').length - 1).toBeGreaterThanOrEqual(10);
    ws.socket.destroy();
    await stillServing();
  });
});
