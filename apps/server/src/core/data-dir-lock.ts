import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The lock file's name inside DATA_DIR. */
export const LOCK_FILE = 'tribes.lock';

/** What the lock file records about its owner. */
interface LockOwner {
  pid: number;
  /** Tells this owner's lock from a later one of the same pid. */
  token: string;
  /** The process's start time in clock ticks since boot (Linux), to tell a reused pid from the owner. */
  started?: string;
}

/** A second process found the folder in use. */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
  ) {
    super(
      `DATA_DIR ${dataDir} is in use by another Tribes process (pid ${ownerPid}). ` +
        'One process owns an embedded database folder: stop that process, or give this one another DATA_DIR ' +
        '(several nodes share a PostgreSQL database through DATABASE_URL instead).',
    );
  }
}

/** A lock held by this process; release() is idempotent. */
export interface DataDirLock {
  readonly file: string;
  release(): void;
}

/** Tokens of the locks this process holds (a second acquire in the same process is refused too). */
const held = new Set<string>();

/** A process's state and start time from /proc (Linux); undefined elsewhere or when it is gone. */
function processStat(pid: number): { state: string; started: string } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields 3 (state) and 22 (starttime), counted after the command name, which may hold spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0] ?? '', started: fields[19] ?? '' };
  } catch {
    return undefined;
  }
}

function readOwner(file: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockOwner>;
    if (typeof owner.pid !== 'number' || typeof owner.token !== 'string') return undefined;
    return owner as LockOwner;
  } catch {
    return undefined;
  }
}

/**
 * Is the recorded owner still running? Checked on this machine: a new container on the same volume
 * sees its predecessor's pid as gone (a folder shared between machines is not supported anyway).
 */
function isAlive(owner: LockOwner): boolean {
  if (held.has(owner.token)) return true;
  // Our own pid in somebody else's lock: that process is gone (typical of pid 1 in a restarted container).
  if (owner.pid === process.pid) return false;
  try {
    process.kill(owner.pid, 0);
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  const stat = processStat(owner.pid);
  if (!stat) return true;
  // A killed process not yet reaped by its parent (a zombie) still answers kill(pid, 0).
  if (stat.state === 'Z' || stat.state === 'X') return false;
  // The pid is running: it must be the very process that locked, not a later one given the same pid.
  return owner.started === undefined || stat.started === owner.started;
}

/**
 * Makes this process the only owner of `dataDir` (DESIGN 10.1), or throws DataDirLockedError naming
 * the owner's pid. The lock file appears whole and at once (written aside, then hard-linked into
 * place, which fails if one exists), so two processes starting together cannot both win. A lock whose
 * owner is gone (SIGKILL, a crash) is taken over.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const me: LockOwner = {
    pid: process.pid,
    token: randomBytes(12).toString('hex'),
    started: processStat(process.pid)?.started,
  };
  const draft = `${file}.${me.token}.new`;
  writeFileSync(draft, JSON.stringify(me), { mode: 0o644 });
  try {
    for (let attempt = 0; attempt < 20; attempt++) {
      try {
        linkSync(draft, file);
        held.add(me.token);
        return { file, release: () => release(file, me.token) };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const owner = readOwner(file);
      if (owner && isAlive(owner)) throw new DataDirLockedError(dataDir, owner.pid);
      takeOverStale(file, owner);
    }
    throw new Error(`could not lock DATA_DIR ${dataDir}: its lock file ${file} keeps changing`);
  } finally {
    unlinkSync(draft);
  }
}

/**
 * Moves a stale lock aside so the next link can win. Another process may have replaced it since it
 * was read: if what was moved is not the stale lock, it is put back (a link fails rather than
 * overwrite a lock created meanwhile).
 */
function takeOverStale(file: string, stale: LockOwner | undefined): void {
  const aside = `${file}.${randomBytes(6).toString('hex')}.stale`;
  try {
    renameSync(file, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  const moved = readOwner(aside);
  if (moved && moved.token !== stale?.token) {
    try {
      linkSync(aside, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  unlinkSync(aside);
}

/** Removes the lock file if it is still this lock. */
function release(file: string, token: string): void {
  if (!held.delete(token)) return;
  if (readOwner(file)?.token !== token) return;
  try {
    unlinkSync(file);
  } catch {
    // Already gone: nothing to release.
  }
}
