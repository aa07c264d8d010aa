import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailSink, type MailSink } from '#test/mail-sink.js';
import { startPostgres, type PostgresServer } from '#test/postgres-server.js';
import { callNode, signUpOnNode, startServerProcess } from '#test/server-process.js';

/**
 * DESIGN 11.1, faults: a real node on its own real PostgreSQL server, which is stopped under it and
 * started again. While it is down, requests that need it answer 503 in the envelope (never a 500,
 * never a hang, never a 401 that would sign the user out); the node recovers by itself.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'tribes-pg-outage-'));
let pgServer: PostgresServer;
let sink: MailSink;
let node: Awaited<ReturnType<typeof startServerProcess>>;

beforeAll(async () => {
  pgServer = await startPostgres();
  sink = await startMailSink();
  node = await startServerProcess({
    DATA_DIR: dataDir,
    DATABASE_URL: pgServer.url,
    SMTP_URL: sink.url,
    SEED_DEMO: 'false',
    JOBS_ENABLED: 'true',
  });
});
afterAll(async () => {
  if (node?.child.exitCode === null) {
    node.child.kill('SIGKILL');
    await node.exited;
  }
  await sink?.close();
  await pgServer?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A GET to the node, with the helper's 10 s guard: a hang fails the test instead of passing late. */
const call = (url: string, headers: Record<string, string> = {}) => callNode(node.baseUrl, 'GET', url, undefined, headers);

describe('PostgreSQL stopped and started again under a running node', () => {
  it('answers 503 in the envelope while it is down, then recovers by itself', async () => {
    const auth = await signUpOnNode(node.baseUrl, sink, `outage-${Date.now()}@example.test`, 'Out Age');
    // A token the node has never seen: checking it needs the database.
    const unseen = { authorization: `Bearer ${'x'.repeat(40)}` };
    expect((await call('/api/v1/tribes')).status).toBe(200);
    expect((await call('/api/v1/me', auth)).status).toBe(200);

    await pgServer.pause();

    for (const [url, headers] of [
      ['/api/v1/tribes', {}],
      ['/api/v1/me/sessions', auth],
      ['/api/v1/me', unseen],
    ] as const) {
      // Twice: the first may meet a pooled connection the shutdown cut off, the second a refused connect.
      for (let i = 0; i < 2; i++) {
        const res = await call(url, headers);
        expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(503);
        expect(res.body).toMatchObject({ status: 'error', error_type: 'database_unavailable' });
        expect(res.body.message).toMatch(/database/i);
        expect(res.headers.get('retry-after')).toBe('5');
      }
    }
    // In another language, from the catalogue.
    const fr = await call('/api/v1/tribes', { 'accept-language': 'fr' });
    expect(fr.body.message).toMatch(/base de données/);
    expect(node.child.exitCode).toBeNull();

    await pgServer.resume();

    // Polled, not timed: the node needs nothing from outside to serve again.
    const deadline = Date.now() + 10_000;
    let last = 0;
    while (Date.now() < deadline) {
      last = (await call('/api/v1/me/sessions', auth)).status;
      if (last === 200) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(last).toBe(200);
    expect((await call('/api/v1/tribes')).status).toBe(200);
    expect(node.child.exitCode).toBeNull();
    expect(node.output()).not.toMatch(/unexpected error/);
  }, 120_000);
});
