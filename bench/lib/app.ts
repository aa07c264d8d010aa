import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
// Relative imports of the server's own sources; inside them the '#src/*' aliases resolve through
// apps/server/package.json "imports", the package.json nearest to each importing file.
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/core/config.js';
import { openDatabase, type Database } from '../../apps/server/src/core/db/client.js';
import { hashPassword } from '../../apps/server/src/modules/auth/passwords.js';
import { createUsersRepo } from '../../apps/server/src/modules/users/users.repo.js';

export interface BenchApp {
  app: FastifyInstance;
  database: Database;
  /** http://127.0.0.1:<port>, no trailing slash. */
  baseUrl: string;
  dataDir: string;
  close(): Promise<void>;
}

export interface BenchUser {
  id: string;
  email: string;
  password: string;
  token: string;
}

/**
 * The real app, in this process, on embedded PGlite in a temporary DATA_DIR, listening on
 * 127.0.0.1 with a free port. Rate limits are scaled out of the way (RATE_LIMIT_SCALE=1000000),
 * logs are silent and no demo data is seeded.
 */
export async function bootApp(env: Record<string, string> = {}): Promise<BenchApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tribes-bench-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    APP_SECRET: randomBytes(32).toString('base64url'),
    REVERB_APP_ID: '100001',
    REVERB_APP_KEY: 'bench-key',
    REVERB_APP_SECRET: randomBytes(20).toString('hex'),
    RATE_LIMIT_SCALE: '1000000',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    // Production config, but tokens through the sandbox (named, as production asks): donations need a balance.
    PAYMENT_PROVIDER: 'sandbox',
    // No built web app: API only, as the scenarios never ask for pages.
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    ...env,
  });
  const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'pglite') });
  try {
    await database.migrate();
    const app = await buildApp({ config, database });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    return {
      app,
      database,
      baseUrl: `http://127.0.0.1:${port}`,
      dataDir,
      async close() {
        await app.close();
        await database.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await database.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}

let userCounter = 0;

/**
 * A signed-up, email-verified user with a live bearer token. Inserted directly with the app's own
 * argon2id hashing and token service, skipping the register → mail → verify round trip.
 */
export async function createVerifiedUser(
  bench: BenchApp,
  overrides: { email?: string; password?: string; name?: string } = {},
): Promise<BenchUser> {
  userCounter += 1;
  const email = (overrides.email ?? `bench.${userCounter}.${randomBytes(3).toString('hex')}@example.test`).trim().toLowerCase();
  const password = overrides.password ?? 'a long enough bench passphrase';
  const now = new Date();
  const user = await createUsersRepo(bench.app.ctx.db).create({
    name: overrides.name ?? 'Bench Person',
    email,
    passwordHash: await hashPassword(password),
    emailVerifiedAt: now,
    lastStep: 'email-verified',
    createdAt: now,
    updatedAt: now,
  });
  const token = await bench.app.ctx.tokens.issue(user.id, 'bench');
  return { id: user.id, email, password, token };
}

/** A request before the load, so a broken scenario fails loudly instead of timing 401s. */
export async function expectStatus(url: string, init: RequestInit, status: number): Promise<unknown> {
  const res = await fetch(url, init);
  const text = await res.text();
  if (res.status !== status)
    throw new Error(`${init.method ?? 'GET'} ${url}: expected ${status}, got ${res.status}: ${text.slice(0, 300)}`);
  return text ? (JSON.parse(text) as unknown) : undefined;
}
