import { ping, type Database } from '#src/core/db/client.js';

/** What readiness and health ask of the database: its kind, and whether it answers now. */
export function createDatabaseProbe(database: Pick<Database, 'kind' | 'db'>) {
  return {
    kind: database.kind,
    /** Resolves once the database answered a trivial query; rejects when it cannot be reached. */
    ping: () => ping(database.db),
  };
}

export type DatabaseProbe = ReturnType<typeof createDatabaseProbe>;
