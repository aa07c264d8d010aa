#!/usr/bin/env node
// `npm start`: builds the web app and the server when their sources are newer than their last build,
// then runs the compiled server (API + web app + media on one port) with source maps, migrating the
// embedded database and, unless this is a production start, loading demo data and selling tokens
// through the sandbox (start-env.mjs decides). `npm run dev` runs the TypeScript sources through tsx.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { childEnv } from './start-env.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');
const server = path.join(root, 'apps/server');
const shared = path.join(root, 'packages/shared');

/** The newest modification time under `target`, leaving out dependencies, builds and test files. */
function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist' || /\.test\.tsx?$/.test(entry)) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** True when one of `sources` changed after `built` was written (or `built` is missing). */
function stale(built, sources) {
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  return Math.max(...sources.map(newestMtime)) > builtAt;
}

const sharedSources = [path.join(shared, 'src'), path.join(shared, 'package.json')];

const webSources = ['src', 'index.html', 'public', 'vite.config.ts', 'package.json'].map((p) => path.join(web, p));
if (existsSync(path.join(web, 'index.html')) && stale(path.join(web, 'dist/index.html'), [...webSources, ...sharedSources])) {
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('\nThe web app did not build; starting the API alone. Fix the build and run `npm start` again.\n');
  }
}

const serverMain = path.join(server, 'dist/main.js');
const serverSources = ['src', 'package.json', 'build.mjs'].map((p) => path.join(server, p));
if (stale(serverMain, [...serverSources, ...sharedSources])) {
  console.log('Building the server…');
  const build = spawnSync(process.execPath, [path.join(server, 'build.mjs')], { cwd: server, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('\nThe server did not build. Fix the error above and run `npm start` again.\n');
    process.exit(1);
  }
}

const child = spawn(process.execPath, ['--enable-source-maps', serverMain], {
  cwd: root,
  stdio: 'inherit',
  env: childEnv(process.env),
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
