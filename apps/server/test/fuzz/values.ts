import fc from 'fast-check';
import type { JsonSchema } from './operations.js';

/** Hostile values shared by bodies, query strings, path parameters and cursors. */

const b64 = (s: string | Uint8Array) => Buffer.from(s).toString('base64url');

/** A marker for a number JSON cannot hold exactly (1e400 parses to Infinity): spliced in raw by toJson. */
const RAW = '\u0001raw:';
export const rawNumber = (text: string) => `${RAW}${text}`;
/** JSON text of a value, with rawNumber markers written as bare number literals. */
export function toJson(value: unknown): string {
  return JSON.stringify(value).replace(/"\\u0001raw:([^"]*)"/g, '$1');
}

/** 36 characters of [0-9a-f-] that are no uuid, ids far too long, unicode ids, traversal. */
export const forgedIdArb: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: fc.constantFrom(...'0123456789abcdef-'), minLength: 36, maxLength: 36 }),
  fc.constantFrom(
    '------------------------------------',
    '00000000-0000-0000-0000-00000000000g',
    '12345678-1234-0234-0234-123456789abc',
    '123456781234123412341234567890ab----',
    'ffffffff-ffff-ffff-ffff-fffffffffffff',
    '00000000000000000000000000000000',
    '{00000000-0000-4000-8000-000000000000}',
    'A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11',
    '0',
    '-1',
    '1e308',
    'NaN',
    'null',
    'undefined',
    '..',
    '../../etc/passwd',
    '..\\..\\windows',
    "'; drop table users; --",
    'x'.repeat(5000),
    'ق'.repeat(60),
    '💥'.repeat(40),
    '\u0000',
    'a\u0000b',
    '\u202e\u200f',
    ' ',
  ),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }),
);

/** Dates JavaScript reads but PostgreSQL cannot hold: the edges of Date's range and year zero. */
export const OUT_OF_RANGE_DATES = [
  '0000-01-01T00:00:00.000Z',
  '-271821-04-20T00:00:00.000Z',
  '+275760-09-13T00:00:00.000Z',
  '-000001-01-01T00:00:00.000Z',
  '0000-12-31T23:59:59.999Z',
  '+010000-01-01T00:00:00.000Z',
];

/** Dates PostgreSQL cannot hold, or that are no dates at all, as JSON values. */
export const BAD_DATES: unknown[] = [
  ...OUT_OF_RANGE_DATES,
  '9999-99-99',
  '2026-02-30T00:00:00.000Z',
  '2026-13-01T00:00:00Z',
  '2026-01-01T25:61:61Z',
  '2026-01-01T00:00:00.000+99:99',
  '99999-01-01T00:00:00Z',
  '1970-01-01',
  'yesterday',
  '',
  8.64e15,
  -8.64e15,
  1e308,
  -1,
  0,
  null,
  true,
  {},
  [],
  { $date: '2026-01-01' },
  { at: { at: { at: 1 } } },
];

/** Numbers out of range or of the wrong kind, as JSON-able values (rawNumber for what JSON cannot write). */
const BAD_NUMBERS: unknown[] = [
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 63,
  -1,
  0,
  -0,
  0.5,
  1.5,
  1e-308,
  rawNumber('1e400'),
  rawNumber('-1e400'),
  rawNumber('123456789012345678901234567890'),
  rawNumber('1e-400'),
  'NaN',
  'Infinity',
  '-Infinity',
  '1e308',
  '0x10',
  '1_000',
  '１２',
  '12abc',
  ' 12 ',
];

const BAD_STRINGS: unknown[] = [
  '',
  ' ',
  '\t\n\r',
  'x'.repeat(100_000),
  '𝕏'.repeat(30_000),
  'ق'.repeat(10_001),
  '\u0000',
  'a\u0000b',
  '\ud800',
  'a\udfffb',
  '\u202e\u2066',
  '\uFEFF',
  '%00',
  '%E0%A4%A',
  '<script>alert(1)</script>',
  '{{7*7}}${7*7}',
  "'; drop table users; --",
  '../../etc/passwd',
  'javascript:alert(1)',
  'http://127.0.0.1:1/',
  'file:///etc/passwd',
  '00000000-0000-4000-8000-000000000000',
];

const WRONG_TYPES: unknown[] = [
  42,
  -1.5,
  true,
  false,
  null,
  [],
  ['a'],
  [null],
  {},
  { nested: { deep: { deeper: 1 } } },
  [[[[[]]]]],
];

/** Any hostile JSON value: wrong types, hostile strings, numbers and dates out of range, forged ids. */
export const badValueArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...WRONG_TYPES) },
  { weight: 3, arbitrary: fc.constantFrom(...BAD_STRINGS) },
  { weight: 3, arbitrary: fc.constantFrom(...BAD_NUMBERS) },
  { weight: 2, arbitrary: fc.constantFrom(...BAD_DATES) },
  { weight: 2, arbitrary: forgedIdArb },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 50 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** Hostile text for a query string or form field (already a string). */
export const badTextArb: fc.Arbitrary<string> = badValueArb.map((v) =>
  typeof v === 'string' ? v.replace(RAW, '') : typeof v === 'object' ? JSON.stringify(v) : String(v),
);

/** Field names nobody declared: prototype keys, huge and unicode names. */
export const unknownKeyArb = fc.constantFrom(
  '__proto__',
  'constructor',
  'prototype',
  'admin',
  'is_admin',
  'id',
  'x'.repeat(300),
  'ключ',
  '',
  ' ',
  '\u0000',
);

const dateArb = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true });

/** Cursor objects of every shape the API uses (time+id, name+id, offset), with hostile values mixed in. */
const cursorObjectArb = fc.record(
  {
    at: fc.oneof(
      fc.constantFrom(...BAD_DATES),
      dateArb.map((d) => d.toISOString()),
    ),
    id: fc.oneof(forgedIdArb, fc.uuid()),
    name: fc.oneof(fc.constantFrom(...BAD_STRINGS.slice(0, 12)), fc.string()),
    o: fc.oneof(fc.constantFrom('-1', '1e3', '99999999999', '1.5', 'NaN', 5, -5, null, '0'), fc.nat().map(String)),
    extra: fc.jsonValue({ maxDepth: 2 }),
  },
  { requiredKeys: [] },
);

/** Forged cursors: text that is no base64, base64 of garbage, and base64 JSON of the wrong shape or with dates out of range. */
export const forgedCursorArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: cursorObjectArb.map((o) => b64(JSON.stringify(o))) },
  {
    // The right shape with a date out of range: what slips past a shape check into the SQL.
    weight: 5,
    arbitrary: fc
      .tuple(fc.constantFrom(...OUT_OF_RANGE_DATES), fc.uuid({ version: 4 }), fc.constantFrom('at', 'name'))
      .map(([at, id, key]) => b64(JSON.stringify({ [key]: at, id }))),
  },
  {
    weight: 3,
    arbitrary: fc
      .constantFrom(...BAD_DATES)
      .chain((at) => fc.oneof(fc.uuid(), forgedIdArb).map((id) => b64(JSON.stringify({ at, id })))),
  },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 80 }).map((bytes) => b64(bytes)) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => b64(JSON.stringify(v))) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 60 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'not a cursor',
      'A'.repeat(600),
      '====',
      '%%%',
      b64('{"at":'),
      Buffer.from('{"at":"x"}').toString('base64'),
    ),
  },
);

/** A plausible valid value for a schema, with the fixtures' ids where a uuid is asked for. */
export function validArb(schema: JsonSchema, ids: string[], depth = 0): fc.Arbitrary<unknown> {
  const alts = schema.oneOf ?? schema.anyOf;
  if (alts && alts.length > 0) return fc.oneof(...alts.map((s) => validArb(s, ids, depth + 1)));
  if (schema.allOf?.[0]) return validArb(schema.allOf[0], ids, depth + 1);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringArb(schema, ids);
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1000, -(2 ** 31)),
        max: Math.min(schema.maximum ?? 100_000, 2 ** 31),
      });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      if (depth > 4) return fc.constant([]);
      return fc.array(validArb(schema.items ?? {}, ids, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3)),
      });
    case 'object': {
      if (depth > 4) return fc.constant({});
      const props = schema.properties ?? {};
      const model = Object.fromEntries(Object.entries(props).map(([k, s]) => [k, validArb(s, ids, depth + 1)]));
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((k) => k in props) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringArb(schema: JsonSchema, ids: string[]): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return ids.length ? fc.oneof(fc.constantFrom(...ids), fc.uuid()) : fc.uuid();
  if (schema.format === 'email') return fc.constantFrom('fuzz@example.test', 'nobody@example.test');
  if (schema.format === 'date-time') return dateArb.map((d) => d.toISOString());
  if (schema.format === 'uri' || schema.format === 'url') return fc.webUrl();
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= (schema.maxLength ?? 10_000));
    } catch {
      /* a pattern JavaScript cannot read: plain text below */
    }
  }
  const min = schema.minLength ?? 0;
  const max = Math.max(min, Math.min(schema.maxLength ?? 40, 40));
  return fc.string({ unit: fc.constantFrom(...'abcdefghij klmnop'), minLength: min, maxLength: max });
}
