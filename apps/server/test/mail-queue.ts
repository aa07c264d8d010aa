import type { FastifyInstance } from 'fastify';
import { bossDb } from '#src/core/jobs/jobs.js';
import { MAIL_QUEUE } from '#src/core/mail/mailer.js';

/**
 * Mail jobs due now or running: waiting ones whose time has come (new, or a retry past its back-off)
 * and the ones a worker holds. A mail held for later (a member's quiet hours, a retry still in its
 * back-off) is not due.
 */
async function mailJobsInHand(app: FastifyInstance): Promise<number> {
  const { rows } = await bossDb(app.ctx.db).executeSql(
    `SELECT count(*)::int AS n FROM pgboss.job
      WHERE name = $1 AND (state = 'active' OR (state IN ('created', 'retry') AND start_after <= now()))`,
    [MAIL_QUEUE],
  );
  return Number((rows[0] as { n: number } | undefined)?.n ?? 0);
}

/**
 * Waits until the app has no mail in hand, instead of sleeping a while before a "nothing was sent"
 * check: every mail enqueued so far has left the mailer (sent in-process when the job queue is off,
 * as in most tests; queued otherwise), and the durable `mail` queue has no job due or running (on
 * PGlite and PostgreSQL alike: pg-boss keeps its jobs in the app's own database). When it resolves,
 * every mail the app had to send by then is in the sink. Work the app starts after its answer (a
 * donation's receipt, mailed after the commit) is not in hand until it enqueues its mail.
 */
export async function mailQueueDrained(app: FastifyInstance, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await app.ctx.mailer.flush();
    if (!app.ctx.jobs.running) return;
    const inHand = await mailJobsInHand(app);
    if (inHand === 0) return;
    if (Date.now() > deadline) throw new Error(`the mail queue still had ${inHand} job(s) due or running after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
