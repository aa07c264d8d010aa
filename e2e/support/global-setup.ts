import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { startMailSink } from './mail-sink';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    mailDir: string;
    wsEndpoint: string;
    /** The built web app of this run (for a test file that starts its own server, e.g. with the Firebase emulator). */
    webDir: string;
  }
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const WEB = path.join(ROOT, 'apps/web');

export const CHROMIUM = {
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
};

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * The built web app for this run, in a folder of its own: a copy of apps/web/dist when that is up
 * to date, else a fresh build there. The server serves the copy (WEB_DIST_DIR), so a build that
 * someone else starts meanwhile (vite empties apps/web/dist first) cannot pull pages from under the
 * browser.
 */
function prepareWeb(target: string) {
  const dist = path.join(WEB, 'dist');
  const index = path.join(dist, 'index.html');
  const sources = Math.max(
    newestMtime(path.join(WEB, 'src')),
    newestMtime(path.join(ROOT, 'packages/shared/src')),
    ...['index.html', 'vite.config.ts', 'shared-alias.ts', 'package.json'].map((f) => statSync(path.join(WEB, f)).mtimeMs),
  );
  if (existsSync(index) && statSync(index).mtimeMs >= sources) {
    cpSync(dist, target, { recursive: true });
    if (existsSync(path.join(target, 'index.html'))) return;
  }
  const result = spawnSync('npx', ['vite', 'build', '--outDir', target, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: WEB,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('vite build failed');
}

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

/** Stops a child started in its own process group, and everything it started. */
export function stopGroup(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || !child.pid) return resolve();
    child.once('exit', () => resolve());
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      resolve();
    }
    setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* gone */
      }
    }, 10_000).unref();
  });
}

export default async function setup(project: TestProject) {
  const temp = mkdtempSync(path.join(tmpdir(), 'tribes-e2e-'));
  const mailDir = path.join(temp, 'mail');
  const dataDir = path.join(temp, 'data');
  const webDir = path.join(temp, 'web');
  spawnSync('mkdir', ['-p', mailDir, dataDir]);
  prepareWeb(webDir);
  const sink = await startMailSink(mailDir);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const server = spawn('npx', ['tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SMTP_URL: sink.url,
      RATE_LIMIT_SCALE: '1000',
      SEED_DEMO: 'false',
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: webDir,
    },
  });
  // If this process ends without the teardown (killed by a time limit), the server goes with it.
  const killServer = () => {
    try {
      if (server.pid) process.kill(-server.pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  };
  process.once('exit', killServer);
  server.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  server.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  let browser: BrowserServer | undefined;
  try {
    await waitForServer(baseUrl, server, () => output);
    browser = await chromium.launchServer(CHROMIUM);
  } catch (err) {
    await stopGroup(server);
    await sink.close();
    throw err;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('mailDir', mailDir);
  project.provide('wsEndpoint', browser.wsEndpoint());
  project.provide('webDir', webDir);

  return async () => {
    process.off('exit', killServer);
    await browser?.close();
    await stopGroup(server);
    await sink.close();
    rmSync(temp, { recursive: true, force: true });
  };
}
