import { spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '#test/server-process.js';
import { createTestDatabase, TEST_DB } from '#test/test-database.js';
import type { Database } from '#src/core/db/client.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
let outdir = '';
let dataDir = '';
let child: ChildProcess;
let baseUrl = '';
let exited: Promise<number | null>;
let pgDatabase: (Database & { url?: string }) | undefined;
/** Every module URL the server resolved (test/record-imports.mjs), read after its first answer. */
let importsLog = '';

/**
 * The compiled server, as `npm start` runs it: built by build.mjs into a folder of its own (under
 * node_modules, where packages still resolve, so no other build is raced), run by plain Node with
 * source maps, on an empty database it must migrate from the copied SQL files.
 */
beforeAll(async () => {
  mkdirSync(path.join(serverDir, 'node_modules/.cache'), { recursive: true });
  outdir = mkdtempSync(path.join(serverDir, 'node_modules/.cache/build-test-'));
  const build = spawnSync(process.execPath, ['build.mjs', '--outdir', outdir], { cwd: serverDir, encoding: 'utf8' });
  expect(build.status, build.stderr).toBe(0);
  dataDir = mkdtempSync(path.join(tmpdir(), 'tribes-built-'));
  importsLog = path.join(dataDir, 'imports.log');
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    SMTP_URL: '',
    DATABASE_URL: '',
    SEED_DEMO: 'false',
    IMPORTS_LOG: importsLog,
  };
  if (TEST_DB === 'postgres') {
    pgDatabase = await createTestDatabase({ migrate: false });
    env.DATABASE_URL = pgDatabase.url!;
  }
  const server = await startServerProcess(env, [
    '--import',
    path.join(serverDir, 'test/record-imports.mjs'),
    '--enable-source-maps',
    path.join(outdir, 'main.js'),
  ]);
  ({ child, baseUrl, exited } = server);
}, 60_000);

afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await pgDatabase?.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(outdir, { recursive: true, force: true });
});

describe('the compiled server', () => {
  it('is JavaScript with no TypeScript loader: one bundle, the migrations beside it, a source map to the sources', () => {
    expect(existsSync(path.join(outdir, 'migrations/meta/_journal.json'))).toBe(true);
    const map = JSON.parse(readFileSync(path.join(outdir, 'main.js.map'), 'utf8')) as { sources: string[] };
    const sources = map.sources.map((s) => path.resolve(outdir, s));
    expect(sources).toContain(path.join(serverDir, 'src/main.ts'));
    expect(sources.every((s) => existsSync(s))).toBe(true);
  });

  it('migrates an empty database and answers', async () => {
    const res = await fetch(`${baseUrl}/api/v1/health`);
    expect(res.status).toBe(200);
    // The job queue (pg-boss, loaded from node_modules by the bundle) runs in the built server too.
    expect(((await res.json()) as { data: unknown }).data).toEqual({
      status: 'ok',
      database: TEST_DB,
      jobs: { mail_failed: 0, waiting: expect.any(Number), active: expect.any(Number) },
      realtime: { connections: 0 },
      payments: { provider: 'none' },
      demo_accounts: false,
    });
  });

  // A start loads only what the first answers need: these load on first use (core/lazy.ts).
  it('has not loaded viem, pdfkit, stripe or sharp by its first answer', async () => {
    expect((await fetch(`${baseUrl}/api/v1/health`)).status).toBe(200);
    const loaded = readFileSync(importsLog, 'utf8').split('\n');
    const packages = (name: string) => loaded.filter((url) => url.includes(`/node_modules/${name}/`));
    // The record is real: the packages every request goes through are in it.
    expect(packages('fastify')).not.toEqual([]);
    expect(packages('zod')).not.toEqual([]);
    for (const heavy of ['viem', 'pdfkit', 'stripe', 'sharp']) expect(packages(heavy), heavy).toEqual([]);
  });

  it('validates with the shared schemas and translates with the shared catalogue, bundled from @tribes/shared', async () => {
    const res = await fetch(`${baseUrl}/api/v1/check_email_exists`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'fr' },
      body: '{}',
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { status: string; errors: Record<string, string[]> };
    expect(body.status).toBe('error');
    expect(body.errors.email).toEqual(['Ce champ est obligatoire.']);
  });

  it('is what the documented production start runs, with nothing compiled at boot', () => {
    const root = JSON.parse(readFileSync(path.join(serverDir, '../../package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(root.scripts['start:prod']).toBe('node --enable-source-maps apps/server/dist/main.js');
  });

  it('exits cleanly on SIGTERM', async () => {
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
