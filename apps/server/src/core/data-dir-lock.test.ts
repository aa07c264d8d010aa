import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE } from './data-dir-lock.js';

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tribes-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const lockOf = (dir: string) => JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8')) as { pid: number; token: string };

/** The pid of a process that has exited. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;

describe('the DATA_DIR lock', () => {
  it('records its owner, refuses a second owner naming the folder and the pid, and is free again once released', () => {
    const dir = dataDir();
    const lock = acquireDataDirLock(dir);
    expect(lockOf(dir).pid).toBe(process.pid);
    let refusal: unknown;
    try {
      acquireDataDirLock(dir);
    } catch (err) {
      refusal = err;
    }
    expect(refusal).toBeInstanceOf(DataDirLockedError);
    expect((refusal as Error).message).toContain(dir);
    expect((refusal as Error).message).toContain(`pid ${process.pid}`);
    lock.release();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    acquireDataDirLock(dir).release();
  });

  it('refuses a folder locked by another live process', () => {
    const dir = dataDir();
    writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid: process.ppid, token: 'the-parent' }));
    expect(() => acquireDataDirLock(dir)).toThrow(new RegExp(`pid ${process.ppid}\\b`));
    expect(lockOf(dir).token).toBe('the-parent');
  });

  it('takes over a lock whose owner is gone (killed without releasing)', () => {
    const dir = dataDir();
    writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid: deadPid(), token: 'killed' }));
    const lock = acquireDataDirLock(dir);
    expect(lockOf(dir)).toMatchObject({ pid: process.pid });
    expect(lockOf(dir).token).not.toBe('killed');
    lock.release();
  });

  it('takes over a lock whose pid now belongs to another process (started at another time)', () => {
    const dir = dataDir();
    writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid: process.ppid, token: 'reused', started: '1' }));
    if (!existsSync(`/proc/${process.ppid}/stat`)) {
      // Without /proc the start time cannot be read: a live pid keeps the lock.
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
      return;
    }
    acquireDataDirLock(dir).release();
  });

  it('takes over a lock whose owner was killed but not yet reaped (a zombie)', async () => {
    const dir = dataDir();
    // A child that is never waited for stays a zombie once killed, until this process reaps it.
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid: child.pid, token: 'zombie' }));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    process.kill(child.pid!, 'SIGKILL');
    // Busy-wait without yielding to the event loop, so Node cannot reap the child meanwhile.
    const stat = () => readFileSync(`/proc/${child.pid}/stat`, 'utf8');
    if (existsSync(`/proc/${child.pid}/stat`)) {
      const until = Date.now() + 5000;
      while (!/\) Z /.test(stat()) && Date.now() < until);
      expect(stat()).toMatch(/\) Z /);
    }
    acquireDataDirLock(dir).release();
    await new Promise((resolve) => (child.exitCode !== null || child.signalCode ? resolve(null) : child.once('exit', resolve)));
  });

  it('takes over an unreadable lock file', () => {
    const dir = dataDir();
    writeFileSync(path.join(dir, LOCK_FILE), '');
    acquireDataDirLock(dir).release();
  });

  it('lets exactly one of several processes starting together over a stale lock win', async () => {
    const dir = dataDir();
    writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid: deadPid(), token: 'killed' }));
    const module = fileURLToPath(new URL('./data-dir-lock.ts', import.meta.url));
    // Each contender waits for "go" on stdin, tries, reports, and a winner holds until stdin closes.
    const script = `
      const { acquireDataDirLock } = await import(${JSON.stringify(module)});
      process.stdin.once('data', () => {
        try { acquireDataDirLock(${JSON.stringify(dir)}); console.log('won'); process.stdin.once('end', () => process.exit(0)); process.stdin.resume(); }
        catch (err) { console.log('refused ' + err.message); process.exit(3); }
      });
      console.log('ready');`;
    const contenders = Array.from({ length: 4 }, () => {
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        stdio: ['pipe', 'pipe', 'inherit'],
      });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      return { child, out: () => out };
    });
    await Promise.all(
      contenders.map(
        (c) =>
          new Promise<void>((resolve) => {
            const check = () => (c.out().includes('ready') ? resolve() : setTimeout(check, 20));
            check();
          }),
      ),
    );
    for (const c of contenders) c.child.stdin.write('go\n');
    await Promise.all(
      contenders.map(
        (c) =>
          new Promise<void>((resolve) => {
            const check = () => (/won|refused/.test(c.out()) ? resolve() : setTimeout(check, 20));
            check();
          }),
      ),
    );
    const winners = contenders.filter((c) => c.out().includes('won'));
    expect(winners).toHaveLength(1);
    const winnerPid = winners[0]!.child.pid!;
    for (const c of contenders.filter((x) => x !== winners[0])) expect(c.out()).toContain(`pid ${winnerPid}`);
    expect(lockOf(dir).pid).toBe(winnerPid);
    const exits = contenders.map(
      (c) => new Promise((resolve) => (c.child.exitCode !== null ? resolve(null) : c.child.once('exit', resolve))),
    );
    for (const c of contenders) c.child.stdin.end();
    await Promise.all(exits);
  }, 60_000);
});
