import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_EXPORT_QUEUE } from '#src/modules/exports/index.js';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { caller } from '#test/call.js';
import { createPost, signUp } from '#test/factories.js';
import { mailQueueDrained } from '#test/mail-queue.js';

let t: TestApp;
const call = caller(() => t, { prefix: '/api' });

beforeAll(async () => {
  t = await buildTestApp({ env: { JOBS_ENABLED: 'true', MAIL_RETRY_DELAY_SECONDS: '1' } });
});
afterAll(async () => {
  await t?.close();
});

describe('the data export on the durable job queue', () => {
  it('is built by a data-export job holding only the export id, and its link is mailed', async () => {
    const member = await signUp(t);
    await createPost(t, member.token, { body: 'Built by a worker' });
    const res = await call('POST', '/v1/me/export', member.token);
    expect(res.status).toBe(202);
    const id = res.body.data.id as string;

    let state = await call('GET', `/v1/me/exports/${id}`, member.token);
    for (let i = 0; i < 500 && state.body.data.status === 'pending'; i++) {
      await new Promise((r) => setTimeout(r, 20));
      state = await call('GET', `/v1/me/exports/${id}`, member.token);
    }
    expect(state.body.data.status).toBe('ready');
    await mailQueueDrained(t.app);
    const mail = t.mail.forAddress(member.email).find((m) => m.text.includes(`/api/v1/exports/${id}/download`));
    expect(mail?.text).toContain(state.body.data.download_url);

    // The job's row names the export and nothing else: no link, no signature, no address.
    const query = sql`select data::text as data, state::text as state from pgboss.job where name = ${DATA_EXPORT_QUEUE}`;
    const raw = (await t.app.ctx.db.execute(query)) as unknown as
      { rows: { data: string; state: string }[] } | { data: string; state: string }[];
    const jobs = Array.isArray(raw) ? raw : raw.rows;
    expect(jobs).toHaveLength(1);
    expect(JSON.parse(jobs[0]!.data)).toEqual({ export_id: id });

    const download = new URL(state.body.data.download_url as string);
    const zip = await t.app.inject({ method: 'GET', url: `${download.pathname}${download.search}` });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
  }, 60_000);
});
