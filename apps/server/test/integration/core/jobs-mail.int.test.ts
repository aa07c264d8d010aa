import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns } from '#src/core/db/schema/index.js';
import { MAIL_QUEUE } from '#src/core/mail/mailer.js';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { RUN_PLEDGES_QUEUE } from '#src/modules/treasury/index.js';
import { CLOSE_ENDED_CAMPAIGNS_QUEUE } from '#src/modules/wallet/index.js';
import { bearer, buildRegistration, buyTokens, createCampaign, leaderWithTribe, post, signUp } from '#test/factories.js';
import { mailQueueDrained } from '#test/mail-queue.js';
import { startMailSink, type MailSink } from '#test/mail-sink.js';

const JOBS_ENV = { JOBS_ENABLED: 'true', MAIL_RETRY_DELAY_SECONDS: '1' };

describe('mail through the durable job queue', () => {
  let sink: MailSink;
  let t: TestApp;
  beforeAll(async () => {
    // Refuses the first two messages (451), and bounce@ addresses for good (550).
    sink = await startMailSink({ refuseFirst: 2, refuseRecipient: (address) => address.startsWith('bounce@') });
    t = await buildTestApp({ env: { ...JOBS_ENV, SMTP_URL: sink.url }, captureLogs: true });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it('delivers the verification code after the SMTP server refused it twice, and logs no code', async () => {
    const reg = buildRegistration();
    expect((await post(t, '/api/v1/auth/register', reg)).status).toBe(201);
    const mail = await sink.waitFor(reg.email, 1, 30_000);
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    expect(sink.attempts()).toBe(3);
    // The code works: the mail that arrived is the one the account is waiting for.
    const verified = await post(t, '/api/v1/auth/email/otp/verify', { email: reg.email, code, purpose: 'email-verification' });
    expect(verified.status).toBe(200);
    // The refusals were logged as job failures, without the mail (its code) in any log line.
    expect(t.logs.some((l) => l.includes('job failed'))).toBe(true);
    expect(t.logs.filter((l) => l.includes(code))).toEqual([]);
    expect(await t.app.ctx.jobs.failedCount(MAIL_QUEUE)).toBe(0);
    // The job table holds the mail sealed: neither its code nor its address can be read there.
    const rows = (await t.app.ctx.db.execute(
      sql`select data::text as data from pgboss.job where name = ${MAIL_QUEUE}`,
    )) as unknown as { rows: { data: string }[] } | { data: string }[];
    const data = (Array.isArray(rows) ? rows : rows.rows).map((r) => r.data);
    expect(data.length).toBeGreaterThan(0);
    for (const d of data) {
      expect(d).toMatch(/"sealed": ?"v1\./);
      expect(d).not.toContain(code);
      expect(d).not.toContain(reg.email);
    }
  }, 60_000);

  it('sends a burst in batches: a mail refused in the middle neither stops nor repeats the others', async () => {
    const to = Array.from({ length: 30 }, (_, i) => (i === 12 ? 'bounce@example.test' : `burst-${i}@example.test`));
    for (const address of to) t.app.ctx.mailer.enqueue({ to: address, subject: 'Burst', text: 'b', html: '<p>b</p>' });
    for (const address of to.filter((a) => !a.startsWith('bounce@'))) await sink.waitFor(address, 1, 30_000);
    // Any repeat would be a job due or running: none is left when the queue has drained.
    await mailQueueDrained(t.app, 30_000);
    for (const address of to.filter((a) => !a.startsWith('bounce@'))) expect(sink.forAddress(address)).toHaveLength(1);
  }, 60_000);

  it('keeps a mail that fails for good as a failed job, counted by GET /v1/health', async () => {
    const failed = async () =>
      ((await t.app.inject({ url: '/api/v1/health' })).json().data.jobs as { mail_failed: number }).mail_failed;
    expect(await failed()).toBe(0);
    // No retries left for this one, so its first refusal is its last.
    await t.app.ctx.jobs.send(
      MAIL_QUEUE,
      { to: 'bounce@example.test', subject: 's', text: 't', html: '<p>t</p>' },
      { retryLimit: 0 },
    );
    const deadline = Date.now() + 20_000;
    while ((await failed()) === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await failed()).toBe(1);
  }, 60_000);
});

// On api-postgres two app instances share one PostgreSQL database (as two nodes would); on api-pglite
// they share one PGlite: either way two pg-boss workers poll the same queue.
describe('two nodes on one database', () => {
  it('sends each mail once', async () => {
    const sink = await startMailSink();
    const a = await buildTestApp({ env: { ...JOBS_ENV, SMTP_URL: sink.url } });
    const b = await buildTestApp({ env: { ...JOBS_ENV, SMTP_URL: sink.url }, database: a.database });
    try {
      const regs = Array.from({ length: 6 }, () => buildRegistration());
      // Half registered through each node; both nodes' workers poll the same queue.
      await Promise.all(regs.map((reg, i) => post(i % 2 ? a : b, '/api/v1/auth/register', reg)));
      for (const reg of regs) await sink.waitFor(reg.email, 1, 30_000);
      // Let any duplicate that was going to be sent arrive before counting: both mailers flushed, the shared queue drained.
      await Promise.all([mailQueueDrained(a.app, 30_000), mailQueueDrained(b.app, 30_000)]);
      for (const reg of regs) expect(sink.forAddress(reg.email)).toHaveLength(1);
    } finally {
      await b.close();
      await a.close();
      await sink.close();
    }
  }, 90_000);
});

describe('a running queue', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The ordinary in-process sink: sign-up reads its code from it, a moment after the queue sends it.
    t = await buildTestApp({ env: { JOBS_ENABLED: 'true' } });
  });
  afterAll(async () => t?.close());

  describe('the test support waits for the mail queue to drain', () => {
    it('resolves only once every mail due has been sent, and does not wait for a mail held for later', async () => {
      const to = Array.from({ length: 5 }, (_, i) => `drain-${i}@example.test`);
      const held = 'held-for-later@example.test';
      for (const address of to) t.app.ctx.mailer.enqueue({ to: address, subject: 'Drain', text: 'd', html: '<p>d</p>' });
      const later = new Date(t.clock.now().getTime() + 3600_000);
      t.app.ctx.mailer.enqueue({ to: held, subject: 'Held', text: 'h', html: '<p>h</p>', notBefore: later });
      // No waiting on the sink: the queue's own state says when the mails are out.
      await mailQueueDrained(t.app);
      for (const address of to) expect(t.mail.forAddress(address)).toHaveLength(1);
      expect(t.mail.forAddress(held)).toEqual([]);
    });
  });

  describe('scheduled work: campaigns close at ends_at, monthly pledges are taken', () => {
    it('registers the every-minute schedule', async () => {
      expect(await t.app.ctx.jobs.schedules()).toContainEqual({ name: CLOSE_ENDED_CAMPAIGNS_QUEUE, cron: '* * * * *' });
    });

    it("registers the pledges' every-15-minutes schedule", async () => {
      expect(await t.app.ctx.jobs.schedules()).toContainEqual({ name: RUN_PLEDGES_QUEUE, cron: '*/15 * * * *' });
    });

    it('closes a campaign whose deadline has passed, without any request, as of its deadline', async () => {
      const { leader, tribe } = await leaderWithTribe(t);
      const endsAt = new Date(t.clock.now().getTime() + 3600_000);
      const ended = await createCampaign(t, leader.token, tribe.id, { ends_at: endsAt.toISOString() });
      const running = await createCampaign(t, leader.token, tribe.id, {
        ends_at: new Date(t.clock.now().getTime() + 3 * 3600_000).toISOString(),
      });
      t.clock.advance(2 * 3600_000);
      // What the schedule sends every minute, sent now: the worker (not this test) runs it.
      await t.app.ctx.jobs.send(CLOSE_ENDED_CAMPAIGNS_QUEUE, {});
      // The stored row (answers already read a campaign past its deadline as closed, whatever is stored).
      const stored = async (id: string) => (await t.app.ctx.db.select().from(campaigns).where(eq(campaigns.id, id)))[0]!;
      const deadline = Date.now() + 20_000;
      while ((await stored(ended.id)).status !== 'closed' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      const closed = await stored(ended.id);
      expect(closed.status).toBe('closed');
      expect(closed.closedAt?.toISOString()).toBe(endsAt.toISOString());
      expect((await stored(running.id)).status).toBe('active');
    }, 60_000);

    it("takes a monthly pledge due, without any request, when the pledges' job runs", async () => {
      t.clock.set(new Date('2031-03-05T10:00:00.000Z'));
      const { tribe } = await leaderWithTribe(t);
      const giver = await signUp(t);
      await buyTokens(t, giver.token, 500);
      const made = await t.app.inject({
        method: 'POST',
        url: '/api/v1/pledges',
        payload: { target_type: 'tribe', target_id: tribe.id, amount: 120, day_of_month: 10 },
        headers: bearer(giver.token),
      });
      expect(made.json().data.pledge).toMatchObject({ due_month: '2031-03', next_run_at: '2031-03-10T08:00:00.000Z' });
      const balance = async () => Number((await t.app.ctx.ledger.accountOf('user', giver.user.id)).balance);
      t.clock.set(new Date('2031-03-10T08:15:00.000Z'));
      // What the schedule sends every 15 minutes, sent now: the worker (not this test) runs it.
      await t.app.ctx.jobs.send(RUN_PLEDGES_QUEUE, {});
      const deadline = Date.now() + 20_000;
      while ((await balance()) === 500 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(await balance()).toBe(380);
      const [pledge] = (await t.app.ctx.pledges.mine((await t.app.ctx.usersRepo.findById(giver.user.id))!)).items;
      expect(pledge).toMatchObject({ due_month: '2031-04', next_run_at: '2031-04-10T08:00:00.000Z', failures: 0 });
      expect((await t.app.ctx.ledger.checkInvariants()).ok).toBe(true);
    }, 60_000);
  });
});
