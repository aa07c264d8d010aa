#!/usr/bin/env node
// `npm test`: type checks and lint side by side, then every suite in turn (shared, server unit + API
// on PGlite and on a real PostgreSQL, web components, browser end-to-end), then one closing line
// "N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv.slice(2);
const tmp = mkdtempSync(path.join(tmpdir(), 'tribes-test-report-'));

const suites = [
  { name: 'shared', cwd: 'packages/shared', args: [] },
  { name: 'server', cwd: 'apps/server', args: [] },
  { name: 'web', cwd: 'apps/web', args: [], when: 'apps/web/vitest.config.ts' },
  { name: 'e2e', cwd: '.', args: ['--config', 'e2e/vitest.config.ts'], when: 'e2e/vitest.config.ts' },
].filter((s) => (only.length === 0 || only.includes(s.name)) && (!s.when || existsSync(path.join(root, s.when))));

let passed = 0;
let failed = 0;
let skipped = 0;
const problems = [];
// Each failed test with the first line of its error, repeated at the very end: a CI log is often read from its tail.
const failures = [];

/**
 * Runs the checks side by side, at most `limit` at once (each one is a single-threaded Node process:
 * tsc, or ESLint with type information), longest first. Each check's output is printed whole when
 * it ends, so the log does not interleave.
 */
async function runChecks(checks, limit) {
  const queue = [...checks];
  const runOne = async () => {
    for (let check = queue.shift(); check; check = queue.shift()) {
      const t0 = Date.now();
      const [cmd, ...args] = check.command;
      const child = spawn(cmd, args, { cwd: root, env: { ...process.env, FORCE_COLOR: '0' } });
      let output = '';
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
      const code = await new Promise((resolve) => {
        child.once('error', (err) => {
          output += `${err.message}\n`;
          resolve(1);
        });
        child.once('close', (status) => resolve(status));
      });
      console.log(`\n▶ ${check.name} (${((Date.now() - t0) / 1000).toFixed(0)} s)${code === 0 ? '' : ' FAILED'}`);
      if (output.trim()) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
      if (code !== 0) problems.push(check.name);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, checks.length) }, runOne));
}

const checks = [];
if (only.length === 0 || only.includes('lint')) {
  // ESLint type-checks every workspace for its typed rules: the longest check, so it starts first.
  checks.push({ name: 'lint (ESLint)', command: ['npx', 'eslint', '.'] });
}
if (only.length === 0 || only.includes('typecheck')) {
  // The workspaces, and the bench, browser journeys and scripts that import them (checked nowhere else).
  for (const workspace of ['apps/server', 'apps/web', 'packages/shared', 'bench', 'e2e', 'scripts']) {
    if (existsSync(path.join(root, workspace, 'tsconfig.json')))
      checks.push({ name: `typecheck ${workspace}`, command: ['npx', 'tsc', '--noEmit', '-p', workspace] });
  }
}
if (only.length === 0 || only.includes('lint')) {
  checks.push({ name: 'lint (Prettier)', command: ['npx', 'prettier', '--check', '.'] });
}
if (checks.length) {
  console.log(`\n▶ ${checks.map((c) => c.name).join(', ')}: side by side`);
  await runChecks(checks, Math.max(2, availableParallelism()));
}

for (const suite of suites) {
  console.log(`\n▶ ${suite.name}`);
  const report = path.join(tmp, `${suite.name}.json`);
  const run = spawnSync(
    'npx',
    ['vitest', 'run', ...suite.args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    {
      cwd: path.join(root, suite.cwd),
      stdio: 'inherit',
      env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : process.env.FORCE_COLOR },
    },
  );
  if (existsSync(report)) {
    const r = JSON.parse(readFileSync(report, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += r.numPendingTests + r.numTodoTests;
    if (r.numTotalTests === 0) problems.push(`${suite.name} ran no test`);
    for (const file of r.testResults ?? []) {
      for (const t of file.assertionResults ?? []) {
        if (t.status !== 'failed') continue;
        const why = String(t.failureMessages?.[0] ?? '')
          .split('\n')[0]
          .slice(0, 300);
        failures.push(`${suite.name}: ${path.relative(root, file.name)} > ${t.fullName}\n    ${why}`);
      }
      if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed')) {
        failures.push(
          `${suite.name}: ${path.relative(root, file.name)}\n    ${String(file.message ?? '')
            .split('\n')[0]
            .slice(0, 300)}`,
        );
      }
    }
  } else {
    problems.push(`${suite.name} wrote no report`);
  }
  if (run.status !== 0) problems.push(`${suite.name} exited ${run.status}`);
}
rmSync(tmp, { recursive: true, force: true });

console.log('');
if (failures.length) console.log(`Failed:\n${failures.map((f) => `  ${f}`).join('\n')}\n`);
if (problems.length) console.log(`Problems: ${problems.join('; ')}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(problems.length || failed ? 1 : 0);
