import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_QUEUE } from '#src/core/mail/mailer.js';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { startMailSink, type MailSink } from '#test/mail-sink.js';
import { pusherClient, until } from '#test/realtime-clients.js';

const TOKEN = 'metrics-token-0123456789abcdef';
const auth = { authorization: `Bearer ${TOKEN}` };

/** The scrape's text, with the right token. */
async function scrape(t: TestApp): Promise<string> {
  const res = await t.app.inject({ url: '/metrics', headers: auth });
  expect(res.statusCode).toBe(200);
  return res.body;
}

/** The value of one sample line (`name{labels} value`), or undefined when the scrape has no such line. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** Polls the scrape until the sample has the value (a background worker moves it). */
async function untilSample(t: TestApp, series: string, value: number): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (sample(await scrape(t), series) !== value && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  expect(sample(await scrape(t), series)).toBe(value);
}

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    // A served web app answers unknown paths with its page: /metrics must not become one.
    dist = mkdtempSync(path.join(tmpdir(), 'tribes-web-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Tribes</title>');
    t = await buildTestApp({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("answers the envelope 404, even to a bearer token, never the web app's page", async () => {
    expect((await t.app.inject({ url: '/some/page' })).headers['content-type']).toMatch(/^text\/html/);
    for (const headers of [{}, auth]) {
      const res = await t.app.inject({ url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 'error', message: 'The requested resource could not be found.' });
    }
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { METRICS_TOKEN: TOKEN }, captureLogs: true });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => t?.close());

  it('answers 401 in the envelope to a missing, wrong or non-bearer token, and never the series', async () => {
    const refused = [
      {},
      { authorization: 'Bearer wrong-token-0123456789abcdef' },
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Bearer ${TOKEN.slice(0, -1)}` },
      { authorization: `Basic ${Buffer.from(`prometheus:${TOKEN}`).toString('base64')}` },
      { authorization: TOKEN },
    ];
    for (const headers of refused) {
      const res = await t.app.inject({ url: '/metrics', headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.json()).toEqual({ status: 'error', message: 'Unauthorized. Please sign in again.' });
      expect(res.body).not.toContain('http_request_duration_seconds');
    }
  });

  it('answers Prometheus text to the right token, with the process default metrics', async () => {
    const res = await t.app.inject({ url: '/metrics', headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('# TYPE process_cpu_user_seconds_total counter');
    expect(res.body).toContain('# TYPE http_request_duration_seconds histogram');
    expect(res.body).toContain('# TYPE tribes_mail_failed_total counter');
    expect(sample(res.body, 'tribes_mail_failed_total')).toBe(0);
  });

  it('labels request durations with the route template, never the raw URL; unknown URLs share one label', async () => {
    const id = randomUUID();
    expect((await t.app.inject({ url: `/api/v1/tribes/${id}` })).statusCode).toBe(404);
    const unknown = `/api/v1/no-such-thing-${randomUUID()}`;
    expect((await t.app.inject({ url: unknown })).statusCode).toBe(404);
    const text = await scrape(t);
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/v1/tribes/:id",status="404"}')).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="unmatched",status="404"}')).toBe(1);
    expect(text).toContain(
      'http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/v1/tribes/:id",status="404"}',
    );
    expect(text).not.toContain(id);
    expect(text).not.toContain('no-such-thing');
  });

  it('writes the route template and the request id on the request log lines, not the raw URL in the route', async () => {
    const id = randomUUID();
    const res = await t.app.inject({ url: `/api/v1/tribes/${id}?token=secret-in-query` });
    const reqId = res.headers['x-request-id'] as string;
    const completed = t.logs
      .map((l) => JSON.parse(l) as { msg?: string; reqId?: string; route?: string })
      .find((l) => l.msg === 'request completed' && l.reqId === reqId);
    expect(completed).toMatchObject({ reqId, route: '/api/v1/tribes/:id' });
    expect(t.logs.filter((l) => l.includes('secret-in-query'))).toEqual([]);
  });

  it("counts this node's open websocket connections", async () => {
    expect(sample(await scrape(t), 'tribes_realtime_connections')).toBe(0);
    const pusher = pusherClient(t);
    try {
      await until(() => pusher.connection.state === 'connected', 5000, 'connected');
      expect(sample(await scrape(t), 'tribes_realtime_connections')).toBe(1);
    } finally {
      pusher.disconnect();
    }
    await until(() => t.app.ctx.realtime.hub.connectionCount === 0, 5000, 'socket closed');
    expect(sample(await scrape(t), 'tribes_realtime_connections')).toBe(0);
  });
});

describe('job and mail series', () => {
  let sink: MailSink;
  let t: TestApp;
  beforeAll(async () => {
    // bounce@ addresses are refused for good (550) on every try.
    sink = await startMailSink({ refuseRecipient: (address) => address.startsWith('bounce@') });
    t = await buildTestApp({
      env: { METRICS_TOKEN: TOKEN, JOBS_ENABLED: 'true', MAIL_RETRY_DELAY_SECONDS: '1', SMTP_URL: sink.url },
      captureLogs: true,
    });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it('reports jobs by queue and state, zeros included', async () => {
    const text = await scrape(t);
    expect(text).toContain('# TYPE tribes_jobs gauge');
    for (const state of ['created', 'retry', 'active', 'completed', 'cancelled', 'failed']) {
      expect(sample(text, `tribes_jobs{queue="${MAIL_QUEUE}",state="${state}"}`), state).toBeGreaterThanOrEqual(0);
    }
  });

  it('counts a mail once when its last try fails, not at each refused try', async () => {
    expect(sample(await scrape(t), 'tribes_mail_failed_total')).toBe(0);
    // One retry: refused twice, failed for good once.
    await t.app.ctx.jobs.send(
      MAIL_QUEUE,
      { to: 'bounce@example.test', subject: 's', text: 't', html: '<p>t</p>' },
      { retryLimit: 1 },
    );
    await untilSample(t, `tribes_jobs{queue="${MAIL_QUEUE}",state="failed"}`, 1);
    // Both tries were made: the first refusal was retried, the second was the last.
    expect(t.logs.filter((l) => l.includes('job failed; pg-boss retries it'))).toHaveLength(1);
    expect(t.logs.filter((l) => l.includes('job failed for good'))).toHaveLength(1);
    expect(sample(await scrape(t), 'tribes_mail_failed_total')).toBe(1);
  }, 60_000);
});

describe('mail sent in-process (no job queue)', () => {
  it('counts a refused mail as failed for good: it has no other try', async () => {
    const sink = await startMailSink({ refuseRecipient: (address) => address.startsWith('bounce@') });
    const t = await buildTestApp({ env: { METRICS_TOKEN: TOKEN, SMTP_URL: sink.url } });
    try {
      t.app.ctx.mailer.enqueue({ to: 'bounce@example.test', subject: 's', text: 't', html: '<p>t</p>' });
      t.app.ctx.mailer.enqueue({ to: 'fine@example.test', subject: 's', text: 't', html: '<p>t</p>' });
      await t.app.ctx.mailer.flush();
      expect(sample(await scrape(t), 'tribes_mail_failed_total')).toBe(1);
      expect(sample(await scrape(t), 'tribes_jobs{queue="mail",state="failed"}')).toBeUndefined();
    } finally {
      await t.close();
      await sink.close();
    }
  });
});
