import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailSink, type MailSink } from './mail-sink.js';
import { startPostgres, type PostgresServer } from './postgres-server.js';
import { startServerProcess } from './server-process.js';

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

/** A request with a 10 s client-side guard: a hang fails the test instead of passing late. */
async function call(url: string, init: RequestInit = {}) {
  const res = await fetch(`${node.baseUrl}${url}`, { ...init, signal: AbortSignal.timeout(10_000) });
  const text = await res.text();
  let body: { status?: string; error_type?: string; message?: string; data?: unknown } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    /* not JSON */
  }
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body };
}

async function signUp(): Promise<string> {
  const email = `outage-${Date.now()}@example.test`;
  const json = { 'content-type': 'application/json' };
  const reg = await call('/api/v1/auth/register', {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ name: 'Out Age', email, password: 'a fine passphrase', password_confirmation: 'a fine passphrase' }),
  });
  expect(reg.status).toBe(201);
  const mail = await sink.waitFor(email, 1, 30_000);
  const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
  const verified = await call('/api/v1/auth/email/otp/verify', {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, code, purpose: 'email-verification' }),
  });
  expect(verified.status).toBe(200);
  return (verified.body.data as { auth_token: string }).auth_token;
}

describe('PostgreSQL stopped and started again under a running node', () => {
  it('answers 503 in the envelope while it is down, then recovers by itself', async () => {
    const token = await signUp();
    const auth = { authorization: `Bearer ${token}` };
    // A token the node has never seen: checking it needs the database.
    const unseen = { authorization: `Bearer ${'x'.repeat(40)}` };
    expect((await call('/api/v1/tribes')).status).toBe(200);
    expect((await call('/api/v1/me', { headers: auth })).status).toBe(200);

    await pgServer.pause();

    for (const [url, headers] of [
      ['/api/v1/tribes', {}],
      ['/api/v1/me/sessions', auth],
      ['/api/v1/me', unseen],
    ] as const) {
      // Twice: the first may meet a pooled connection the shutdown cut off, the second a refused connect.
      for (let i = 0; i < 2; i++) {
        const res = await call(url, { headers });
        expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(503);
        expect(res.body).toMatchObject({ status: 'error', error_type: 'database_unavailable' });
        expect(res.body.message).toMatch(/database/i);
        expect(res.retryAfter).toBe('5');
      }
    }
    // In another language, from the catalogue.
    const fr = await call('/api/v1/tribes', { headers: { 'accept-language': 'fr' } });
    expect(fr.body.message).toMatch(/base de données/);
    expect(node.child.exitCode).toBeNull();

    await pgServer.resume();

    // Polled, not timed: the node needs nothing from outside to serve again.
    const deadline = Date.now() + 10_000;
    let last = 0;
    while (Date.now() < deadline) {
      last = (await call('/api/v1/me/sessions', { headers: auth })).status;
      if (last === 200) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(last).toBe(200);
    expect((await call('/api/v1/tribes')).status).toBe(200);
    expect(node.child.exitCode).toBeNull();
    expect(node.output()).not.toMatch(/unexpected error/);
  }, 120_000);
});
