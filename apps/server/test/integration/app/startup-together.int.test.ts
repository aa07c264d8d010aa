import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '#test/server-process.js';
import { createTestDatabase } from '#test/test-database.js';
import { ADVISORY_LOCKS, openDatabase, type Database } from '#src/core/db/client.js';

/**
 * DESIGN 11.1: any number of nodes started at the same instant on one empty PostgreSQL database all
 * come up. Without the start-up lock, one of them exits with `deadlock detected` or `duplicate key
 * value violates unique constraint "pg_namespace_nspname_index"` (pg-boss making its schema while
 * another node does). PostgreSQL only (the suite's api-postgres project): PGlite has one process.
 *
 * The nodes run the built server, as production does. However fast the machine, the test makes
 * their start-ups meet in the database: it holds the advisory locks a start-up begins with until
 * all three nodes wait on one, then lets go of them at once.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
let database: Database & { url?: string };
let outdir = '';
const dataDirs: string[] = [];
const children: ChildProcess[] = [];

beforeAll(async () => {
  // Built into a folder of its own under node_modules (packages resolve there), racing no other build.
  mkdirSync(path.join(serverDir, 'node_modules/.cache'), { recursive: true });
  outdir = mkdtempSync(path.join(serverDir, 'node_modules/.cache/build-together-'));
  const build = spawnSync(process.execPath, ['build.mjs', '--outdir', outdir], { cwd: serverDir, encoding: 'utf8' });
  expect(build.status, build.stderr).toBe(0);
  // Empty: the nodes migrate it themselves.
  database = await createTestDatabase({ migrate: false });
}, 120_000);

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await database?.close();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  if (outdir) rmSync(outdir, { recursive: true, force: true });
});

/** The same settings on every node, as an operator gives them (secrets shared, uploads apart). */
function nodeEnv(): Record<string, string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tribes-together-'));
  dataDirs.push(dataDir);
  return {
    DATA_DIR: dataDir,
    DATABASE_URL: database.url!,
    SMTP_URL: '',
    SEED_DEMO: 'false',
    APP_SECRET: 'a-shared-secret-of-at-least-32-characters',
    REVERB_APP_ID: '424242',
    REVERB_APP_KEY: 'together-key',
    REVERB_APP_SECRET: 'together-secret-16+',
  };
}

describe('nodes started together on one empty PostgreSQL database', () => {
  it('all three come up, share one job queue, answer ready, and stop with exit 0 on SIGTERM or SIGINT', async () => {
    const gate = new pg.Client({ connectionString: database.url });
    await gate.connect();
    await gate.query('SELECT pg_advisory_lock($1), pg_advisory_lock($2)', [ADVISORY_LOCKS.migrations, ADVISORY_LOCKS.startup]);
    let settled = 0;
    const starting = Promise.allSettled(
      [nodeEnv(), nodeEnv(), nodeEnv()].map((env) =>
        startServerProcess(env, ['--enable-source-maps', path.join(outdir, 'main.js')]).finally(() => settled++),
      ),
    );
    const waiting = async () =>
      (
        await gate.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
        )
      ).rows[0]!.n;
    while ((await waiting()) < 3 && settled === 0) await new Promise((r) => setTimeout(r, 50));
    // Ending the session lets go of both locks at once.
    await gate.end();
    const starts = await starting;
    for (const s of starts) if (s.status === 'fulfilled') children.push(s.value.child);
    // A node that did not come up shows what it printed (the race's error) in the failure.
    expect(starts.map((s) => (s.status === 'fulfilled' ? 'up' : String(s.reason)))).toEqual(['up', 'up', 'up']);
    const nodes = starts.map((s) => (s as PromiseFulfilledResult<Awaited<ReturnType<typeof startServerProcess>>>).value);
    for (const node of nodes) {
      const ready = await fetch(`${node.baseUrl}/api/v1/health/ready`);
      expect(ready.status).toBe(200);
      const health = (await (await fetch(`${node.baseUrl}/api/v1/health`)).json()) as { data: { jobs?: object } };
      // Each node runs the job queue whose schema the first one made.
      expect(health.data.jobs).toMatchObject({ mail_failed: 0 });
    }
    // An orchestrator's SIGTERM, or Ctrl-C's SIGINT at a terminal: the same orderly stop.
    nodes.forEach((node, i) => node.child.kill(i === 2 ? 'SIGINT' : 'SIGTERM'));
    expect(await Promise.all(nodes.map((n) => n.exited))).toEqual([0, 0, 0]);
  }, 180_000);

  it('lets go of the start-up lock when a start-up fails, so the next node is not left waiting', async () => {
    const failing = await openDatabase({ url: database.url, poolSize: 1 });
    const next = await openDatabase({ url: database.url, poolSize: 1 });
    try {
      await expect(
        failing.exclusive(async () => {
          throw new Error('migration failed');
        }),
      ).rejects.toThrow('migration failed');
      const probe = new pg.Client({ connectionString: database.url });
      await probe.connect();
      const held = await probe.query(
        "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND objid = $1 AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
        [ADVISORY_LOCKS.startup],
      );
      await probe.end();
      expect(held.rows[0]).toEqual({ n: 0 });
      expect(await next.exclusive(async () => 'started')).toBe('started');
    } finally {
      await failing.close();
      await next.close();
    }
  });
});
