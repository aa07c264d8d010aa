import type { Db } from './client.js';
import { onceMarks } from './schema/index.js';

/**
 * Work done once whatever the nodes or retries (DESIGN 10.3): a scheduled job marks a key
 * (`digest:<user>:<week>`, `lesson-open:<lesson>:<user>`) before it does the work; false when the key
 * was already marked, by this node or another, and the work must not be done again.
 */
export async function markOnce(db: Db, key: string, at: Date): Promise<boolean> {
  const rows = await db.insert(onceMarks).values({ key, createdAt: at }).onConflictDoNothing().returning({ key: onceMarks.key });
  return rows.length > 0;
}
