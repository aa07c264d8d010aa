import { spawn, spawnSync } from 'node:child_process';
import { Redis } from 'ioredis';
import { freePort } from './processes.js';

export interface RedisServer {
  url: string;
  /** Kills the server (SIGKILL), keeping its port for `resume`. */
  pause(): Promise<void>;
  /** Starts it again, empty, on the same port; resolves once it answers. */
  resume(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts a throw-away redis-server on 127.0.0.1 (no persistence) and stops it after. */
export async function startRedis(): Promise<RedisServer> {
  const bin = spawnSync('sh', ['-c', 'command -v redis-server || ls /usr/bin/redis-server'], { encoding: 'utf8' })
    .stdout.trim()
    .split('\n')[0];
  if (!bin) throw new Error('redis-server not found: install the Debian package "redis-server" (see .ci/run).');
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child!: ReturnType<typeof spawn>;
  const launch = async () => {
    child = spawn(bin, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    const deadline = Date.now() + 10_000;
    for (;;) {
      const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      client.on('error', () => undefined);
      try {
        await client.connect();
        await client.ping();
        client.disconnect();
        break;
      } catch {
        client.disconnect();
        if (child.exitCode !== null || Date.now() > deadline) throw new Error('redis-server did not start');
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  };
  /** Kills the server as a crash would (no persistence: it comes back empty). */
  const halt = (signal: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  await launch();
  return {
    url,
    pause: () => halt('SIGKILL'),
    resume: launch,
    stop: () => halt('SIGTERM'),
  };
}
