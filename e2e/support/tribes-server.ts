import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort, stopGroup } from '../../apps/server/test/processes';

export { freePort, stopGroup };

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface TribesServer {
  baseUrl: string;
  child: ChildProcess;
  /** Stops the server and everything it started. */
  stop(): Promise<void>;
}

export async function waitForServer(url: string, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${log()}`);
    try {
      const res = await fetch(`${url}/api/v1/password_policy`);
      if (res.ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not start:\n${log()}`);
}

/**
 * A Tribes server for the browser journeys (the TypeScript sources through tsx, in its own process
 * group) on 127.0.0.1: its data in `dataDir`, serving the built web app in `webDir`, `env` on top
 * (an SMTP sink, identity providers). Resolves once it answers; a server that does not start is
 * stopped before the error is thrown. Should this process end without `stop()` (a time limit), the
 * server goes with it.
 */
export async function startTribesServer(options: {
  dataDir: string;
  webDir: string;
  env?: Record<string, string>;
  /** A port chosen beforehand (when its URL must be known first, e.g. as an OIDC redirect URI). */
  port?: number;
}): Promise<TribesServer> {
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn('npx', ['tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      RATE_LIMIT_SCALE: '1000',
      SEED_DEMO: 'false',
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: options.webDir,
      ...options.env,
    },
  });
  const killServer = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  };
  process.once('exit', killServer);
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const stop = async () => {
    process.off('exit', killServer);
    await stopGroup(child);
  };
  try {
    await waitForServer(baseUrl, child, () => output);
  } catch (err) {
    await stop();
    throw err;
  }
  return { baseUrl, child, stop };
}
