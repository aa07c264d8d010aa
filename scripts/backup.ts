/**
 * `npm run backup -- FILE`: the embedded mode's whole DATA_DIR (the PGlite database, uploaded media
 * public and private, the generated secrets and VAPID keys the data depends on) in one tar.gz.
 *
 * The database is copied as files, so no server may hold the folder meanwhile: the command takes
 * DATA_DIR's lock (the one a running server holds, apps/server/src/core/data-dir-lock.ts) for the
 * copy and refuses, changing nothing, while a server runs. Stop the node, back up, start it again.
 * With DATABASE_URL the database is PostgreSQL's: use pg_dump (docs/DEPLOY.md), online.
 * Exit codes: 0 done, 64 usage, 66 nothing to back up, 73 the folder is in use or FILE exists, 1 other.
 */
import { existsSync, linkSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE } from '../apps/server/src/core/data-dir-lock.js';
import { listTree, MANIFEST_FORMAT, writeArchive, type Manifest } from './backup-archive.js';
import { fail, formatBytes, isOwnTemporary, resolveDataDir } from './backup-cli.js';

const [fileArg, ...extra] = process.argv.slice(2);
if (!fileArg || extra.length > 0 || fileArg.startsWith('-')) {
  fail(64, 'Usage: npm run backup -- FILE   (FILE: the archive to write, e.g. tribes-2026-05-01.tar.gz)');
}
if (process.env.DATABASE_URL) {
  fail(
    64,
    'DATABASE_URL is set: the database is PostgreSQL, which this command does not copy. Back it up online with\n' +
      '  pg_dump --format=custom --file=tribes.dump "$DATABASE_URL"\n' +
      'and copy the media (DATA_DIR/uploads, or the STORAGE_URL bucket): see docs/DEPLOY.md, "Backups and restore". Nothing was written.',
  );
}

const dataDir = resolveDataDir();
const file = path.resolve(fileArg);
const pgVersionFile = path.join(dataDir, 'pglite', 'PG_VERSION');
if (!existsSync(pgVersionFile)) {
  fail(
    66,
    `DATA_DIR ${dataDir} holds no embedded database (no pglite/PG_VERSION): nothing to back up. Is DATA_DIR set as the server has it?`,
  );
}
if (existsSync(file))
  fail(73, `${file} already exists: choose another name (a backup never overwrites a file). Nothing was written.`);
if (file === dataDir || file.startsWith(dataDir + path.sep)) {
  fail(64, `${file} is inside DATA_DIR ${dataDir}: write the backup outside the folder it copies. Nothing was written.`);
}
if (!existsSync(path.dirname(file)) || !statSync(path.dirname(file)).isDirectory()) {
  fail(66, `The folder ${path.dirname(file)} does not exist: create it first. Nothing was written.`);
}

/** DATA_DIR's lock, so no server starts on the folder while it is copied. */
function lockDataDir() {
  try {
    return acquireDataDirLock(dataDir);
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    return fail(
      73,
      `DATA_DIR ${dataDir} is in use by a running Tribes server (pid ${err.ownerPid}). The embedded database is copied only while ` +
        'no server holds it, so that the copy is consistent: stop the server (SIGTERM), run the backup, then start it again. Nothing was written.',
    );
  }
}
const lock = lockDataDir();

// Written aside and linked into place when whole, so FILE is never a partial archive.
const partial = `${file}.partial-${process.pid}`;
let failure: unknown;
try {
  const { entries, ignored } = listTree(
    dataDir,
    (rel) => rel === LOCK_FILE || rel.startsWith(`${LOCK_FILE}.`) || isOwnTemporary(rel),
  );
  const files = entries.filter((e) => e.type === 'file');
  const manifest: Manifest = {
    format: MANIFEST_FORMAT,
    version: 1,
    created_at: new Date().toISOString(),
    postgres_version: readFileSync(pgVersionFile, 'utf8').trim(),
    files: files.length,
    bytes: files.reduce((sum, e) => sum + e.size, 0),
  };
  await writeArchive(partial, dataDir, manifest, entries);
  linkSync(partial, file);
  const uploads = files.filter((e) => e.path.startsWith('uploads/')).length;
  console.log(
    `Backed up DATA_DIR ${dataDir} into ${file} (${formatBytes(statSync(file).size)}): the embedded database, ` +
      `${uploads} media file${uploads === 1 ? '' : 's'}, ${files.length} files in all.`,
  );
  for (const name of ignored) console.warn(`Left out ${name}: neither a file nor a folder.`);
  if (process.env.APP_SECRET) {
    console.log('APP_SECRET comes from the environment, not DATA_DIR: keep it with this backup (a restore needs the same one).');
  }
  if (process.env.STORAGE_URL) {
    console.log(
      'STORAGE_URL is set: media uploaded to the bucket are not in this archive. Copy the bucket too ' +
        '(mc mirror or aws s3 sync, see docs/DEPLOY.md, "Backups and restore").',
    );
  }
} catch (err) {
  failure = err;
} finally {
  rmSync(partial, { force: true });
  lock.release();
}
if (failure) fail(1, `The backup failed: ${failure instanceof Error ? failure.message : String(failure)}. Nothing was written.`);
