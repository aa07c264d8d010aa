import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '#src/core/db/client.js';

/** Which database the integration suite runs on this time: the project sets TEST_DB. */
export const TEST_DB = (process.env.TEST_DB ?? 'pglite') as 'pglite' | 'postgres';

/** The migrated PGlite data folder that test/pglite-template.ts dumped for this run, read once per test file. */
let pgliteTemplate: Blob | undefined;

/**
 * A fresh, migrated database for one test file: in-memory PGlite (loaded from the run's migrated
 * template when the project made one, then migrated, which finds nothing left to do), or a new
 * database on the run's PostgreSQL server.
 */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<Database & { url?: string }> {
  const migrate = options.migrate ?? true;
  if (TEST_DB === 'pglite') {
    const template = inject('pgliteTemplate');
    if (template && migrate) pgliteTemplate ??= new Blob([readFileSync(template)]);
    const database = await openDatabase(template && migrate ? { loadDataDir: pgliteTemplate } : {});
    if (migrate) await database.migrate();
    return database;
  }
  const adminUrl = inject('pgUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 10 });
  if (migrate) await database.migrate();
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
