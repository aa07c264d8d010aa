import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { startMailSink } from './mail-sink';
import { E2E_OPERATOR_EMAILS } from './operators';
import { startTribesServer, type TribesServer } from './tribes-server';

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
    newestMtime(path.join(WEB, 'sw')),
    newestMtime(path.join(WEB, 'public')),
    newestMtime(path.join(ROOT, 'packages/shared/src')),
    ...['index.html', 'vite.config.ts', 'shared-alias.ts', 'package.json'].map((f) => statSync(path.join(WEB, f)).mtimeMs),
  );
  if (existsSync(index) && statSync(index).mtimeMs >= sources) {
    cpSync(dist, target, { recursive: true });
    if (existsSync(path.join(target, 'index.html'))) return;
  }
  // NODE_ENV=production: Vitest sets it to "test", and Vite would then build React's development code
  // (import.meta.env.PROD false: no service worker, slower pages) instead of what `npm start` serves.
  const result = spawnSync('npx', ['vite', 'build', '--outDir', target, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: WEB,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('vite build failed');
}

export default async function setup(project: TestProject) {
  const temp = mkdtempSync(path.join(tmpdir(), 'tribes-e2e-'));
  const mailDir = path.join(temp, 'mail');
  const dataDir = path.join(temp, 'data');
  const webDir = path.join(temp, 'web');
  spawnSync('mkdir', ['-p', mailDir, dataDir]);
  prepareWeb(webDir);
  const sink = await startMailSink(mailDir);
  let server: TribesServer | undefined;
  let browser: BrowserServer | undefined;
  try {
    server = await startTribesServer({
      dataDir,
      webDir,
      env: { SMTP_URL: sink.url, OPERATOR_EMAILS: Object.values(E2E_OPERATOR_EMAILS).join(',') },
    });
    browser = await chromium.launchServer(CHROMIUM);
  } catch (err) {
    await server?.stop();
    await sink.close();
    throw err;
  }
  project.provide('baseUrl', server.baseUrl);
  project.provide('mailDir', mailDir);
  project.provide('wsEndpoint', browser.wsEndpoint());
  project.provide('webDir', webDir);

  return async () => {
    await browser?.close();
    await server.stop();
    await sink.close();
    rmSync(temp, { recursive: true, force: true });
  };
}
