import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './processes.js';

/** Finds the PostgreSQL binaries (initdb, postgres, pg_dump, pg_restore): PATH first, then Debian's versioned folders. */
export function findBinDir(): string {
  const fromPath = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).stdout.trim();
  // Through a symlink (/usr/local/bin/initdb → Debian's folder) to the folder that holds the other tools too.
  if (fromPath) return path.dirname(realpathSync(fromPath));
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) if (existsSync(path.join(base, v, 'bin', 'initdb'))) return path.join(base, v, 'bin');
  throw new Error(
    'PostgreSQL server binaries (initdb, postgres) not found: install the Debian package "postgresql" (see .ci/run).',
  );
}

export interface PostgresServer {
  url: string;
  /** Stops the server as an outage would (sessions cut off), keeping its data and port. */
  pause(): Promise<void>;
  /** Starts the paused server again on the same port; resolves once it takes connections. */
  resume(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts a throw-away PostgreSQL server: initdb in a temporary folder, a free port on 127.0.0.1,
 * trust auth for the local test user. PostgreSQL refuses to run as root, so as root it runs as the
 * "postgres" system user that Debian's package creates.
 */
export async function startPostgres(): Promise<PostgresServer> {
  const bin = findBinDir();
  const dir = mkdtempSync(path.join(tmpdir(), 'tribes-pg-'));
  const dataDir = path.join(dir, 'data');
  const isRoot = process.getuid?.() === 0;
  const asUser = (cmd: string, args: string[]): [string, string[]] =>
    isRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
  if (isRoot) {
    chmodSync(dir, 0o777);
  }
  const [initCmd, initArgs] = asUser(path.join(bin, 'initdb'), [
    '-D',
    dataDir,
    '-U',
    'tribes',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-sync',
    '--locale=C',
  ]);
  const init = spawnSync(initCmd, initArgs, { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.stdout}`);
  const port = await freePort();
  const [cmd, args] = asUser(path.join(bin, 'postgres'), [
    '-D',
    dataDir,
    '-p',
    String(port),
    '-k',
    dir,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
    '-c',
    'max_connections=300',
  ]);
  const url = `postgres://tribes@127.0.0.1:${port}/postgres`;
  let child!: ChildProcess;
  const launch = async () => {
    child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    const deadline = Date.now() + 30_000;
    for (;;) {
      const client = new pg.Client({ connectionString: url });
      try {
        await client.connect();
        await client.end();
        break;
      } catch {
        await client.end().catch(() => undefined);
        if (child.exitCode !== null || Date.now() > deadline) throw new Error(`postgres did not start: ${stderr}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  };
  /** Stops the postmaster (fast shutdown: sessions are cut off), keeping its data. */
  const halt = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      // Signal the postmaster itself: runuser, in between as root, does not pass signals on.
      const pid = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      const kill = (signal: NodeJS.Signals) => {
        try {
          process.kill(pid, signal);
        } catch {
          /* already gone */
        }
      };
      kill('SIGINT');
      setTimeout(() => kill('SIGQUIT'), 5_000).unref();
    });
  await launch();
  return {
    url,
    pause: halt,
    resume: launch,
    async stop() {
      await halt();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
