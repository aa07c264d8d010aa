import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { bearer } from '#test/factories.js';
import { TEST_DB } from '#test/test-database.js';
import { isDestructive, type Operation } from '#test/fuzz/operations.js';
import { OUT_OF_RANGE_DATES } from '#test/fuzz/values.js';
import { buildWorld, describeRequest, generate, problemOf, sendAll, servedOperations, type World } from '#test/fuzz/world.js';

/**
 * Generated bad input over every operation of the OpenAPI document the app serves (fast-check,
 * fixed seed): signed in as a tribe leader with real rows behind every id, and anonymous. No answer
 * may be a 5xx, hang, or leave the envelope. `npm run fuzz` runs the same generator at scale.
 */
const SEED = 20261123;
/** Requests per run: more on PGlite (in process), fewer on PostgreSQL; over 2,000 between them. */
const TOTAL = TEST_DB === 'postgres' ? 700 : 1400;

let t: TestApp;
let world: World;
let ops: Operation[];
beforeAll(async () => {
  t = await buildTestApp({
    beforeReady(app) {
      // A database error caused by input that slipped past validation (here: invalid uuid syntax).
      app.get('/api/test-only/sqlstate/:code', async (req) => {
        throw Object.assign(new Error('Failed query: select 1'), {
          cause: Object.assign(new Error('db'), { code: (req.params as { code: string }).code }),
        });
      });
    },
  });
  world = await buildWorld(t);
  ops = (await servedOperations(t.app)).filter((o) => !o.path.startsWith('/api/test-only/'));
  // Two sign-ups (argon2) and a dozen fixtures: generous on a loaded machine.
}, 180_000);
afterAll(async () => t.close());

const envelope = (res: {
  statusCode: number;
  headers: Record<string, unknown>;
  json(): { status?: string; message?: unknown };
}) => ({
  status: res.statusCode,
  json: String(res.headers['content-type']).startsWith('application/json'),
  envelope: res.json().status,
  message: typeof res.json().message,
});

describe('classes of 500 found by the generator', () => {
  const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

  it('answers 400 on cursor for a cursor whose date PostgreSQL cannot hold, on every list', async () => {
    const REQUIRED_QUERY: Record<string, string> = { q: 'gathering' };
    const lists = ops.filter((o) => o.method === 'GET' && o.queryParams.some((p) => p.name === 'cursor'));
    expect(lists.length).toBeGreaterThanOrEqual(14);
    const wrong: string[] = [];
    for (const op of lists) {
      const url = op.path.replace(/\/([a-z_]+)\/\{[^}]+\}/g, (_m, c: string) => `/${c}/${world.fixtures.ids[c]}`);
      for (const at of [...OUT_OF_RANGE_DATES, '9999-99-99', '2026-02-30T00:00:00.000Z']) {
        const cursor = enc({ at, id: '00000000-0000-4000-8000-000000000000' });
        // The operators' lists are read as an operator: anyone else stops at their guard (403) first.
        const who = url.startsWith('/api/v1/admin/') ? world.operator : world.leader;
        // A list that needs more than its cursor (the search needs words) gets a valid value for it.
        const needed = op.queryParams
          .filter((p) => p.required && p.name !== 'cursor')
          .map((p) => `${p.name}=${REQUIRED_QUERY[p.name] ?? 'x'}&`)
          .join('');
        const res = await t.app.inject({ url: `${url}?${needed}cursor=${cursor}`, headers: bearer(who.token) });
        const ok = res.statusCode === 400 && Array.isArray(res.json().errors?.cursor);
        if (!ok) wrong.push(`${op.path} at=${at}: ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers 400 in the envelope for multipart bodies busboy cannot read, on every upload endpoint', async () => {
    const { ids } = world.fixtures;
    const uploads: [string, string][] = [
      ['POST', '/api/v1/me/avatar'],
      ['POST', '/api/v1/posts'],
      ['POST', `/api/v1/tribes/${ids.tribes}/campaigns`],
      ['PATCH', `/api/v1/campaigns/${ids.campaigns}`],
    ];
    const part = (b: string) => `--${b}\r\nContent-Disposition: form-data; name="title"\r\n\r\nWell\r\n`;
    const bodies: [string, string, string][] = [
      ['no boundary', 'multipart/form-data', `${part('x')}--x--\r\n`],
      ['wrong boundary', 'multipart/form-data; boundary=expected', `${part('other')}--other--\r\n`],
      ['unclosed body', 'multipart/form-data; boundary=x', part('x')],
      ['cut in a header', 'multipart/form-data; boundary=x', '--x\r\nContent-Disp'],
    ];
    const answers: string[] = [];
    for (const [method, url] of uploads) {
      for (const [name, contentType, payload] of bodies) {
        const res = await t.app.inject({
          method: method as 'POST',
          url,
          headers: { ...bearer(world.leader.token), 'content-type': contentType },
          payload,
        });
        answers.push(`${method} ${url} ${name}: ${JSON.stringify(envelope(res))}`);
      }
    }
    expect(answers.filter((a) => !a.endsWith('{"status":400,"json":true,"envelope":"error","message":"string"}'))).toEqual([]);
    // An empty boundary is busboy's to read (it finds no part): whatever the endpoint makes of that, never a 5xx.
    for (const [method, url] of uploads) {
      for (const payload of ['', `${part('')}----\r\n`]) {
        const res = await t.app.inject({
          method: method as 'POST',
          url,
          headers: { ...bearer(world.leader.token), 'content-type': 'multipart/form-data; boundary=' },
          payload,
        });
        expect(res.statusCode, `${method} ${url} empty boundary`).toBeLessThan(500);
        expect(res.json().status, `${method} ${url} empty boundary`).toMatch(/^(success|error)$/);
      }
    }
  });

  it('answers an edit that changes nothing (an empty body) without a 5xx on every PATCH operation', async () => {
    const answers: Record<string, number> = {};
    for (const op of ops.filter((o) => o.method === 'PATCH')) {
      const url = op.path.replace(/\/([a-z_]+)\/\{[^}]+\}/g, (_m, c: string) => `/${c}/${world.fixtures.ids[c]}`);
      for (const [contentType, payload] of [
        ['application/json', '{}'],
        ['multipart/form-data; boundary=x', '--x--\r\n'],
      ]) {
        const res = await t.app.inject({
          method: 'PATCH',
          url,
          headers: { ...bearer(world.leader.token), 'content-type': contentType! },
          payload,
        });
        answers[`${op.path} ${contentType}`] = res.statusCode;
      }
    }
    expect(Object.entries(answers).filter(([, status]) => status >= 500)).toEqual([]);
    // Drizzle refuses an UPDATE without values; these two sent it one.
    expect(answers['/api/v1/villages/{id} application/json']).toBe(200);
    expect(answers['/api/v1/campaigns/{id} application/json']).toBe(200);
    expect(answers['/api/v1/campaigns/{id} multipart/form-data; boundary=x']).toBe(200);
  });

  it.each(['22P02', '22003', '22008', '22007', '22021', '22001'])(
    'answers a database error of bad input (SQLSTATE %s) with 400 in the envelope, as a safety net',
    async (code) => {
      const res = await t.app.inject({ url: `/api/test-only/sqlstate/${code}` });
      expect(envelope(res)).toEqual({ status: 400, json: true, envelope: 'error', message: 'string' });
    },
  );

  it('still answers any other database error with a 500 that says nothing', async () => {
    const res = await t.app.inject({ url: '/api/test-only/sqlstate/23505' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('Failed query');
  });
});

describe('the oracle of the generated run', () => {
  it('flags a 5xx, an error outside the envelope and an API answer that is not JSON', () => {
    const req = {
      operation: 'GET /api/v1/feed',
      kind: 'query',
      method: 'GET' as const,
      url: '/api/v1/feed',
      headers: {},
      auth: 'user' as const,
    };
    const json = 'application/json; charset=utf-8';
    expect(problemOf(req, 500, json, '{"status":"error","message":"x"}')).toBe('HTTP 500');
    expect(problemOf(req, 400, json, '{"error":"Bad Request"}')).toBe('400 outside the envelope');
    expect(problemOf(req, 404, 'text/html', '<h1>no</h1>')).toMatch(/not JSON/);
    expect(problemOf(req, 200, json, '{"items":[]}')).toBe('200 outside the envelope');
    expect(problemOf(req, 400, json, '{"status":"error","message":"Validation failed."}')).toBeNull();
  });
});

// Last: the generated requests may close the campaign, delete the post or sign out sessions.
describe('generated bad input', () => {
  it(`answers ${TOTAL} generated bad requests over every operation without a 5xx, a hang or an answer outside the envelope`, async () => {
    expect(ops.length).toBeGreaterThan(100);
    const requests = generate(ops, world.fixtures, Math.ceil(TOTAL / ops.length), SEED);
    // Every operation is exercised, signed in and anonymous, and the multipart endpoints get malformed bodies.
    expect(new Set(requests.map((r) => r.operation)).size).toBe(ops.length);
    expect(requests.filter((r) => r.auth === 'anon').length).toBeGreaterThan(TOTAL / 5);
    // (Counted over every multipart endpoint: one endpoint's share moves with the seed as operations are added.)
    const malformed = requests.filter((r) => r.kind.startsWith('multipart-'));
    expect(malformed.length).toBeGreaterThan(10);
    expect(malformed.some((r) => r.url === '/api/v1/me/avatar')).toBe(true);
    const result = await sendAll(world, requests, 15_000);
    expect(result.requests).toBeGreaterThanOrEqual(TOTAL);
    expect(result.problems.map((p) => `${p.problem}: ${describeRequest(p.request)} → ${p.body ?? ''}`)).toEqual([]);
    // The run reached past validation: a share of the requests succeeded.
    expect(result.statuses['2xx'] ?? 0).toBeGreaterThan(TOTAL / 20);
    expect(isDestructive(ops.find((o) => o.path.endsWith('/logout'))!)).toBe(true);
  }, 300_000);
});
