import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawExchange, rawWebSocket, UPGRADE_HEADERS } from '#test/realtime-raw.js';
import { startServerProcess } from '#test/server-process.js';

/**
 * The real entry point in a child process: hostile upgrades and frames must not end it (an
 * uncaught exception there exits the process, which an in-process test only sees as an error).
 */
let child: ChildProcess;
let port = 0;
let dataDir = '';
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'tribes-realtime-process-'));
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    SMTP_URL: '',
    DATABASE_URL: '',
    SEED_DEMO: 'false',
    REVERB_APP_KEY: 'process-key',
  });
  child = server.child;
  port = Number(new URL(server.baseUrl).port);
}, 90_000);
afterAll(() => {
  if (child?.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

const upgrade = (target: string) => `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${UPGRADE_HEADERS}\r\n`;

describe('the server process under hostile websocket traffic', () => {
  it('answers 4xx to hostile upgrades, survives hostile frames, and keeps serving HTTP and websockets', async () => {
    expect(await rawExchange(port, upgrade('/app/%E0%A4%A'))).toMatch(/^HTTP\/1\.1 400 /);
    expect(await rawExchange(port, upgrade('http://[bad'))).toMatch(/^HTTP\/1\.1 4\d\d /);
    const ws = await rawWebSocket(port, '/app/process-key?protocol=7');
    for (const m of ['[]', '{"event":"client-x","channel":{"toString":1,"valueOf":1}}', '{"event":"pusher:ping"}'])
      ws.frame(1, m);
    ws.frame(3, 'reserved opcode');
    await ws.closed;

    expect(child.exitCode).toBeNull();
    expect((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).status).toBe(200);
    const client = new WebSocket(`ws://127.0.0.1:${port}/app/process-key?protocol=7`);
    const greeting = await new Promise<string>((resolve, reject) => {
      client.once('message', (raw) => resolve((JSON.parse(raw.toString()) as { event: string }).event));
      client.once('error', reject);
    });
    client.close();
    expect(greeting).toBe('pusher:connection_established');
  });
});
