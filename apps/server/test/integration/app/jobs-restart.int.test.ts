import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/core/db/client.js';
import { startMailSink, type MailSink } from '#test/mail-sink.js';
import { freePort } from '#test/processes.js';
import { startServerProcess } from '#test/server-process.js';
import { createTestDatabase, TEST_DB } from '#test/test-database.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'tribes-jobs-restart-'));
let pgDatabase: (Database & { url?: string }) | undefined;
const children: { kill(signal: NodeJS.Signals): boolean; exitCode: number | null }[] = [];
let sink: MailSink | undefined;

afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  await sink?.close();
  await pgDatabase?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a mail queued before the process is killed', () => {
  it('is sent after the restart', async () => {
    // The SMTP server is down at first: the mail's first try fails and it waits in the queue for a retry.
    const smtpPort = await freePort();
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      DATABASE_URL: '',
      SEED_DEMO: 'false',
      JOBS_ENABLED: 'true',
      MAIL_RETRY_DELAY_SECONDS: '3',
    };
    if (TEST_DB === 'postgres') {
      pgDatabase = await createTestDatabase({ migrate: false });
      env.DATABASE_URL = pgDatabase.url!;
    }
    const first = await startServerProcess(env);
    children.push(first.child);
    const email = `restart-${Date.now()}@example.test`;
    const reg = await fetch(`${first.baseUrl}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Re Start',
        email,
        password: 'a fine passphrase',
        password_confirmation: 'a fine passphrase',
      }),
    });
    expect(reg.status).toBe(201);
    // The worker's first try was refused (logged at warn, without the mail); kill before its retry is due.
    const deadline = Date.now() + 30_000;
    while (!first.output().includes('job failed') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(first.output()).toContain('job failed');
    // pg-boss records the failure (and schedules the retry) just after the handler throws, without
    // waiting: a kill in that instant leaves the job 'active' until it expires (15 min). Kill in the quiet
    // window instead: the failure is recorded within milliseconds and the retry is not due for 3 s.
    await new Promise((r) => setTimeout(r, 1000));
    first.child.kill('SIGKILL');
    await first.exited;

    sink = await startMailSink({ port: smtpPort });

    const second = await startServerProcess(env);
    children.push(second.child);
    const mail = await sink.waitFor(email, 1, 60_000);
    expect(mail.text).toMatch(/\b\d{6}\b/);
    expect(sink.forAddress(email)).toHaveLength(1);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 300_000);
});
