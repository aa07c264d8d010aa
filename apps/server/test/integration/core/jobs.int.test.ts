import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#test/test-database.js';
import { createJobs, type Jobs } from '#src/core/jobs/jobs.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let jobs: Jobs | undefined;
let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
afterAll(async () => {
  await jobs?.stop(1_000);
  await database?.close();
});

describe('a fetched batch slower than its expiry', () => {
  // A slow mail server, in small: each job takes 2.5 s and a job may stay active 4 s. Every job of a
  // batch starts its expiry at the fetch, so the second of a batch would still be running when the
  // upkeep (every second here) hands it out again, and it would run twice.
  it('releases the jobs it has not begun by half their expiry, so each runs once', async () => {
    database = await createTestDatabase();
    const logs: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => logs.push(line) }) as unknown as FastifyBaseLogger;
    jobs = createJobs({ db: database.db, logger, enabled: true, pollingSeconds: 0.5, maintenanceSeconds: 1 });
    const runs: number[] = [];
    let openGate!: () => void;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    jobs.define<{ n: number }>('slow', {
      handler: async ({ n }) => {
        runs.push(n);
        // Job 0 holds the worker until the others are queued, so they are fetched as one batch.
        if (n === 0) return gate;
        await sleep(2_500);
      },
      retryLimit: 5,
      retryDelaySeconds: 1,
      expireInSeconds: 4,
    });
    await jobs.start();
    await jobs.send('slow', { n: 0 });
    while (!runs.includes(0)) await sleep(20);
    for (const n of [1, 2, 3, 4]) await jobs.send('slow', { n });
    openGate();

    const deadline = Date.now() + 40_000;
    const completed = async () =>
      (await jobs!.stateCounts()).find((c) => c.queue === 'slow' && c.state === 'completed')?.count ?? 0;
    while ((await completed()) < 5 && Date.now() < deadline) await sleep(200);
    expect(await completed()).toBe(5);
    // One worker runs its batches in turn: a job handed out again would run after the stale batch,
    // so once all five are completed every run has happened.
    expect(runs.sort()).toEqual([0, 1, 2, 3, 4]);
    expect(logs.some((l) => l.includes('released for a retry'))).toBe(true);
    expect((await jobs.stateCounts()).filter((c) => c.queue === 'slow' && c.count > 0)).toEqual([
      { queue: 'slow', state: 'completed', count: 5 },
    ]);
  }, 60_000);

  it('refuses retries without a delay', () => {
    const j = createJobs({ db: database!.db, logger: pino({ level: 'silent' }) as unknown as FastifyBaseLogger, enabled: true });
    expect(() => j.define('eager', { handler: async () => undefined, retryLimit: 2 })).toThrow(/retryDelaySeconds/);
  });
});
