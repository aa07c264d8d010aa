import { and, eq, lt, or, type Column, type SQL } from 'drizzle-orm';

/**
 * The keyset condition of a newest-first page: rows strictly after the cursor's (created_at, id)
 * position, in the order `created_at desc, id desc`; undefined (no condition) on the first page.
 */
export function olderThan(at: Column, id: Column, after: { at: string | Date; id: string } | undefined): SQL | undefined {
  if (!after) return undefined;
  const when = after.at instanceof Date ? after.at : new Date(after.at);
  return or(lt(at, when), and(eq(at, when), lt(id, after.id)));
}
