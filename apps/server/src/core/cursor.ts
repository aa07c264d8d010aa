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
