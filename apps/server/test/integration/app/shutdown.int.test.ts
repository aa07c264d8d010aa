import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { rawHttp } from '#test/http-raw.js';
import { Pusher, until } from '#test/realtime-clients.js';
import { startServerProcess } from '#test/server-process.js';

/**
 * DESIGN 11.1, a node that stops on SIGTERM (SIGINT, the same path, is in startup-together), with the real
 * entry point in a child process: readiness 503 at once, no new connection, the request in flight
 * answered, websockets closed with 4200 so pusher-js reconnects at once, exit 0.
 */
const dirs: string[] = [];
const children: { kill(signal: NodeJS.Signals): boolean; exitCode: number | null }[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function startNode(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tribes-shutdown-'));
  dirs.push(dataDir);
  const node = await startServerProcess({
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SMTP_URL: '',
    SEED_DEMO: 'false',
    REVERB_APP_KEY: 'drain-key',
    ...env,
  });
  children.push(node.child);
  return { ...node, port: Number(new URL(node.baseUrl).port) };
}

/** The stock pusher-js client on the node, recording the error codes its connection reports and its states. */
function pusherOn(port: number) {
  const pusher = new Pusher('drain-key', {
    cluster: '',
    wsHost: '127.0.0.1',
    wsPort: port,
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
  });
  const codes: number[] = [];
  const states: string[] = [];
  pusher.connection.bind('error', (e: { data?: { code?: unknown } }) => {
    if (typeof e.data?.code === 'number') codes.push(e.data.code);
  });
  pusher.connection.bind('state_change', (s: { current: string }) => states.push(s.current));
  return { pusher, codes, states };
}

const registration = JSON.stringify({
  name: 'Late Arrival',
  email: 'late.arrival@example.test',
  password: 'a fine passphrase',
  password_confirmation: 'a fine passphrase',
});

describe('a node that stops', () => {
  it('on SIGTERM: ready 503 at once, no new connection, the request in flight answered, sockets closed with 4200, exit 0', async () => {
    // A grace far longer than the test needs: the request in flight must end by its answer, not by the deadline.
    const node = await startNode({ SHUTDOWN_GRACE_SECONDS: '120' });
    const live = pusherOn(node.port);
    await until(() => live.pusher.connection.state === 'connected', 15_000, 'pusher-js connected');

    // A balancer's keep-alive connection, opened before the signal.
    const balancer = await rawHttp(node.port);
    balancer.send('GET /api/v1/health/ready HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect((await balancer.response()).status).toBe(200);

    // A request in flight: its headers are in (the server's 100 Continue says so), its body is not yet.
    const slow = await rawHttp(node.port);
    slow.send(
      'POST /api/v1/auth/register HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${Buffer.byteLength(registration)}\r\nExpect: 100-continue\r\n\r\n`,
    );
    expect((await slow.response()).status).toBe(100);

    node.child.kill('SIGTERM');

    // Readiness turns 503 (in the envelope, the connection closed after it) as soon as the signal is handled.
    let ready = { status: 200, headers: {} as Record<string, string>, body: '' };
    while (ready.status === 200) {
      balancer.send('GET /api/v1/health/ready HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      ready = await balancer.response();
    }
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toEqual({ status: 'error', message: 'This server is shutting down. Please try again.' });
    expect(ready.headers.connection).toBe('close');
    await balancer.closed;

    // No new connection is taken.
    await expect(fetch(`${node.baseUrl}/api/v1/health/live`)).rejects.toThrow();

    // pusher-js heard 4200 and reconnects at once (state 'connecting'), rather than giving up or backing off.
    await until(() => live.codes.includes(4200), 15_000, 'close code 4200');
    await until(() => live.states.includes('connecting'), 15_000, 'pusher-js reconnecting');
    live.pusher.disconnect();

    // The request in flight completes: the account is created, its mail queued.
    slow.send(registration);
    const answer = await slow.response();
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.body)).toMatchObject({ status: 'success' });

    expect(await node.exited).toBe(0);
  }, 120_000);

  it('refuses a bad SHUTDOWN_GRACE_SECONDS at start-up with a clear message, touching nothing', async () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'tribes-shutdown-bad-')), 'data');
    dirs.push(path.dirname(dataDir));
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..'),
      env: { ...process.env, PORT: '0', NODE_ENV: 'production', DATA_DIR: dataDir, SHUTDOWN_GRACE_SECONDS: 'forever' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(78);
    expect(output).toContain('SHUTDOWN_GRACE_SECONDS must be a whole number from 1 to 600 (got "forever")');
    expect(output).not.toContain('Tribes is running');
    expect(existsSync(dataDir)).toBe(false);
  }, 60_000);
});
