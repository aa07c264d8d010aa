import { fieldError } from './errors.js';

/** Opaque pagination cursors: base64url JSON, validated on the way back in. */
export function encodeCursor(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** Decodes a cursor, or answers undefined when it is absent or not one of ours. */
export function decodeCursor<T extends Record<string, string>>(cursor: string | undefined, keys: (keyof T)[]): T | undefined {
  if (!cursor) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (!parsed || typeof parsed !== 'object') return undefined;
    for (const k of keys) if (typeof parsed[k as string] !== 'string') return undefined;
    return parsed as T;
  } catch {
    return undefined;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The only date form encodeCursor writes (Date#toISOString), years 0001-9999: PostgreSQL holds all of them. */
const ISO_DATE = /^(\d{4})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A date a cursor may carry: canonical ISO (so '2026-02-30' or '9999-99-99' fail the round trip) in years 1..9999. */
function isCursorDate(v: string): boolean {
  const m = ISO_DATE.exec(v);
  if (!m || Number(m[1]) < 1) return false;
  const d = new Date(v);
  return !Number.isNaN(d.getTime()) && d.toISOString() === v;
}

/** What each field of a cursor must hold: a uuid, a date, a non-negative integer or any text. */
type FieldKind = 'uuid' | 'date' | 'int' | 'text';
const VALID: Record<FieldKind, (v: string) => boolean> = {
  uuid: (v) => UUID.test(v),
  date: isCursorDate,
  int: (v) => /^\d{1,9}$/.test(v),
  // PostgreSQL text holds neither NUL nor a lone surrogate half.
  text: (v) => v.length <= 1000 && !v.includes('\u0000') && !LONE_SURROGATE.test(v),
};

/**
 * Reads a cursor whose fields must have the given kinds; absent → undefined; present but not one of
 * ours (garbled, a missing or extra field, a field of the wrong kind, a date PostgreSQL cannot hold)
 * → 400 on `cursor`, so a forged value never reaches SQL.
 */
export function readCursor<K extends string>(
  cursor: string | undefined,
  shape: Record<K, FieldKind>,
): Record<K, string> | undefined {
  if (!cursor) return undefined;
  const keys = Object.keys(shape) as K[];
  const parsed = decodeCursor<Record<K, string>>(cursor, keys);
  const exact = parsed && !Array.isArray(parsed) && Object.keys(parsed).length === keys.length;
  if (!parsed || !exact || !keys.every((k) => VALID[shape[k]](parsed[k]))) throw fieldError('cursor', 'validation.invalid');
  return Object.fromEntries(keys.map((k) => [k, parsed[k]])) as Record<K, string>;
}

/** Keyset position in newest-first lists: the row's creation time (ISO) and id. */
export interface TimeCursor {
  at: string;
  id: string;
}

/** Reads a newest-first cursor, or throws 400 on one that is not ours. */
export function readTimeCursor(cursor: string | undefined): TimeCursor | undefined {
  const after = readCursor(cursor, { at: 'date', id: 'uuid' });
  return after && { at: new Date(after.at).toISOString(), id: after.id };
}

/** The cursor of the page after the row created at `at` with id `id` (newest first). */
export const timeCursor = (at: Date, id: string) => encodeCursor({ at: at.toISOString(), id });
