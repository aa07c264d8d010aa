#!/usr/bin/env node
// `npm test`: type checks, then every suite in turn (shared, server unit + API on PGlite and on a
// real PostgreSQL, web components, browser end-to-end), then one closing line "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
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

if (only.length === 0 || only.includes('typecheck')) {
  for (const workspace of ['packages/shared', 'apps/server', 'apps/web']) {
    if (!existsSync(path.join(root, workspace, 'tsconfig.json'))) continue;
    console.log(`\n▶ typecheck ${workspace}`);
    const tc = spawnSync('npx', ['tsc', '--noEmit', '-p', workspace], { cwd: root, stdio: 'inherit' });
    if (tc.status !== 0) problems.push(`typecheck ${workspace}`);
  }
}

if (only.length === 0 || only.includes('lint')) {
  console.log('\n▶ lint (ESLint, Prettier)');
  const lint = spawnSync('npm', ['run', 'lint', '--silent'], { cwd: root, stdio: 'inherit' });
  if (lint.status !== 0) problems.push('lint');
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
