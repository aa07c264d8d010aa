import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startPostgres } from '../../apps/server/test/postgres-server.js';
import { freePort } from '../../apps/server/test/processes.js';
import { noLoadMeasurement } from '../lib/load.js';
import type { Scenario } from '../lib/scenario.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverDir = path.join(root, 'apps/server');
/** Built apart from apps/server/dist, so the run neither waits for nor clobbers someone's `npm start`. */
const outdir = path.join(serverDir, 'node_modules/.cache/tribes-bench-build');
const BUDGET_MS = 3000;
/** Starts per configuration: the first migrates an empty database, the others are restarts. */
const STARTS = 3;
/** How long one start may take before it counts as failed (a machine at a load of 15-20 is slow). */
const START_TIMEOUT_MS = 300_000;
/** A start that fails (a port taken in the meantime, a timeout) is tried again, this many times in all. */
const ATTEMPTS = 3;

interface Start {
  ms: number;
  /** CPU time the server used until then (user + system, all threads): steadier than `ms` on a busy machine. */
  cpuMs: number;
  rssMb: number;
}

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;
const ticksPerSec = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
/** utime + stime of a process, from /proc/<pid>/stat (fields 14 and 15, counted after the command's closing parenthesis). */
const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSec;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs the server as `npm start` does (`args` after `node`) on a port chosen here, and times from the
 * spawn to the first 200 answer of GET /api/v1/health, asking every 20 ms (a refused connection
 * means "not listening yet"); the RSS is read right after that answer. Then SIGTERM. Nothing
 * depends on what the server prints, and there is no fixed wait.
 */
async function timeStart(args: string[], env: Record<string, string>): Promise<Start> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/api/v1/health`;
  const t0 = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: serverDir,
    env: {
      ...(process.env as Record<string, string>),
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before answering:\n${output}`);
      if (performance.now() - t0 > START_TIMEOUT_MS)
        throw new Error(`the server did not answer within ${START_TIMEOUT_MS / 1000} s:\n${output}`);
      const res = await fetch(url, { signal: AbortSignal.timeout(10_000) }).catch(() => undefined);
      if (res?.status === 200) break;
      if (res) throw new Error(`GET /api/v1/health answered ${res.status}: ${await res.text()}`);
      await sleep(20);
    }
    const ms = performance.now() - t0;
    return { ms, cpuMs: cpuMs(child.pid!), rssMb: rssMb(child.pid!) };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

/** timeStart, tried again (up to ATTEMPTS in all) when a start fails; the failures are printed. */
async function timeStartRetried(args: string[], env: Record<string, string>): Promise<Start> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await timeStart(args, env);
    } catch (err) {
      if (attempt >= ATTEMPTS) throw err;
      console.warn(
        `\n    a start failed (attempt ${attempt} of ${ATTEMPTS}), trying again: ${(err as Error).message.split('\n')[0]}`,
      );
    }
  }
}

async function timeStarts(args: string[], env: Record<string, string>) {
  const starts: Start[] = [];
  for (let i = 0; i < STARTS; i++) starts.push(await timeStartRetried(args, env));
  const [first, ...restarts] = starts;
  return {
    firstMs: first!.ms,
    restartMs: median(restarts.map((s) => s.ms)),
    restartCpuMs: median(restarts.map((s) => s.cpuMs)),
    rssMb: median(starts.map((s) => s.rssMb)),
  };
}

/**
 * Start to first answer and memory after start: the compiled server (`npm start`) against the
 * TypeScript sources through tsx (before), on PGlite and on PostgreSQL. Budget: the built server
 * answers within 3 s of its start on a migrated database.
 */
export const start: Scenario = {
  name: 'start',
  description: `start to first answer, built vs tsx, and RSS after start (budget: built restart < ${BUDGET_MS / 1000} s)`,
  async run() {
    mkdirSync(path.dirname(outdir), { recursive: true });
    const b0 = performance.now();
    const build = spawnSync(process.execPath, ['build.mjs', '--outdir', outdir], { cwd: serverDir, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`the server did not build:\n${build.stderr}${build.stdout}`);
    const buildMs = performance.now() - b0;

    const runs = {
      built: ['--enable-source-maps', path.join(outdir, 'main.js')],
      tsx: ['--import', 'tsx', 'src/main.ts'],
    };
    const common = {
      SEED_DEMO: 'false',
      APP_SECRET: 'bench-app-secret-bench-app-secret-123',
      REVERB_APP_ID: '1',
      REVERB_APP_KEY: 'bench-key',
      REVERB_APP_SECRET: 'bench-secret-bench-secret',
      // The same web app folder for every run, as `npm start` serves it.
      WEB_DIST_DIR: path.join(root, 'apps/web/dist'),
    };
    const figures: Record<string, Awaited<ReturnType<typeof timeStarts>>> = {};
    const pgServer = await startPostgres();
    try {
      for (const [kind, args] of Object.entries(runs)) {
        const dataDir = mkdtempSync(path.join(tmpdir(), 'tribes-bench-start-'));
        try {
          figures[`${kind}-pglite`] = await timeStarts(args, { ...common, DATA_DIR: dataDir, DATABASE_URL: '' });
          const client = new pg.Client({ connectionString: pgServer.url });
          await client.connect();
          await client.query(`CREATE DATABASE start_${kind}`);
          await client.end();
          const url = pgServer.url.replace(/\/postgres$/, `/start_${kind}`);
          figures[`${kind}-postgres`] = await timeStarts(args, { ...common, DATA_DIR: dataDir, DATABASE_URL: url });
        } finally {
          rmSync(dataDir, { recursive: true, force: true });
        }
      }
    } finally {
      await pgServer.stop();
      rmSync(outdir, { recursive: true, force: true });
    }

    // The budget is for a start on a database already migrated (every `npm start` after the first);
    // the first start's migrations are a one-time cost, reported beside it.
    const builtWorst = Math.max(...Object.entries(figures).flatMap(([k, f]) => (k.startsWith('built') ? [f.restartMs] : [])));
    const verdict = builtWorst < BUDGET_MS ? 'within' : 'OVER';
    const s = (ms: number) => (ms / 1000).toFixed(2);
    console.log(
      `\n    build ${s(buildMs)} s; start to first answer (first start migrates, restart = median of ${STARTS - 1}), RSS after start:`,
    );
    for (const [k, f] of Object.entries(figures))
      console.log(
        `      ${k.padEnd(14)} first ${s(f.firstMs)} s, restart ${s(f.restartMs)} s (CPU ${s(f.restartCpuMs)} s), RSS ${f.rssMb.toFixed(0)} MB`,
      );
    console.log(`    built: ${verdict} the ${BUDGET_MS / 1000} s budget`);
    const notes = [
      `build_s=${s(buildMs)}`,
      ...Object.entries(figures).map(
        ([k, f]) =>
          `${k}_first_s=${s(f.firstMs)} ${k}_restart_s=${s(f.restartMs)} ${k}_restart_cpu_s=${s(f.restartCpuMs)} ${k}_rss_mb=${f.rssMb.toFixed(0)}`,
      ),
      `budget_3s=${verdict}`,
    ].join(' ');
    return noLoadMeasurement(this.name, this.description, '/api/v1/health', notes);
  },
};
