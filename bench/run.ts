/**
 * `npm run bench [-- <scenario> ...]`: runs the selected scenarios one after another (all by
 * default), prints a table and writes bench/results/<timestamp>.json and bench/results/latest.json.
 * The hello-world baseline always runs first, since every ratio is relative to it.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ratiosTo, type Measurement } from './lib/load.js';
import { DEFAULTS } from './lib/scenario.js';
import { SCENARIOS } from './scenarios/index.js';

const BASELINE = 'hello';
const RESULTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');

function usage(): string {
  const names = SCENARIOS.map((s) => `  ${s.name.padEnd(8)} ${s.description}${s.onlyWhenNamed ? ' (only when named)' : ''}`).join(
    '\n',
  );
  return `Usage: npm run bench [-- <scenario> ...]\n\nScenarios (default: all but those marked 'only when named'; '${BASELINE}' always runs as the baseline):\n${names}\n`;
}

function select(args: string[]) {
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(usage());
    process.exit(0);
  }
  const unknown = args.filter((a) => !SCENARIOS.some((s) => s.name === a));
  if (unknown.length) {
    process.stderr.write(`Unknown scenario(s): ${unknown.join(', ')}\n\n${usage()}`);
    process.exit(2);
  }
  const wanted = new Set(args.length ? [BASELINE, ...args] : SCENARIOS.filter((s) => !s.onlyWhenNamed).map((s) => s.name));
  return SCENARIOS.filter((s) => wanted.has(s.name));
}

function git(...args: string[]): string | undefined {
  try {
    return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

const fmt = (n: number, digits: number) => (Number.isFinite(n) ? n.toFixed(digits) : '-');
/** Two decimals, or two significant digits below 0.1 (login's req/s ratio is about 0.001). */
const ratio = (n: number | undefined) =>
  n === undefined || !Number.isFinite(n) ? '-' : `${n >= 0.1 ? n.toFixed(2) : n.toPrecision(2)}x`;

function table(rows: Measurement[]): string {
  const header = [
    'scenario',
    'conns',
    'req/s',
    'p50 ms',
    'p99 ms',
    'req/s vs hello',
    'p50 vs hello',
    'p99 vs hello',
    'non-2xx',
    'errors',
  ];
  const body = rows.map((m) => [
    m.name,
    String(m.connections),
    fmt(m.requests_per_sec, 0),
    fmt(m.p50_ms, 2),
    fmt(m.p99_ms, 2),
    ratio(m.ratio_to_hello?.requests_per_sec),
    ratio(m.ratio_to_hello?.p50),
    ratio(m.ratio_to_hello?.p99),
    String(m.non_2xx),
    String(m.errors + m.timeouts),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

async function main() {
  const scenarios = select(process.argv.slice(2));
  const startedAt = new Date();
  // Read before the scenarios run: the figures belong to the code loaded now, and a file edited
  // during a long run (the soak) must not change what the report says about that code.
  const gitState = { commit: git('rev-parse', 'HEAD') ?? null, dirty: (git('status', '--porcelain') ?? '') !== '' };
  const cpus = os.cpus();
  console.log(
    `Tribes bench: ${scenarios.map((s) => s.name).join(', ')} | ${DEFAULTS.warmupSec} s warm-up + ${DEFAULTS.durationSec} s each, no pipelining | node ${process.version}, ${cpus.length} CPU (${cpus[0]?.model ?? '?'})`,
  );

  const results: Measurement[] = [];
  const failures: { name: string; error: string }[] = [];
  for (const scenario of scenarios) {
    process.stdout.write(`  ${scenario.name.padEnd(8)} ${scenario.description} ... `);
    const t0 = Date.now();
    try {
      const m = await scenario.run();
      results.push(m);
      console.log(`${fmt(m.requests_per_sec, 0)} req/s (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
    } catch (err) {
      const error = err instanceof Error ? (err.stack ?? err.message) : String(err);
      failures.push({ name: scenario.name, error });
      console.log('FAILED');
      console.error(error);
    }
  }

  const hello = results.find((m) => m.name === BASELINE);
  if (hello) for (const m of results) m.ratio_to_hello = ratiosTo(m, hello);

  console.log(`\n${table(results)}\n`);
  console.log(
    'req/s vs hello: share of the bare Fastify throughput (lower = slower). p50/p99 vs hello: times the baseline latency (higher = slower).',
  );

  const suspicious = results.filter((m) => m.non_2xx > 0 || m.errors > 0 || m.timeouts > 0);
  for (const m of suspicious)
    console.warn(
      `WARNING: ${m.name} had ${m.non_2xx} non-2xx, ${m.errors} errors, ${m.timeouts} timeouts: its figures are not trustworthy.`,
    );

  const report = {
    started_at: startedAt.toISOString(),
    finished_at: new Date().toISOString(),
    git: gitState,
    machine: {
      node: process.version,
      platform: `${process.platform} ${os.release()} ${process.arch}`,
      cpus: cpus.length,
      cpu_model: cpus[0]?.model ?? null,
      memory_gb: Math.round(os.totalmem() / 2 ** 30),
    },
    settings: { duration_s: DEFAULTS.durationSec, warmup_s: DEFAULTS.warmupSec, pipelining: 1, tool: 'autocannon' },
    baseline: BASELINE,
    scenarios: results,
    failures,
  };
  mkdirSync(RESULTS_DIR, { recursive: true });
  const stamp = startedAt
    .toISOString()
    .replace(/:/g, '-')
    .replace(/\.\d+Z$/, 'Z');
  const json = `${JSON.stringify(report, null, 2)}\n`;
  const file = path.join(RESULTS_DIR, `${stamp}.json`);
  writeFileSync(file, json);
  writeFileSync(path.join(RESULTS_DIR, 'latest.json'), json);
  console.log(
    `Wrote ${path.relative(process.cwd(), file)} and ${path.relative(process.cwd(), path.join(RESULTS_DIR, 'latest.json'))}`,
  );

  const judgedFailed = results.filter((m) => m.verdict === 'fail');
  for (const m of judgedFailed) console.warn(`FAILED: ${m.name} judged its own run a failure (${m.notes ?? ''}).`);
  if (failures.length || suspicious.length || judgedFailed.length) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
