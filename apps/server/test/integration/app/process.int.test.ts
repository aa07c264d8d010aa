import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '#test/server-process.js';
import { createTestDatabase, TEST_DB } from '#test/test-database.js';
import type { Database } from '#src/core/db/client.js';

let child: ChildProcess;
let output: () => string;
let baseUrl = '';
let dataDir = '';
let pgDatabase: (Database & { url?: string }) | undefined;
let exitCode: Promise<number | null>;
let env: Record<string, string> = {};

/** The real entry point as `npm start` runs it: migrations at start-up, dev mailbox, SIGTERM. */
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'tribes-process-'));
  // Demo data has its own test (seed.int.test.ts); without it each start here is quicker.
  env = { DATA_DIR: dataDir, SMTP_URL: '', DATABASE_URL: '', SEED_DEMO: 'false' };
  if (TEST_DB === 'postgres') {
    // A fresh, empty database: main.ts must migrate it itself.
    pgDatabase = await createTestDatabase({ migrate: false });
    env.DATABASE_URL = pgDatabase.url!;
  }
  const server = await startServerProcess(env);
  ({ child, baseUrl, output } = server);
  exitCode = server.exited;
}, 120_000);

/** A start that is expected to give up: its exit code and everything it printed. */
function startExpectingRefusal(extraEnv: Record<string, string>) {
  const refused = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..'),
    env: { ...(process.env as Record<string, string>), PORT: '0', LOG_LEVEL: 'warn', NODE_ENV: 'production', ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  refused.stdout.on('data', (d: Buffer) => (text += d.toString()));
  refused.stderr.on('data', (d: Buffer) => (text += d.toString()));
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    refused.once('exit', (code) => resolve({ code, output: text })),
  );
}

let extra: ChildProcess | undefined;
afterAll(async () => {
  if (extra && extra.exitCode === null) extra.kill('SIGKILL');
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await pgDatabase?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const json = (url: string, body?: object) =>
  fetch(
    `${baseUrl}${url}`,
    body ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : undefined,
  ).then(async (r) => ({ status: r.status, body: (await r.json()) as { status: string; data: Record<string, unknown> } }));

describe('the server process', () => {
  it('migrates its database at start-up and answers on the printed URL', async () => {
    const health = await json('/api/v1/health');
    expect(health.status).toBe(200);
    // The job queue runs in the real process (JOBS_ENABLED defaults on): no mail has failed.
    // NODE_ENV=production without PAYMENT_PROVIDER: no purchases (DESIGN 11.1); no demo data asked for, none found.
    expect(health.body.data).toEqual({
      status: 'ok',
      database: TEST_DB,
      jobs: { mail_failed: 0, waiting: expect.any(Number), active: expect.any(Number) },
      realtime: { connections: 0 },
      payments: { provider: 'none' },
      demo_accounts: false,
    });
  });

  it('lets a newcomer sign up with no mail server: the code is in the dev mailbox and on the console', async () => {
    const email = 'newcomer@example.test';
    const reg = await json('/api/v1/auth/register', {
      name: 'New Comer',
      email,
      password: 'a fine passphrase',
      password_confirmation: 'a fine passphrase',
    });
    expect(reg.status).toBe(201);
    const deadline = Date.now() + 5000;
    let files: string[] = [];
    while (files.length === 0 && Date.now() < deadline) {
      const dir = path.join(dataDir, 'mailbox');
      files = existsSync(dir) ? readdirSync(dir).filter((name) => name.includes(email)) : [];
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(files).toHaveLength(1);
    const eml = readFileSync(path.join(dataDir, 'mailbox', files[0]!), 'utf8');
    expect(eml).toContain(`To: ${email}`);
    const code = /\[dev mailbox\] newcomer@example\.test: email-verification code (\d{6})/.exec(output())?.[1];
    expect(code).toBeDefined();
    expect(eml).toContain(code!);
    const verified = await json('/api/v1/auth/email/otp/verify', { email, code, purpose: 'email-verification' });
    expect(verified.status).toBe(200);
    expect(verified.body.data.auth_token).toBeTypeOf('string');
  });

  if (TEST_DB === 'pglite') {
    it('refuses a second process on the same PGlite DATA_DIR at once, naming the folder and the owner pid', async () => {
      const second = await startExpectingRefusal(env);
      expect(second.code).not.toBe(0);
      expect(second.output).toContain(dataDir);
      expect(second.output).toContain(`pid ${child.pid}`);
      expect(second.output).not.toContain('Tribes is running');
      // The owner keeps serving.
      expect((await json('/api/v1/health')).status).toBe(200);
    }, 60_000);
  } else {
    it('lets a second node share DATA_DIR (uploads) when the database is PostgreSQL', async () => {
      const second = await startServerProcess(env);
      extra = second.child;
      const health = await fetch(`${second.baseUrl}/api/v1/health`);
      expect(health.status).toBe(200);
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    }, 120_000);
  }

  it('exits cleanly on SIGTERM', async () => {
    child.kill('SIGTERM');
    expect(await exitCode).toBe(0);
    expect(existsSync(path.join(dataDir, 'tribes.lock'))).toBe(false);
  });

  it('starts again on the same data after a SIGKILL, taking over the lock the killed process left', async () => {
    const killed = await startServerProcess(env);
    extra = killed.child;
    expect(killed.output()).toContain('Tribes is running');
    killed.child.kill('SIGKILL');
    await killed.exited;
    if (TEST_DB === 'pglite') expect(readFileSync(path.join(dataDir, 'tribes.lock'), 'utf8')).toContain(`${killed.child.pid}`);
    const next = await startServerProcess(env);
    extra = next.child;
    baseUrl = next.baseUrl;
    // What the first process wrote is still there.
    const exists = await json('/api/v1/check_email_exists', { email: 'newcomer@example.test' });
    expect(exists.body.data).toEqual({ exists: true });
    next.child.kill('SIGTERM');
    expect(await next.exited).toBe(0);
  }, 180_000);
});
