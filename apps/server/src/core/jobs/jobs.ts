import { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { Db } from '../db/client.js';

/**
 * Durable jobs in the app's own database (DESIGN 10.3, docs/decisions/016-job-queue.md): pg-boss,
 * talking through the app's connection (the pg pool, or PGlite's single connection) via its `db`
 * adapter, so no second pool is opened and PGlite works as PostgreSQL does. A job is fetched with
 * `FOR UPDATE SKIP LOCKED`, so with several nodes on one database each job runs on one node once
 * (a node that dies mid-job leaves it active until its expiry, after which the queue's upkeep, run every
 * `maintenanceSeconds` by one node, hands it out again).
 *
 * Job data may hold secrets (a rendered mail holds a sign-in code): nothing here logs job data, only
 * queue names, ids and error names/messages.
 */
export interface JobDefinition<T> {
  handler: (data: T) => Promise<void>;
  /** Tries after the first (pg-boss retryLimit). */
  retryLimit?: number;
  /** Seconds before the first retry (at least 1 when there are retries); doubled on each retry (with jitter) when `retryBackoff`. */
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  /**
   * Seconds a fetched job may stay active before pg-boss takes it for lost and hands it out again
   * (pg-boss's default: 15 minutes). A batch member not begun by half of it is released at once instead.
   */
  expireInSeconds?: number;
  /** A cron line (UTC): the queue is also sent a job on this schedule (once across nodes). */
  cron?: string;
  /** Called when a job's last try fails (no retry left): it stays as a failed job (e.g. counted by a metric). */
  onFailedForGood?: () => void;
}

/** The states pg-boss keeps a job in, as `tribes_jobs` reports them. */
export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;

/** How many jobs of a queue are in one state. */
export interface JobStateCount {
  queue: string;
  state: (typeof JOB_STATES)[number];
  count: number;
}

export interface Jobs {
  /** Whether the queue runs (JOBS_ENABLED); when off, callers do their work in-process as before. */
  readonly enabled: boolean;
  /** True between start() and stop(). */
  readonly running: boolean;
  /** Declares a queue and its worker; before start(). */
  define<T extends object>(queue: string, definition: JobDefinition<T>): void;
  start(): Promise<void>;
  /**
   * Stops fetching and waits for the jobs in hand up to `timeoutMs` (5 s by default, 1 s at least);
   * those still running then are failed, so pg-boss retries them (on another node) as their queue
   * allows. The database stays open.
   */
  stop(timeoutMs?: number): Promise<void>;
  /**
   * Queues a job; `retryLimit` overrides the queue's (a test of a mail that fails for good); `startAfter`
   * holds it until then (quiet hours); `singletonKey` makes a second job with the same key, while the
   * first is waiting or running, a no-op answering null.
   */
  send<T extends object>(queue: string, data: T, options?: SendOptions): Promise<string | null>;
  /** Jobs kept as failed (tries used up), for operators. */
  failedCount(queue: string): Promise<number>;
  /** Jobs of every queue waiting for a worker (new or to retry) and running now, for operators. */
  counts(): Promise<{ waiting: number; active: number }>;
  /** The cron schedules registered in the database. */
  schedules(): Promise<{ name: string; cron: string }[]>;
  /**
   * Jobs of each queue this node defined, by state (zeros included), in one grouped query over the
   * jobs pg-boss still holds (archived ones are not counted); empty while the queue is not running.
   */
  stateCounts(): Promise<JobStateCount[]>;
}

export interface SendOptions {
  retryLimit?: number;
  startAfter?: Date;
  singletonKey?: string;
}

export interface JobsOptions {
  db: Db;
  logger: FastifyBaseLogger;
  enabled: boolean;
  /** How often an idle worker looks for new jobs (pg-boss minimum 0.5 s). */
  pollingSeconds?: number;
  /**
   * How often the queue's upkeep runs, once across nodes (pg-boss's maintenance, 120 s by default): it
   * hands out again the jobs left active past their expiry by a node that died, and archives old ones.
   */
  maintenanceSeconds?: number;
}

/** pg-boss's `db` adapter over the app's own driver. */
export function bossDb(db: Db): PgBoss.Db {
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
  if (client instanceof pg.Pool) {
    return { executeSql: async (text, values) => client.query(text, values) };
  }
  return {
    async executeSql(text, values) {
      // pg-boss sends its migrations and maintenance as one multi-statement string without
      // parameters (BEGIN; ...; COMMIT): PGlite runs those through exec, everything else through query.
      if (!values || values.length === 0) {
        const results = await client.exec(text);
        return results[results.length - 1] ?? { rows: [] };
      }
      return client.query(text, values);
    },
  };
}

/**
 * Jobs fetched per poll. pg-boss waits a polling interval after each fetch unless woken, so with one
 * job per fetch a backlog drains at one job per interval (about 4 jobs/s on PostgreSQL by `npm run
 * bench -- queue-postgres`); a batch drains it that many times faster.
 */
const BATCH_SIZE = 25;

export function createJobs(options: JobsOptions): Jobs {
  const { logger } = options;
  const definitions = new Map<string, JobDefinition<object>>();
  let boss: PgBoss | undefined;
  let running = false;
  const workerIds = new Map<string, string>();

  const logError = (err: Error) => logger.error({ err: { name: err.name, message: err.message } }, 'job queue error');

  /**
   * A fetched batch, one job at a time: each is completed as soon as its handler succeeds, or failed
   * on its own (pg-boss then retries it with back-off), so one bad job neither fails its neighbours
   * nor makes jobs already done run again.
   *
   * Every job of a batch starts its expiry at the fetch. Once half of it has gone on the jobs before
   * (a mail server that answers slowly), the rest are released unbegun rather than begun late: a job
   * still running at its expiry is handed out again by the upkeep, and would then run twice.
   */
  async function handle(queue: string, def: JobDefinition<object>, jobs: PgBoss.JobWithMetadata<object>[]) {
    const fetchedAt = Date.now();
    for (const [i, job] of jobs.entries()) {
      if (Date.now() - fetchedAt > (job.expireInSeconds * 1000) / 2) {
        const rest = jobs.slice(i);
        logger.warn({ queue, jobs: rest.length }, 'jobs not begun within half their expiry; released for a retry');
        for (const j of rest) {
          await boss!.fail(queue, j.id, { name: 'Released', message: 'not begun within half its expiry' });
          // Released on its last try, it is kept as failed like any other job whose tries are used up.
          if (j.retryCount >= j.retryLimit) def.onFailedForGood?.();
        }
        return;
      }
      try {
        await def.handler(job.data);
      } catch (err) {
        const e = err as Error;
        // pg-boss retries while retry_count < retry_limit (its fetch counts the tries): otherwise this was the last.
        const last = job.retryCount >= job.retryLimit;
        // The job's data is not logged: it may hold a code.
        logger.warn(
          { queue, job: job.id, err: { name: e.name, message: e.message } },
          last ? 'job failed for good; kept as a failed job' : 'job failed; pg-boss retries it',
        );
        await boss!.fail(queue, job.id, { name: e.name, message: e.message });
        if (last) def.onFailedForGood?.();
        continue;
      }
      await boss!.complete(queue, job.id);
    }
  }

  return {
    enabled: options.enabled,
    get running() {
      return running;
    },
    define(queue, definition) {
      if (running) throw new Error(`job queue ${queue} defined after start`);
      // pg-boss completes a batch's ids after its handler returns, without waiting, while the worker
      // fetches again at once: a job failed here with no delay could be fetched again first, and then be
      // marked completed without running. A retry delay keeps it out of that next fetch.
      if ((definition.retryLimit ?? 0) > 0 && (definition.retryDelaySeconds ?? 0) < 1) {
        throw new Error(`job queue ${queue}: retries need retryDelaySeconds of 1 or more`);
      }
      definitions.set(queue, definition as JobDefinition<object>);
    },
    async start() {
      if (!options.enabled || running) return;
      boss = new PgBoss({
        db: bossDb(options.db),
        // Archive and delete on pg-boss's defaults; maintenance and the cron clock run once across nodes.
        supervise: true,
        ...(options.maintenanceSeconds ? { maintenanceIntervalSeconds: options.maintenanceSeconds } : {}),
        schedule: [...definitions.values()].some((d) => d.cron),
      });
      boss.on('error', logError);
      await boss.start();
      for (const [queue, def] of definitions) {
        await boss.createQueue(queue, {
          name: queue,
          retryLimit: def.retryLimit ?? 0,
          retryDelay: def.retryDelaySeconds ?? 0,
          retryBackoff: def.retryBackoff ?? false,
          ...(def.expireInSeconds ? { expireInSeconds: def.expireInSeconds } : {}),
        });
        const workerId = await boss.work<object>(
          queue,
          { pollingIntervalSeconds: options.pollingSeconds ?? 2, batchSize: BATCH_SIZE, includeMetadata: true },
          (jobs) => handle(queue, def, jobs),
        );
        workerIds.set(queue, workerId);
        if (def.cron) await boss.schedule(queue, def.cron, {}, { tz: 'UTC' });
      }
      running = true;
    },
    async stop(timeoutMs = 5_000) {
      if (!boss) return;
      running = false;
      const b = boss;
      boss = undefined;
      workerIds.clear();
      await b.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
    },
    async send(queue, data, sendOptions) {
      if (!boss) throw new Error('job queue not running');
      const id = await boss.send(queue, data, sendOptions ?? {});
      // This node's worker looks now rather than at its next poll (another node may still take it first).
      const workerId = workerIds.get(queue);
      if (workerId) boss.notifyWorker(workerId);
      return id;
    },
    async failedCount(queue) {
      if (!boss) return 0;
      // Failed jobs stay in pgboss.job until archived (pg-boss keeps them for days), so they can be counted and retried.
      const { rows } = await bossDb(options.db).executeSql(
        "SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND state = 'failed'",
        [queue],
      );
      return Number((rows[0] as { n: number } | undefined)?.n ?? 0);
    },
    async counts() {
      if (!boss) return { waiting: 0, active: 0 };
      // Only the states before completion: finished jobs pile up until pg-boss deletes them, these do not.
      const { rows } = await bossDb(options.db).executeSql(
        'SELECT state::text AS state, count(*)::int AS n FROM pgboss.job WHERE state IN ($1, $2, $3) GROUP BY state',
        ['created', 'retry', 'active'],
      );
      const by = new Map((rows as { state: string; n: number }[]).map((r) => [r.state, Number(r.n)]));
      return { waiting: (by.get('created') ?? 0) + (by.get('retry') ?? 0), active: by.get('active') ?? 0 };
    },
    async schedules() {
      if (!boss) return [];
      return (await boss.getSchedules()).map((s) => ({ name: s.name, cron: s.cron }));
    },
    async stateCounts() {
      if (!boss) return [];
      const queues = [...definitions.keys()];
      const { rows } = await bossDb(options.db).executeSql(
        'SELECT name, state::text AS state, count(*)::int AS n FROM pgboss.job WHERE name = ANY($1) GROUP BY name, state',
        [queues],
      );
      const found = new Map(
        (rows as { name: string; state: string; n: number }[]).map((r) => [`${r.name} ${r.state}`, Number(r.n)]),
      );
      return queues.flatMap((queue) => JOB_STATES.map((state) => ({ queue, state, count: found.get(`${queue} ${state}`) ?? 0 })));
    },
  };
}
