import { spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '#test/server-process.js';
import { createTestDatabase } from '#test/test-database.js';
import type { Database } from '#src/core/db/client.js';

// Issue 36.7: no container engine runs here, so this proves what deploy/Dockerfile's runtime stage
// runs: in a folder outside the repository (so nothing resolves from its node_modules), the files its
// COPY lines take from the repository, the production dependencies of the server workspace installed
// as its `npm ci` does, the built server and a web build; the server starts, serves and stops cleanly,
// and the backup command runs there. PostgreSQL leg only (vitest.config.ts, processOnly), as compose runs it.

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const root = path.resolve(serverDir, '../..');
const dockerfile = readFileSync(path.join(root, 'deploy/Dockerfile'), 'utf8');
const app = mkdtempSync(path.join(tmpdir(), 'tribes-image-'));
let database: (Database & { url?: string }) | undefined;
let child: ChildProcess | undefined;

/** Each stage's instructions by its name, continuation lines joined. */
function stages(): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  let current: string[] = [];
  for (const line of dockerfile
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((l) => l.trim())) {
    const from = /^FROM \S+ AS (\S+)$/i.exec(line);
    if (from) out[from[1]!] = current = [];
    else if (line && !line.startsWith('#')) current.push(line);
  }
  return out;
}

/** Replays a stage's COPY lines that take files from the build context (not --from) into `app`, the WORKDIR. */
function copyFromContext(lines: string[]): void {
  for (const line of lines.filter((l) => /^COPY (?!--from)/.test(l))) {
    const [, ...args] = line.split(/\s+/);
    const dest = args.pop()!;
    for (const source of args) {
      const target = dest.endsWith('/') ? path.join(app, dest, path.basename(source)) : path.join(app, dest);
      cpSync(path.join(root, source), target, { recursive: true });
    }
  }
}

beforeAll(async () => {
  const { toolchain, 'production-deps': deps, runtime } = stages();
  expect(toolchain && deps && runtime, 'deploy/Dockerfile has the stages toolchain, production-deps and runtime').toBeTruthy();
  // What the runtime stage takes from the others: the production install, the bundled server and
  // the built web app (a stand-in page here: a Vite build costs a minute, and the server only serves files).
  expect(runtime).toContain('COPY --from=production-deps /app ./');
  expect(runtime).toContain('COPY --from=build /app/apps/server/dist apps/server/dist');
  expect(runtime).toContain('COPY --from=build /app/apps/web/dist apps/web/dist');
  copyFromContext(toolchain!);
  // The production install with the Dockerfile's own flags, install scripts included (argon2 builds
  // itself where its shipped binary does not load, as on this machine); packages from npm's cache when it has them.
  const npmCi = deps!.find((l) => l.startsWith('RUN npm ci'));
  expect(npmCi).toContain('--omit=dev');
  const flags = npmCi!.split(/\s+/).slice(3);
  const install = spawnSync('npm', ['ci', ...flags, '--prefer-offline'], { cwd: app, encoding: 'utf8' });
  expect(install.status, install.stderr).toBe(0);
  copyFromContext(runtime!);
  const build = spawnSync(process.execPath, ['build.mjs', '--outdir', path.join(app, 'apps/server/dist')], {
    cwd: serverDir,
    encoding: 'utf8',
  });
  expect(build.status, build.stderr).toBe(0);
  mkdirSync(path.join(app, 'apps/web/dist'), { recursive: true });
  writeFileSync(path.join(app, 'apps/web/dist/index.html'), '<!doctype html><title>Tribes</title><p>built web app</p>');
  database = await createTestDatabase({ migrate: false });
}, 300_000);

afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await database?.close();
  // Some 450 packages: their removal alone can take a minute on a busy disk.
  rmSync(app, { recursive: true, force: true });
}, 300_000);

describe("the image's runtime: production dependencies only", () => {
  it('has no development dependency installed', () => {
    expect(existsSync(path.join(app, 'node_modules/fastify'))).toBe(true);
    for (const dev of ['vitest', 'vite', 'react', 'drizzle-kit', 'eslint', 'smtp-server']) {
      expect(existsSync(path.join(app, 'node_modules', dev)), dev).toBe(false);
    }
  });

  it('starts the built server, which migrates an empty database, serves the API and the web app, and exits 0 on SIGTERM', async () => {
    const server = await startServerProcess(
      { HOST: '127.0.0.1', DATA_DIR: path.join(app, 'data'), DATABASE_URL: database!.url!, SEED_DEMO: 'false', SMTP_URL: '' },
      ['--enable-source-maps', 'apps/server/dist/main.js'],
      app,
    );
    child = server.child;
    const health = await fetch(`${server.baseUrl}/api/v1/health`);
    expect(health.status, server.output()).toBe(200);
    expect(((await health.json()) as { data: { database: string } }).data.database).toBe('postgres');
    const page = await fetch(`${server.baseUrl}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('built web app');
    child.kill('SIGTERM');
    expect(await server.exited, server.output()).toBe(0);
  }, 90_000);

  it('runs `npm run backup` there, which points a PostgreSQL site to pg_dump', () => {
    const run = spawnSync('npm', ['run', '--silent', 'backup', '--', 'backup.tar.gz'], {
      cwd: app,
      encoding: 'utf8',
      env: { ...process.env, DATABASE_URL: database!.url! },
    });
    expect(run.status, `${run.stdout}${run.stderr}`).toBe(64);
    expect(run.stderr).toContain('pg_dump --format=custom');
  });
});
