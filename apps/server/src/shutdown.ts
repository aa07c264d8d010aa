import type { FastifyInstance } from 'fastify';

/**
 * The orderly stop of DESIGN 11.1 (SIGTERM, SIGINT), within `graceMs`: readiness answers 503 and the
 * listener closes at once; websockets are closed with 4200 (pusher-js reconnects, to another node
 * behind a balancer) while the requests in flight are answered; then the job queue stops taking jobs
 * and waits for those running, failing what is left so pg-boss retries it on another node; then the
 * app closes (mailer, realtime bus, Redis). The caller closes the database and exits.
 *
 * Jobs stop after the requests, not beside them: a request in flight may still queue a mail.
 */
export async function drainApp(app: FastifyInstance, graceMs: number): Promise<void> {
  const deadline = Date.now() + graceMs;
  // pusher-js answers a close at once: a socket that has not within 3 s is cut, not waited for.
  const [answered] = await Promise.all([app.httpDrain.drain(graceMs), app.ctx.realtime.drain(Math.min(graceMs, 3_000))]);
  if (!answered) app.log.warn({ graceMs }, 'requests still in flight at the end of the grace period were cut');
  // pg-boss waits one second at least, even when the requests took the whole grace.
  await app.ctx.jobs.stop(Math.max(1_000, deadline - Date.now()));
  await app.close();
}
