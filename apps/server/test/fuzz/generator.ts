import fc from 'fast-check';
import type { JsonSchema, Operation } from './operations.js';
import { malformedMultipartArb } from './multipart.js';
import { badTextArb, badValueArb, forgedCursorArb, forgedIdArb, toJson, unknownKeyArb, validArb } from './values.js';

/**
 * Generated bad requests for one operation of the OpenAPI document: hostile bodies, query strings,
 * path parameters, content types and multipart bodies, each sent signed in or anonymous.
 */
export interface FuzzRequest {
  /** The operation of the document, `GET /api/v1/tribes/{id}`. */
  operation: string;
  /** Which generator made it (for the summary). */
  kind: string;
  method: Operation['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** `user`: the fixtures' signed-in leader; `anon`: no credentials; `bogus`: a token that is not one. */
  auth: 'user' | 'anon' | 'bogus';
}

/** What the generator knows of the database: ids of real rows by the collection that names them. */
export interface Fixtures {
  /** Collection segment (`tribes`, `posts`, `members`...) → the id of a real row. */
  ids: Record<string, string>;
}

type Part = Omit<FuzzRequest, 'method' | 'auth' | 'url' | 'operation'> & { path?: Record<string, string>; query?: string };

const JSON_CT = { 'content-type': 'application/json' };

/** The id a path parameter takes: the real row of the collection its segment names. */
function realParam(op: Operation, name: string, fx: Fixtures): string {
  if (name === '*') return 'x/y.webp';
  const m = new RegExp(`/([a-z_]+)/\\{${name.replace(/[*]/g, '\\*')}\\}`).exec(op.path);
  return fx.ids[m?.[1] ?? ''] ?? fx.ids[name] ?? '00000000-0000-4000-8000-000000000000';
}

function fillPath(op: Operation, fx: Fixtures, forged: Record<string, string> = {}): string {
  return op.path.replace(/\{([^}]+)\}/g, (_m, name: string) =>
    name in forged ? forged[name]! : encodeURIComponent(realParam(op, name, fx)),
  );
}

/** A query string of valid-looking values for the operation's parameters. */
function validQueryArb(op: Operation): fc.Arbitrary<Record<string, string>> {
  const model = Object.fromEntries(
    op.queryParams.filter((p) => p.name !== 'cursor').map((p) => [p.name, validArb(p.schema, []).map((v) => String(v))]),
  );
  return fc.record(model, { requiredKeys: [] }) as fc.Arbitrary<Record<string, string>>;
}

const qs = (q: Record<string, string>) => new URLSearchParams(q).toString();

/** Hostile query strings: forged cursors, numbers out of range, repeated, unknown, malformed percent-encoding. */
function badQueryArb(op: Operation): fc.Arbitrary<string> {
  const names = op.queryParams.map((p) => p.name);
  const valueFor = (name: string) => (name === 'cursor' ? fc.oneof(forgedCursorArb, badTextArb) : badTextArb);
  const one = names.length
    ? fc
        .constantFrom(...names)
        .chain((name) => fc.tuple(validQueryArb(op), valueFor(name)).map(([q, v]) => qs({ ...q, [name]: v })))
    : fc.constant('');
  return fc.oneof(
    { weight: 6, arbitrary: one },
    { weight: 1, arbitrary: fc.tuple(unknownKeyArb, badTextArb).map(([k, v]) => qs({ [k || 'x']: v })) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...(names.length ? names : ['limit'])).map((n) => `${n}=1&${n}=2&${n}[]=3&${n}[a]=4`),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom('cursor=%E0%A4%A', 'limit=%', 'q=%ZZ', 'limit=1e308', 'cursor=&limit=', '&&&=&', '%00=%00'),
    },
  );
}

/** A body that is mostly valid with one field replaced by a hostile value, dropped, or joined by an unknown field. */
function oneFieldArb(schema: JsonSchema, ids: string[]): fc.Arbitrary<unknown> {
  const props = Object.keys(schema.properties ?? {});
  const base = validArb(schema, ids) as fc.Arbitrary<Record<string, unknown>>;
  const setField = fc
    .tuple(base, props.length ? fc.constantFrom(...props) : unknownKeyArb, badValueArb)
    .map(([b, k, v]) => ({ ...b, [k]: v }));
  const unknown = fc.tuple(base, unknownKeyArb, badValueArb).map(([b, k, v]) => {
    const out: Record<string, unknown> = { ...b };
    Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
    return out;
  });
  const required = schema.required ?? [];
  const drop = required.length
    ? fc.tuple(base, fc.constantFrom(...required)).map(([b, k]) => Object.fromEntries(Object.entries(b).filter(([x]) => x !== k)))
    : base;
  return fc.oneof({ weight: 5, arbitrary: setField }, { weight: 2, arbitrary: unknown }, { weight: 2, arbitrary: drop });
}

/** A body whose every field, at every depth, may be valid or hostile. */
function lenientArb(schema: JsonSchema, ids: string[], depth = 0): fc.Arbitrary<unknown> {
  const valid = validArb(schema, ids, depth);
  if (depth > 3) return valid;
  if (schema.type === 'object' && schema.properties) {
    const model = Object.fromEntries(Object.entries(schema.properties).map(([k, s]) => [k, lenientArb(s, ids, depth + 1)]));
    return fc.oneof({ weight: 4, arbitrary: fc.record(model, { requiredKeys: [] }) }, { weight: 1, arbitrary: badValueArb });
  }
  if (schema.type === 'array' && schema.items) {
    return fc.oneof(
      { weight: 3, arbitrary: fc.array(lenientArb(schema.items, ids, depth + 1), { maxLength: 4 }) },
      { weight: 1, arbitrary: fc.array(fc.constant(1), { minLength: 60, maxLength: 200 }) },
      { weight: 1, arbitrary: badValueArb },
    );
  }
  return fc.oneof({ weight: 3, arbitrary: valid }, { weight: 2, arbitrary: badValueArb });
}

const RAW_BODIES = [
  '',
  '{}',
  'null',
  '[]',
  '"text"',
  '42',
  'true',
  '{"a":',
  "{'single': 1}",
  '\u0000',
  '{"a":1}garbage',
  '\uFEFF{}',
  '{"x":"\\ud800"}',
  '{"x":"\\u0000"}',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '['.repeat(5000),
  '{"a":'.repeat(3000),
  ' '.repeat(100_000),
  '1e400',
  '{"a":1e400}',
  'NaN',
];

const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/octet-stream',
  'image/png',
  'multipart/mixed; boundary=x',
  'application/json;;;',
  'garbage',
  '*/*',
  'application/vnd.api+json',
];

/** Every kind of bad request the operation can get, minus its path, method and credentials. */
function partArb(op: Operation, fx: Fixtures): fc.Arbitrary<Part> {
  const ids = Object.values(fx.ids).filter((v) => /^[0-9a-f-]{36}$/.test(v));
  const body = op.body;
  const kinds: fc.WeightedArbitrary<Part>[] = [];
  const jsonPart = (kind: string) => (v: unknown) => ({ kind, headers: JSON_CT, payload: toJson(v) });
  if (body) {
    kinds.push({ weight: 6, arbitrary: oneFieldArb(body, ids).map(jsonPart('body-field')) });
    kinds.push({ weight: 3, arbitrary: lenientArb(body, ids).map(jsonPart('body-deep')) });
  }
  if (op.writes) {
    kinds.push({
      weight: 2,
      arbitrary: fc.constantFrom(...RAW_BODIES).map((payload) => ({ kind: 'body-raw', headers: JSON_CT, payload })),
    });
    kinds.push({
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom(...WRONG_CONTENT_TYPES), body ? validArb(body, ids) : fc.constant({ a: 1 }))
        .map(([ct, v]) => ({ kind: 'content-type', headers: { 'content-type': ct }, payload: toJson(v) })),
    });
    // Every write gets malformed multipart: the parser is registered for all routes, not only uploads.
    kinds.push({ weight: body ? 2 : 8, arbitrary: malformedMultipartArb.map((m) => ({ ...m, kind: `multipart-${m.kind}` })) });
  }
  if (op.queryParams.some((p) => p.name === 'cursor')) {
    kinds.push({
      weight: 6,
      arbitrary: fc
        .tuple(validQueryArb(op), forgedCursorArb)
        .map(([q, cursor]) => ({ kind: 'cursor', headers: {}, query: qs({ ...q, cursor }) })),
    });
  }
  if (op.queryParams.length) {
    kinds.push({ weight: 6, arbitrary: badQueryArb(op).map((query) => ({ kind: 'query', headers: {}, query })) });
  } else {
    kinds.push({ weight: 1, arbitrary: badQueryArb(op).map((query) => ({ kind: 'query', headers: {}, query })) });
  }
  for (const p of op.pathParams) {
    const forged = fc.oneof(
      { weight: 4, arbitrary: forgedIdArb.map((v) => encodeURIComponent(v)) },
      {
        weight: 1,
        arbitrary: fc.constantFrom('..%2F..%2Fetc%2Fpasswd', '%E0%A4%A', '%', '%00', '..', '.%2e', '%2e%2e%2f', '%252e'),
      },
    );
    kinds.push({
      weight: 4,
      arbitrary: fc.tuple(forged, body ? validArb(body, ids) : fc.constant(undefined)).map(([v, b]) => ({
        ...(b === undefined ? { headers: {} } : jsonPart('')(b)),
        kind: `path-${p.name}`,
        path: { [p.name]: v },
      })),
    });
  }
  kinds.push({
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom('accept-language', 'idempotency-key', 'x-socket-id', 'accept', 'origin', 'content-length'),
        fc.constantFrom('', 'x'.repeat(4000), '*;q=abc', 'zz-ZZ,,,;q=9', '../..', '-1', '99999999999999999999', 'null'),
        body ? validArb(body, ids) : fc.constant(undefined),
      )
      .map(([h, v, b]) => {
        const base = b === undefined ? { kind: 'header', headers: {} } : jsonPart('header')(b);
        return { ...base, kind: 'header', headers: { ...base.headers, [h]: v } };
      }),
  });
  return fc.oneof(...kinds);
}

/** The bad requests of one operation: a part, a path, and who sends it. */
export function requestArb(op: Operation, fx: Fixtures): fc.Arbitrary<FuzzRequest> {
  return fc
    .tuple(partArb(op, fx), fc.constantFrom<FuzzRequest['auth']>('user', 'user', 'user', 'user', 'anon', 'anon', 'bogus'))
    .map(([part, auth]) => {
      const { path, query, ...rest } = part;
      const url = fillPath(op, fx, path) + (query ? `?${query}` : '');
      return { ...rest, operation: `${op.method} ${op.path}`, method: op.method, url, auth };
    });
}

/** `count` requests for an operation, the same for the same seed. */
export function sampleRequests(op: Operation, fx: Fixtures, count: number, seed: number): FuzzRequest[] {
  return fc.sample(requestArb(op, fx), { seed, numRuns: count });
}
