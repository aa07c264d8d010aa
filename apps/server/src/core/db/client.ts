import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** The one database type every repository uses, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the SQL migrations; safe to call from several nodes at once. */
  migrate(): Promise<void>;
  /**
   * Runs `work` while holding the cluster-wide start-up lock, so nodes started together take turns
   * with what must not race (migrations, the job queue's schema, the demo decision). PostgreSQL: a
   * session advisory lock on a connection of its own, released when `work` ends or fails (or when
   * the process dies, with its session). PGlite: one process owns the folder already, so no lock.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** PostgreSQL advisory lock keys: the migrations' own, and the start-up's (migrations, job queue schema, demo decision). */
export const ADVISORY_LOCKS = { migrations: 724311, startup: 724312 } as const;
const MIGRATION_LOCK = ADVISORY_LOCKS.migrations;
const STARTUP_LOCK = ADVISORY_LOCKS.startup;

/** How long a request waits for a database connection before it is answered 503 (DESIGN 11.1: within 10 s). */
const CONNECT_TIMEOUT_MS = 5_000;

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface DatabaseOptions {
  /** postgres:// URL; when absent, PGlite. */
  url?: string;
  /** PGlite data folder; when absent, in memory. */
  dataDir?: string;
  /** PGlite only: start from this dump of a data folder (`dumpDataDir`), e.g. the tests' migrated template. */
  loadDataDir?: Blob;
  poolSize?: number;
}

/** Opens PGlite (embedded) or PostgreSQL, with the same schema and migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // While PostgreSQL is unreachable a request fails in seconds (a 503, error-handler.ts), never
      // waits for a connection forever; keep-alive notices a peer that vanished without closing.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    // Idle clients can lose their connection (server restart); a pool error must not kill the process.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      async migrate() {
        // An advisory lock lets several nodes start together without racing on the migrations.
        const client = await pool.connect();
        try {
          await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
          client.release();
        }
      },
      async exclusive(work) {
        // Not a pooled connection: the work itself may use every one of the pool's.
        const client = new pg.Client({ connectionString: options.url });
        client.on('error', () => undefined);
        await client.connect();
        try {
          await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK]);
          return await work();
        } finally {
          // Ending the session releases its advisory locks, even if the unlock itself failed.
          await client.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => undefined);
          await client.end().catch(() => undefined);
        }
      },
      close: () => pool.end(),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = new PGlite({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { pg_trgm },
  });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    async migrate() {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
    },
    exclusive: (work) => work(),
    close: () => client.close(),
  };
}

/** A hand-written statement, given a name unique in the app. */
export interface Statement {
  name: string;
  text: string;
}

/**
 * Runs a hand-written statement and returns its rows as objects keyed by column name (types parsed
 * by the driver: timestamptz as Date, json as objects). On PostgreSQL it is a named prepared
 * statement, so each pooled connection parses and plans it once, not on every request; PGlite runs
 * it as a plain parameterised query. For hot read paths only: everything else goes through Drizzle.
 */
export async function queryRows<T>(db: Db, statement: Statement, values: unknown[]): Promise<T[]> {
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
  if (client instanceof pg.Pool) {
    const result = await client.query({ name: statement.name, text: statement.text, values });
    return result.rows as T[];
  }
  return (await client.query<T>(statement.text, values)).rows;
}

/** A cheap round trip, for health checks: rejects when the database fails or has not answered within `timeoutMs`. */
export async function ping(db: Db, timeoutMs = 3_000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    // ETIMEDOUT: the error handler answers it as "database unavailable" (503), like a connect timeout.
    const error = Object.assign(new Error(`the database did not answer within ${timeoutMs} ms`), { code: 'ETIMEDOUT' });
    timer = setTimeout(() => reject(error), timeoutMs);
  });
  try {
    await Promise.race([db.execute(sql`select 1`), late]);
  } finally {
    clearTimeout(timer);
  }
}
