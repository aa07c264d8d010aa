import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '#src/core/db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * For the PGlite project: migrates one in-memory PGlite once for the run and dumps its data folder
 * to a file; each test file's database starts from that dump (test/test-database.ts), which costs
 * about a third of the CPU of a fresh PGlite (initdb) plus the migrations. A migration that fails
 * fails here, before any test. Starting the real server on an empty data folder still migrates it
 * (test/integration/app/process.int.test.ts, built-server.int.test.ts).
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'tribes-pglite-template-'));
  const database = await openDatabase({});
  try {
    await database.migrate();
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    const file = path.join(dir, 'migrated.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteTemplate', file);
  } finally {
    await database.close();
  }
  return () => rmSync(dir, { recursive: true, force: true });
}
