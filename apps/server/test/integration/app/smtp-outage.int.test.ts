import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/core/db/client.js';
import { startMailSink, type MailSink } from '#test/mail-sink.js';
import { callNode, mailedCode, signUpOnNode, startServerProcess, type ServerProcess } from '#test/server-process.js';
import { createTestDatabase, TEST_DB } from '#test/test-database.js';

/**
 * DESIGN 11.1 and issue 36.4, faults: a real node whose SMTP server stops, on either database (the
 * queue is pg-boss on both: in PostgreSQL, or in the embedded PGlite). Requests that send mail answer
 * as usual; their mails wait in the queue, retried with back-off, and /metrics and the health say so;
 * when the server is back on its port, each mail arrives once, and none is lost.
 */
const METRICS_TOKEN = 'smtp-outage-metrics-token';
const dataDir = mkdtempSync(path.join(tmpdir(), 'tribes-smtp-outage-'));
let pgDatabase: (Database & { url?: string }) | undefined;
let sink: MailSink;
let node: ServerProcess;

beforeAll(async () => {
  sink = await startMailSink();
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SMTP_URL: sink.url,
    SEED_DEMO: 'false',
    JOBS_ENABLED: 'true',
    // A quick first retry, doubled each time as in production.
    MAIL_RETRY_DELAY_SECONDS: '1',
    METRICS_TOKEN,
  };
  if (TEST_DB === 'postgres') {
    pgDatabase = await createTestDatabase({ migrate: false });
    env.DATABASE_URL = pgDatabase.url!;
  }
  node = await startServerProcess(env);
}, 120_000);
afterAll(async () => {
  if (node?.child.exitCode === null) {
    node.child.kill('SIGKILL');
    await node.exited;
  }
  await sink?.close();
  await pgDatabase?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The mail queue as /metrics shows it: jobs by state, and the mails failed for good. */
async function mailMetrics() {
  const res = await fetch(`${node.baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(res.status).toBe(200);
  const text = await res.text();
  const jobs: Record<string, number> = {};
  for (const m of text.matchAll(/^tribes_jobs\{queue="mail",state="(\w+)"\} (\d+)$/gm)) jobs[m[1]!] = Number(m[2]);
  const failed = /^tribes_mail_failed_total (\d+)$/m.exec(text);
  expect(failed, 'tribes_mail_failed_total in /metrics').not.toBeNull();
  return { jobs, failedTotal: Number(failed![1]) };
}

async function healthJobs() {
  const res = await callNode(node.baseUrl, 'GET', '/api/v1/health');
  expect(res.status).toBe(200);
  return res.body.data!.jobs as { mail_failed: number; waiting: number; active: number };
}

/** Polls `check` until it holds (or fails with the last value after `timeoutMs`). */
async function until<T>(read: () => Promise<T>, check: (v: T) => boolean, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!check(value)) {
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
    value = await read();
  }
  return value;
}

describe('the SMTP server stopped and started again under a running node', () => {
  it('answers mail-sending requests as usual, keeps their mails queued for retries, then delivers each once', async () => {
    const member = `smtp-member-${TEST_DB}@example.test`;
    // Mail flows before the outage.
    await signUpOnNode(node.baseUrl, sink, member, 'Smtp Member');
    const port = Number(new URL(sink.url).port);
    await sink.close();

    // Two requests that send mail: a sign-up (its verification code) and an email sign-in code.
    const newcomer = `smtp-newcomer-${TEST_DB}@example.test`;
    const password = 'a fine passphrase for outages';
    const registered = await callNode(node.baseUrl, 'POST', '/api/v1/auth/register', {
      name: 'Smtp Newcomer',
      email: newcomer,
      password,
      password_confirmation: password,
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    const codeSent = await callNode(node.baseUrl, 'POST', '/api/v1/auth/email/otp/send', { email: member, purpose: 'login' });
    expect(codeSent.status, JSON.stringify(codeSent.body)).toBe(200);

    // Both mails were tried, refused (the port is closed), and wait for a retry: nothing failed for good.
    await until(
      () => Promise.resolve(node.output().match(/job failed; pg-boss retries it/g)?.length ?? 0),
      (n) => n >= 2,
      'tries refused and logged',
    );
    const during = await until(
      mailMetrics,
      (m) => (m.jobs.retry ?? 0) + (m.jobs.active ?? 0) + (m.jobs.created ?? 0) === 2,
      'two mails waiting in /metrics',
    );
    expect(during.failedTotal).toBe(0);
    expect(during.jobs.failed).toBe(0);
    expect(during.jobs.retry).toBeGreaterThanOrEqual(1);
    const healthDuring = await healthJobs();
    expect(healthDuring.mail_failed).toBe(0);
    expect(healthDuring.waiting + healthDuring.active).toBeGreaterThanOrEqual(2);
    // The node itself is unharmed: it serves, and readiness does not depend on mail.
    expect((await callNode(node.baseUrl, 'GET', '/api/v1/health/ready')).status).toBe(200);
    expect(node.child.exitCode).toBeNull();

    // The SMTP server comes back on the same port: the next retry of each mail goes through.
    sink = await startMailSink({ port });
    const verificationCode = await mailedCode(sink, newcomer);
    const loginCode = await mailedCode(sink, member);

    // Once the queue holds no mail still to send, no second copy can come: each arrived once.
    const after = await until(
      mailMetrics,
      (m) => (m.jobs.retry ?? 0) + (m.jobs.active ?? 0) + (m.jobs.created ?? 0) === 0,
      'the mail queue drained',
    );
    expect(after.jobs.completed).toBeGreaterThanOrEqual(3);
    expect(after.jobs.failed).toBe(0);
    expect(after.failedTotal).toBe(0);
    expect(sink.forAddress(newcomer)).toHaveLength(1);
    expect(sink.forAddress(member)).toHaveLength(1);
    // The health's counts cover every queue (a schedule's job may be waiting): none of mail failed.
    expect((await healthJobs()).mail_failed).toBe(0);

    // The mails that arrived late are the ones the accounts wait for: both codes work.
    const verified = await callNode(node.baseUrl, 'POST', '/api/v1/auth/email/otp/verify', {
      email: newcomer,
      code: verificationCode,
      purpose: 'email-verification',
    });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    const signedIn = await callNode(node.baseUrl, 'POST', '/api/v1/auth/email/otp/verify', {
      email: member,
      code: loginCode,
      purpose: 'login',
    });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(node.output()).not.toMatch(/unexpected error/);
  }, 90_000);
});
