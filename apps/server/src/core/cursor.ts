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

/** What each field of a cursor must hold: a uuid, a date, a non-negative integer or any text. */
type FieldKind = 'uuid' | 'date' | 'int' | 'text';
const VALID: Record<FieldKind, (v: string) => boolean> = {
  uuid: (v) => UUID.test(v),
  date: (v) => !Number.isNaN(Date.parse(v)),
  int: (v) => /^\d{1,9}$/.test(v),
  text: (v) => v.length <= 1000,
};

/**
 * Reads a cursor whose fields must have the given kinds; absent → undefined; present but not one of
 * ours (garbled, or a field of the wrong kind) → 400 on `cursor`, so a forged value never reaches SQL.
 */
export function readCursor<K extends string>(
  cursor: string | undefined,
  shape: Record<K, FieldKind>,
): Record<K, string> | undefined {
  if (!cursor) return undefined;
  const keys = Object.keys(shape) as K[];
  const parsed = decodeCursor<Record<K, string>>(cursor, keys);
  if (!parsed || !keys.every((k) => VALID[shape[k]](parsed[k]))) throw fieldError('cursor', 'validation.invalid');
  return parsed;
}
