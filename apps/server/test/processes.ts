import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/**
 * Child-process plumbing shared by the test harnesses (PostgreSQL, Redis, the Firebase emulator),
 * the browser journeys' servers (e2e/support) and the start bench (bench/scenarios/start.ts).
 */

/** A port free on 127.0.0.1 right now (the child is told to listen on it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Stops a child started in its own process group (`detached: true`) and everything it started:
 * SIGTERM to the group, SIGKILL if it is still there after `graceMs`.
 */
export function stopGroup(child: ChildProcess, graceMs = 10_000): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return resolve();
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }, graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      clearTimeout(timer);
      resolve();
    }
  });
}
