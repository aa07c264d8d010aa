import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The built web app the scenarios measure (BENCH_WEB_DIST=dir measures another build, e.g. one kept from before a change). */
export const WEB_DIST = process.env.BENCH_WEB_DIST ? path.resolve(process.env.BENCH_WEB_DIST) : path.join(root, 'apps/web/dist');

/** Builds the web app unless apps/web/dist already holds a build. */
export function ensureWebDist(): void {
  if (existsSync(path.join(WEB_DIST, 'index.html'))) return;
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the web app did not build');
}

/** The demo's leader, who signs in to the pages the browser scenarios measure. */
export const DEMO_LEADER = 'amina@demo.tribes';

/**
 * Signs the demo leader in through the API and answers the session as the web keeps it in
 * localStorage `auth` (DESIGN section 8), with the token and the demo's first tribe.
 */
export async function demoSession(
  baseUrl: string,
  password: string,
  expectStatus: (url: string, init: RequestInit, status: number) => Promise<unknown>,
): Promise<{ token: string; session: string; firstTribeSlug: string; firstTribeId: string }> {
  const login = (await expectStatus(
    `${baseUrl}/api/v1/auth/login`,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: DEMO_LEADER, password }) },
    200,
  )) as { data: { auth_token: string; user: unknown } };
  const token = login.data.auth_token;
  const tribes = (await expectStatus(`${baseUrl}/api/v1/tribes`, { headers: { authorization: `Bearer ${token}` } }, 200)) as {
    data: { items?: { slug: string; id: string }[] } | { slug: string; id: string }[];
  };
  const list = Array.isArray(tribes.data) ? tribes.data : (tribes.data.items ?? []);
  if (!list[0]) throw new Error('the demo data has no tribe');
  const session = JSON.stringify({
    errors: {},
    resetPassword: false,
    userSignUpData: null,
    accessToken: token,
    userData: login.data.user,
    isLoggedIn: true,
  });
  return { token, session, firstTribeSlug: list[0].slug, firstTribeId: list[0].id };
}
