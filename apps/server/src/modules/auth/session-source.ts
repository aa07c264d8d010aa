import type { Db } from '#src/core/db/client.js';
import type { SessionSource } from '#src/realtime/hub.js';
import { createAuthRepo } from './auth.repo.js';

/**
 * Which sessions are still live, read from the database: the port the realtime layer closes the
 * sockets of revoked sessions through (it is made before the modules, so it gets its own).
 */
export function createSessionSource(db: Db): SessionSource {
  const repo = createAuthRepo(db);
  return { liveTokenIds: (ids, now) => repo.liveTokenIds(ids, now) };
}
