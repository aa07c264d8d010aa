/**
 * `npm run restore -- FILE`: puts an archive of `npm run backup` back as DATA_DIR, which must be empty
 * or missing, so a restore never mixes two sites' data or overwrites a live one.
 *
 * The archive is read whole into a staging folder inside DATA_DIR (under DATA_DIR's lock, so no server
 * starts meanwhile) and its entries are moved into place only once every file and its manifest
 * checked out: a missing, truncated or foreign archive stops with a message and leaves DATA_DIR as it
 * was (a folder the command had to create is removed again).
 * Exit codes: 0 done, 64 usage, 65 not a usable backup, 66 no such file, 73 DATA_DIR not empty or in use.
 */
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE } from '../apps/server/src/core/data-dir-lock.js';
import { ArchiveError } from './backup-archive.js';
import { extractArchive } from './restore-archive.js';
import { fail, formatBytes, resolveDataDir, RESTORE_STAGING_PREFIX } from './backup-cli.js';

const NOTHING_CHANGED = 'Nothing was changed.';

const [fileArg, ...extra] = process.argv.slice(2);
if (!fileArg || extra.length > 0 || fileArg.startsWith('-')) {
  fail(64, 'Usage: npm run restore -- FILE   (FILE: an archive written by npm run backup; DATA_DIR must be empty or missing)');
}
if (process.env.DATABASE_URL) {
  fail(
    64,
    'DATABASE_URL is set: this command restores the embedded database only. Restore PostgreSQL with pg_restore into a new database ' +
      `and copy the media back: see docs/DEPLOY.md, "Backups and restore". ${NOTHING_CHANGED}`,
  );
}

const file = path.resolve(fileArg);
if (!existsSync(file)) fail(66, `No backup at ${file}: check the path. ${NOTHING_CHANGED}`);
if (!statSync(file).isFile()) fail(66, `${file} is not a file: give the archive written by npm run backup. ${NOTHING_CHANGED}`);

const dataDir = resolveDataDir();
const existed = existsSync(dataDir);
if (existed && !statSync(dataDir).isDirectory()) fail(73, `DATA_DIR ${dataDir} is not a folder. ${NOTHING_CHANGED}`);

/** Refuses a DATA_DIR holding anything but `allowed`. */
function requireEmpty(allowed: string[]): void {
  const found = readdirSync(dataDir).filter((name) => !allowed.includes(name));
  if (found.length === 0) return;
  const shown = found.slice(0, 5).join(', ') + (found.length > 5 ? `, … (${found.length} entries)` : '');
  fail(
    73,
    `DATA_DIR ${dataDir} is not empty (${shown}): a restore goes only into an empty or new folder, so that it never mixes ` +
      `two sites' data or overwrites a live one. Set DATA_DIR to a new folder, or move this one away first. ${NOTHING_CHANGED}`,
  );
}
if (existed) requireEmpty([]);

// mkdirSync answers the first folder it had to create: the one to remove again if the restore fails.
const created = existed ? undefined : mkdirSync(dataDir, { recursive: true });
const undoCreate = () => {
  if (created) rmSync(created, { recursive: true, force: true });
};

/** DATA_DIR's lock, so no server starts on the folder while it fills. */
function lockDataDir() {
  try {
    return acquireDataDirLock(dataDir);
  } catch (err) {
    undoCreate();
    if (!(err instanceof DataDirLockedError)) throw err;
    return fail(73, `${err.message} ${NOTHING_CHANGED}`);
  }
}
const lock = lockDataDir();
// Between the first look and the lock, something else may have written into the folder.
if (readdirSync(dataDir).some((name) => name !== LOCK_FILE)) {
  lock.release();
  requireEmpty([]);
}

const staging = path.join(dataDir, `${RESTORE_STAGING_PREFIX}${process.pid}`);
let failure: unknown;
let result: Awaited<ReturnType<typeof extractArchive>> | undefined;
try {
  mkdirSync(staging);
  result = await extractArchive(file, staging);
  for (const name of readdirSync(staging)) renameSync(path.join(staging, name), path.join(dataDir, name));
} catch (err) {
  failure = err;
} finally {
  rmSync(staging, { recursive: true, force: true });
  lock.release();
  if (failure) undoCreate();
}
if (failure instanceof ArchiveError) {
  fail(65, `${file} is not a usable Tribes backup: ${failure.message}. ${NOTHING_CHANGED}`);
}
if (failure || !result) {
  fail(
    1,
    `The restore failed: ${failure instanceof Error ? failure.message : String(failure)}. DATA_DIR ${dataDir} may be incomplete.`,
  );
}

console.log(
  `Restored ${result.files} files (${formatBytes(result.bytes)}) from ${file}, a backup of ${result.manifest.created_at}, into ` +
    `DATA_DIR ${dataDir}.\nStart Tribes on it. If the site had APP_SECRET, REVERB_APP_* or VAPID_* in its environment, give it the ` +
    'same values: two-factor secrets are sealed with APP_SECRET and browsers are subscribed with the VAPID keys.',
);
