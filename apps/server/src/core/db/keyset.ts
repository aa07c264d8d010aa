import { and, eq, lt, or, type Column, type SQL } from 'drizzle-orm';
import { fieldError } from '../errors.js';

/** PostgreSQL's timestamptz reads years 1..9999 in the ISO form Drizzle writes; JavaScript dates reach further. */
const MIN_TIME = Date.parse('0001-01-01T00:00:00.000Z');
const MAX_TIME = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * The keyset condition of a newest-first page: rows strictly after the cursor's (created_at, id)
 * position, in the order `created_at desc, id desc`; undefined (no condition) on the first page.
 * A position whose date PostgreSQL cannot hold is the client's 400 on `cursor`, never a SQL error.
 */
export function olderThan(at: Column, id: Column, after: { at: string | Date; id: string } | undefined): SQL | undefined {
  if (!after) return undefined;
  const when = after.at instanceof Date ? after.at : new Date(after.at);
  const time = when.getTime();
  if (Number.isNaN(time) || time < MIN_TIME || time > MAX_TIME) throw fieldError('cursor', 'validation.invalid');
  return or(lt(at, when), and(eq(at, when), lt(id, after.id)));
}
