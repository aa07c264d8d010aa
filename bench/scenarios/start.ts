import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startPostgres } from '../../apps/server/test/postgres-server.js';
import { noLoadMeasurement } from '../lib/load.js';
import type { Scenario } from '../lib/scenario.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverDir = path.join(root, 'apps/server');
/** Built apart from apps/server/dist, so the run neither waits for nor clobbers someone's `npm start`. */
const outdir = path.join(serverDir, 'node_modules/.cache/tribes-bench-build');
const BUDGET_MS = 3000;
/** Starts per configuration: the first migrates an empty database, the others are restarts. */
const STARTS = 3;

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

/**
 * Runs the server as `npm start` does (`args` after `node`), and times from the spawn to the first
 * 200 answer of GET /api/v1/health; the RSS is read right after that answer. Then SIGTERM.
 */
async function timeStart(args: string[], env: Record<string, string>): Promise<Start> {
  const t0 = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: serverDir,
    env: { ...(process.env as Record<string, string>), NODE_ENV: 'production', PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    let output = '';
    const baseUrl = await new Promise<string>((resolve, reject) => {
      const onData = (d: Buffer) => {
        output += d.toString();
        const m = /Tribes is running at (http:\/\/localhost:\d+)/.exec(output);
        if (m) resolve(m[1]!.replace('localhost', '127.0.0.1'));
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.once('exit', (code) => reject(new Error(`the server exited (${code}) before listening:\n${output}`)));
      setTimeout(() => reject(new Error(`the server did not listen within 180 s:\n${output}`)), 180_000).unref();
    });
    const res = await fetch(`${baseUrl}/api/v1/health`);
    if (res.status !== 200) throw new Error(`GET /api/v1/health answered ${res.status}: ${await res.text()}`);
    const ms = performance.now() - t0;
    return { ms, cpuMs: cpuMs(child.pid!), rssMb: rssMb(child.pid!) };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

async function timeStarts(args: string[], env: Record<string, string>) {
  const starts: Start[] = [];
  for (let i = 0; i < STARTS; i++) starts.push(await timeStart(args, env));
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
