import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { acquireDataDirLock } from '#src/core/data-dir-lock.js';
import { openDatabase } from '#src/core/db/client.js';
import { expectRestored, populate, runScript, type SiteData } from '#test/backup-drill.js';
import { buildTestApp } from '#test/build-test-app.js';
import { findBinDir } from '#test/postgres-server.js';
import { createTestDatabase, TEST_DB } from '#test/test-database.js';

// Issue 36.6, DESIGN 11.1: backups and their restore drills. The embedded one (npm run backup and
// npm run restore, on the PGlite leg) and the PostgreSQL one (pg_dump and pg_restore as
// docs/DEPLOY.md gives them, on the PostgreSQL leg): back up a site with data, restore it into a
// fresh place, start the app on it, and the data is there and the ledger verifies.

const work = mkdtempSync(path.join(tmpdir(), 'tribes-backup-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A folder's entries and their bytes, to show a refused command touched nothing. */
function snapshot(dir: string): Record<string, string> {
  if (!existsSync(dir)) return {};
  const out: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    out[path.relative(dir, full)] = entry.isFile() ? readFileSync(full).toString('base64') : 'dir';
  }
  return out;
}

describe.runIf(TEST_DB === 'pglite')('npm run backup / npm run restore (embedded mode)', () => {
  const source = path.join(work, 'site');
  const archive = path.join(work, 'site.tar.gz');
  let site: SiteData;

  beforeAll(async () => {
    // On disk, as a node keeps it, from the run's migrated template (a fresh initdb costs more).
    const template = new Blob([readFileSync(inject('pgliteTemplate'))]);
    const database = await openDatabase({ dataDir: path.join(source, 'pglite'), loadDataDir: template });
    await database.migrate();
    const t = await buildTestApp({ database, env: { DATA_DIR: source } });
    try {
      site = await populate(t);
    } finally {
      await t.close();
      await database.close();
    }
  }, 120_000);

  it('refuses to copy the database while a server holds DATA_DIR, and writes nothing', () => {
    const lock = acquireDataDirLock(source);
    try {
      const run = runScript('backup', archive, source);
      expect(run.status, run.output).toBe(73);
      expect(run.output).toContain(`in use by a running Tribes server (pid ${process.pid})`);
      expect(run.output).toContain('stop the server');
    } finally {
      lock.release();
    }
    expect(readdirSync(work).filter((name) => name.startsWith('site.tar.gz'))).toEqual([]);
  });

  it('restores into a new folder a site that signs in, serves its public and private media, keeps its keys and balances its ledger', async () => {
    const backup = runScript('backup', archive, source);
    expect(backup.status, backup.output).toBe(0);
    expect(backup.output).toMatch(/Backed up DATA_DIR .* 2 media files/);
    const restored = path.join(work, 'restored', 'data');
    const restore = runScript('restore', archive, restored);
    expect(restore.status, restore.output).toBe(0);
    expect(restore.output).toContain('same values');
    // The VAPID key pair generated into DATA_DIR came along: browsers stay subscribed.
    expect(readFileSync(path.join(restored, 'vapid.json'), 'utf8')).toBe(readFileSync(path.join(source, 'vapid.json'), 'utf8'));
    const database = await openDatabase({ dataDir: path.join(restored, 'pglite') });
    await database.migrate();
    const t = await buildTestApp({ database, env: { DATA_DIR: restored } });
    try {
      await expectRestored(t, site);
    } finally {
      await t.close();
      await database.close();
    }
  }, 120_000);

  it('refuses to restore into a folder that is not empty, and leaves it as it was', () => {
    const target = path.join(work, 'lived-in');
    mkdirSync(path.join(target, 'uploads'), { recursive: true });
    writeFileSync(path.join(target, 'uploads', 'keep.txt'), 'keep me');
    const before = snapshot(target);
    const run = runScript('restore', archive, target);
    expect(run.status, run.output).toBe(73);
    expect(run.output).toContain(`DATA_DIR ${target} is not empty (uploads)`);
    expect(run.output).toContain('Nothing was changed.');
    expect(snapshot(target)).toEqual(before);
  });

  it('stops with a message on a missing archive, creating nothing', () => {
    const target = path.join(work, 'never-made');
    const run = runScript('restore', path.join(work, 'no-such-backup.tar.gz'), target);
    expect(run.status, run.output).toBe(66);
    expect(run.output).toContain('No backup at');
    expect(existsSync(target)).toBe(false);
  });

  it('stops on a truncated, damaged or foreign archive and leaves DATA_DIR as it was', () => {
    const whole = readFileSync(archive);
    const tar = gunzipSync(whole);
    // One byte of a file's contents (the receipt's) changed and the archive re-packed: gzip's own check passes.
    const flipped = Buffer.from(tar);
    const at = tar.indexOf('backup drill receipt');
    expect(at).toBeGreaterThan(0);
    flipped[at] = flipped[at]! ^ 0xff;
    const foreign = path.join(work, 'foreign');
    mkdirSync(foreign);
    writeFileSync(path.join(foreign, 'notes.txt'), 'not a backup');
    const plainTar = spawnSync('tar', ['-czf', path.join(work, 'foreign.tar.gz'), '-C', foreign, 'notes.txt']);
    expect(plainTar.status).toBe(0);
    const cases: [string, Buffer, RegExp][] = [
      ['truncated.tar.gz', whole.subarray(0, Math.floor(whole.length / 2)), /not a whole gzip file/],
      ['damaged.tar.gz', gzipSync(flipped), /do not match their checksum/],
      ['random.tar.gz', randomBytes(4096), /not a whole gzip file/],
      ['foreign.tar.gz', readFileSync(path.join(work, 'foreign.tar.gz')), /not a Tribes backup/],
    ];
    const empty = path.join(work, 'empty');
    mkdirSync(empty);
    for (const [i, [name, bytes, reason]] of cases.entries()) {
      writeFileSync(path.join(work, name), bytes);
      // Into an empty folder, which stays empty, or a missing one, which stays missing.
      const target = i % 2 ? empty : path.join(work, `missing-${name}`);
      const run = runScript('restore', path.join(work, name), target);
      expect(run.status, `${name}: ${run.output}`).toBe(65);
      expect(run.output).toMatch(reason);
      expect(run.output).toContain('is not a usable Tribes backup');
      expect(run.output).toContain('Nothing was changed.');
      if (i % 2) expect(readdirSync(empty), name).toEqual([]);
      else expect(existsSync(target), name).toBe(false);
    }
  });

  it('points to pg_dump with DATABASE_URL set and never overwrites a file, writing nothing', () => {
    const other = path.join(work, 'other.tar.gz');
    const withPostgres = runScript('backup', other, source, { DATABASE_URL: 'postgres://tribes@127.0.0.1:1/tribes' });
    expect(withPostgres.status, withPostgres.output).toBe(64);
    expect(withPostgres.output).toContain('pg_dump --format=custom');
    expect(withPostgres.output).toContain('docs/DEPLOY.md');
    expect(existsSync(other)).toBe(false);
    const before = readFileSync(archive);
    const again = runScript('backup', archive, source);
    expect(again.status, again.output).toBe(73);
    expect(readFileSync(archive).equals(before)).toBe(true);
  });
});

describe.runIf(TEST_DB === 'postgres')(
  'the PostgreSQL restore drill of docs/DEPLOY.md (pg_dump, pg_restore, the media copied)',
  () => {
    it('restores a dump taken while the site runs into a fresh database, where the data is and the ledger verifies', async () => {
      const bin = findBinDir();
      const dump = path.join(work, 'tribes.dump');
      const source = await createTestDatabase();
      const sourceDir = path.join(work, 'site');
      const t = await buildTestApp({ database: source, env: { DATA_DIR: sourceDir } });
      let site: SiteData;
      try {
        site = await populate(t);
        // Online, as DEPLOY.md says: the node keeps serving during the dump.
        const pgDump = spawnSync(path.join(bin, 'pg_dump'), ['--format=custom', `--file=${dump}`, source.url!], {
          encoding: 'utf8',
        });
        expect(pgDump.status, pgDump.stderr).toBe(0);
      } finally {
        await t.close();
        await source.close();
      }
      const restoredDir = path.join(work, 'restored');
      cpSync(path.join(sourceDir, 'uploads'), path.join(restoredDir, 'uploads'), { recursive: true });

      const adminUrl = inject('pgUrl');
      const name = `r_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      try {
        const args = [
          '--no-owner',
          '--no-privileges',
          '--exit-on-error',
          '--single-transaction',
          `--dbname=${url.toString()}`,
          dump,
        ];
        const pgRestore = spawnSync(path.join(bin, 'pg_restore'), args, { encoding: 'utf8' });
        expect(pgRestore.status, pgRestore.stderr).toBe(0);
        const database = await openDatabase({ url: url.toString(), poolSize: 5 });
        await database.migrate();
        const restored = await buildTestApp({ database, env: { DATA_DIR: restoredDir } });
        try {
          await expectRestored(restored, site);
        } finally {
          await restored.close();
          await database.close();
        }
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    }, 120_000);
  },
);
