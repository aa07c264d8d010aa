import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { translate } from '@tribes/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '#src/app.js';
import { loadConfig } from '#src/core/config.js';
import { DEFAULT_HTTP_TIMEOUTS } from '#src/core/http-timeouts.js';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';

/** DESIGN 10.1 timeouts; the behaviour is tested on a node with the same options made short. */
const SHORT = { headersMs: 1_000, requestMs: 2_000, keepAliveMs: 1_000, checkIntervalMs: 250 };
/** Far longer than any short limit above: past it, a connection that is still open was not cut. */
const GRACE_MS = 15_000;

let defaults: TestApp;
let short: FastifyInstance;
let shortDir = '';
let port = 0;

beforeAll(async () => {
  defaults = await buildTestApp();
  shortDir = mkdtempSync(path.join(tmpdir(), 'tribes-timeouts-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: shortDir,
    APP_SECRET: 'test-secret-test-secret-test-secret-0123',
    REVERB_APP_ID: '1001',
    REVERB_APP_KEY: 'test-key',
    REVERB_APP_SECRET: 'test-reverb-secret-0123',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    WEB_DIST_DIR: path.join(shortDir, 'no-web'),
  });
  short = await buildApp({ config, database: defaults.database, timeouts: SHORT });
  await short.listen({ host: '127.0.0.1', port: 0 });
  port = (short.server.address() as AddressInfo).port;
}, 120_000);

afterAll(async () => {
  await short?.close();
  await defaults?.close();
  rmSync(shortDir, { recursive: true, force: true });
});

/** A raw connection that records what the server sends and whether it closed the connection. */
async function rawConnection() {
  const socket: Socket = connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let received = '';
  let closed = false;
  socket.on('data', (d: Buffer) => (received += d.toString()));
  socket.on('error', () => undefined);
  const closedPromise = new Promise<void>((resolve) =>
    socket.once('close', () => {
      closed = true;
      resolve();
    }),
  );
  return {
    socket,
    received: () => received,
    isClosed: () => closed,
    /** Resolves once the server has closed the connection, or after GRACE_MS. */
    closedOrGrace: () => Promise.race([closedPromise, new Promise((r) => setTimeout(r, GRACE_MS))]),
  };
}

describe('HTTP timeouts (DESIGN 10.1)', () => {
  it('uses headers 30 s, whole request 60 s and keep-alive 10 s on the real server, checked often enough to hold', () => {
    const server = defaults.app.server;
    expect(server.keepAliveTimeout).toBe(10_000);
    expect(server.headersTimeout).toBe(DEFAULT_HTTP_TIMEOUTS.headersMs);
    expect(server.requestTimeout).toBe(DEFAULT_HTTP_TIMEOUTS.requestMs);
    // Node cuts a late request at its next check: limit plus check interval stays within the DESIGN values.
    expect(server.headersTimeout + DEFAULT_HTTP_TIMEOUTS.checkIntervalMs).toBeLessThanOrEqual(30_000);
    expect(server.requestTimeout + DEFAULT_HTTP_TIMEOUTS.checkIntervalMs).toBeLessThanOrEqual(60_000);
    expect(server.headersTimeout).toBeGreaterThanOrEqual(25_000);
    expect(server.requestTimeout).toBeGreaterThanOrEqual(55_000);
  });

  it("closes a request whose body stops arriving, with a 408 in the envelope in the reader's language", async () => {
    const c = await rawConnection();
    c.socket.write(
      'POST /api/v1/check_email_exists HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Language: fr\r\n' +
        'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"',
    );
    await c.closedOrGrace();
    expect(c.isClosed()).toBe(true);
    const [head = '', body = ''] = c.received().split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(body)).toEqual({ status: 'error', message: translate('fr', 'errors.request_timeout') });
  });

  it('answers a request Node cannot parse with a 400 in the envelope', async () => {
    const c = await rawConnection();
    c.socket.write('NOT AN HTTP REQUEST\r\n\r\n');
    await c.closedOrGrace();
    const [head = '', body = ''] = c.received().split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(body)).toEqual({ status: 'error', message: translate('en', 'errors.bad_request') });
  });

  it('closes a connection whose headers never finish', async () => {
    const c = await rawConnection();
    c.socket.write('GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    await c.closedOrGrace();
    expect(c.isClosed()).toBe(true);
  });

  it('closes an idle keep-alive connection after a request', async () => {
    const c = await rawConnection();
    c.socket.write('GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await c.closedOrGrace();
    expect(c.received()).toMatch(/^HTTP\/1\.1 200 /);
    expect(c.isClosed()).toBe(true);
  });

  it('does not cut an upgraded websocket at the request timeout', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/app/test-key?protocol=7`);
    const messages: string[] = [];
    ws.on('message', (data: Buffer) => messages.push(data.toString()));
    let closed = false;
    ws.on('close', () => (closed = true));
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    // Well past the request, header and keep-alive limits and several checks.
    await new Promise((r) => setTimeout(r, SHORT.requestMs + SHORT.headersMs + 4 * SHORT.checkIntervalMs));
    expect(closed).toBe(false);
    ws.send(JSON.stringify({ event: 'pusher:ping', data: {} }));
    const deadline = Date.now() + GRACE_MS;
    while (!messages.some((m) => m.includes('pusher:pong')) && Date.now() < deadline && !closed) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(messages.some((m) => m.includes('pusher:connection_established'))).toBe(true);
    expect(messages.some((m) => m.includes('pusher:pong'))).toBe(true);
    ws.close();
  });
});
