import pino from 'pino';
import { openDatabase, type Database } from '../../apps/server/src/core/db/client.js';
import { createJobs } from '../../apps/server/src/core/jobs/jobs.js';
import { startPostgres } from '../../apps/server/test/postgres-server.js';
import { noLoadMeasurement } from '../lib/load.js';
import type { Scenario } from '../lib/scenario.js';

/** Jobs per run: enough for steady figures, few enough for a short run. */
const JOBS = 400;
const QUEUE = 'bench-queue';
const TIMEOUT_MS = 180_000;

const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? NaN;

/**
 * The durable queue (pg-boss on the app's own connection, DESIGN 10.3) as the app runs it: one node,
 * its worker woken on send. Sends JOBS jobs one after another, as requests would, and measures
 * throughput (jobs handled per second from the first send to the last handled job) and the latency
 * of each job from its send to its handler.
 */
async function measureQueue(database: Database) {
  const latencies: number[] = [];
  let done!: () => void;
  const allDone = new Promise<void>((r) => (done = r));
  const jobs = createJobs({ db: database.db, logger: pino({ level: 'silent' }), enabled: true, pollingSeconds: 0.5 });
  jobs.define<{ sentAt: number }>(QUEUE, {
    handler: async ({ sentAt }) => {
      latencies.push(performance.now() - sentAt);
      if (latencies.length === JOBS) done();
    },
  });
  await jobs.start();
  try {
    const t0 = performance.now();
    for (let i = 0; i < JOBS; i++) await jobs.send(QUEUE, { sentAt: performance.now() });
    const sendMs = performance.now() - t0;
    await Promise.race([
      allDone,
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error(`queue bench: ${latencies.length}/${JOBS} handled`)), TIMEOUT_MS),
      ),
    ]);
    const totalMs = performance.now() - t0;
    return {
      jobsPerSec: (JOBS * 1000) / totalMs,
      sendsPerSec: (JOBS * 1000) / sendMs,
      p50: quantile(latencies, 0.5),
      p95: quantile(latencies, 0.95),
    };
  } finally {
    await jobs.stop();
  }
}

const describe = (f: Awaited<ReturnType<typeof measureQueue>>) =>
  `${JOBS} jobs: ${f.jobsPerSec.toFixed(0)} jobs/s handled, ${f.sendsPerSec.toFixed(0)} sends/s; send→handler latency p50 ${f.p50.toFixed(0)} ms, p95 ${f.p95.toFixed(0)} ms`;

export const queuePglite: Scenario = {
  name: 'queue',
  description: 'Durable job queue (pg-boss): jobs/s and send-to-handler latency, PGlite',
  async run() {
    const database = await openDatabase({});
    try {
      await database.migrate();
      return noLoadMeasurement(this.name, this.description, 'pg-boss', describe(await measureQueue(database)));
    } finally {
      await database.close();
    }
  },
};

export const queuePostgres: Scenario = {
  name: 'queue-postgres',
  description: 'Durable job queue (pg-boss): jobs/s and send-to-handler latency, PostgreSQL',
  async run() {
    const server = await startPostgres();
    try {
      const database = await openDatabase({ url: server.url });
      try {
        await database.migrate();
        return noLoadMeasurement(this.name, this.description, 'pg-boss', describe(await measureQueue(database)));
      } finally {
        await database.close();
      }
    } finally {
      await server.stop();
    }
  },
};
