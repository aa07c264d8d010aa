import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The built web app the scenarios measure. */
export const WEB_DIST = path.join(root, 'apps/web/dist');

/** Builds the web app unless apps/web/dist already holds a build. */
export function ensureWebDist(): void {
  if (existsSync(path.join(WEB_DIST, 'index.html'))) return;
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the web app did not build');
}
