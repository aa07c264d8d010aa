import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess } from './server-process.js';
import { createTestDatabase, TEST_DB } from './test-database.js';
import type { Database } from '#src/core/db/client.js';

let child: ChildProcess;
let output: () => string;
let baseUrl = '';
let dataDir = '';
let pgDatabase: (Database & { url?: string }) | undefined;
let exitCode: Promise<number | null>;

/** The real entry point as `npm start` runs it: migrations at start-up, dev mailbox, SIGTERM. */
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'tribes-process-'));
  const env: Record<string, string> = { DATA_DIR: dataDir, SMTP_URL: '', DATABASE_URL: '' };
  if (TEST_DB === 'postgres') {
    // A fresh, empty database: main.ts must migrate it itself.
    pgDatabase = await createTestDatabase({ migrate: false });
    env.DATABASE_URL = pgDatabase.url!;
  }
  const server = await startServerProcess(env);
  ({ child, baseUrl, output } = server);
  exitCode = server.exited;
}, 60_000);

afterAll(async () => {
  if (child.exitCode === null) child.kill('SIGKILL');
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
    expect(health.body.data).toEqual({ status: 'ok', database: TEST_DB });
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

  it('exits cleanly on SIGTERM', async () => {
    child.kill('SIGTERM');
    expect(await exitCode).toBe(0);
  });
});
