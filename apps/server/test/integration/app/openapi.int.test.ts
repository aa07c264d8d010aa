import { Validator } from '@seriousme/openapi-schema-validator';
import * as shared from '@tribes/shared';
import {
  learningEndpoints,
  mediaEndpoints,
  moneyEndpoints,
  realtimeEndpoints,
  type EndpointDef,
  type UserAuth,
} from '@tribes/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { bearer, signUp } from '#test/factories.js';

/**
 * The served OpenAPI document (issue 12): valid OpenAPI 3.1, every route of the API and of the
 * realtime authorisation in it with its method, each operation with a success answer's schema and
 * its error answers in the envelope.
 *
 * Left out on purpose: the Pusher server HTTP API (`/apps/{app_id}/...`), another protocol whose
 * requests the Pusher server SDKs sign (it is hidden from the document, and this test holds that);
 * the docs' own pages, the media files and the web app's static files (not under /api/v1 or /broadcasting).
 */

type Media = Record<string, { schema?: { properties?: Record<string, unknown> } }>;
interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: Record<string, unknown>;
}
interface Operation {
  summary?: string;
  parameters?: Parameter[];
  responses: Record<string, { description?: string; content?: Media }>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

/**
 * Every route Fastify registered, as `METHOD /path/{param}`, read from its route tree
 * (`printRoutes({ commonPrefix: false })`: one node per line, each line's segment appended to its
 * parent's path). HEAD routes Fastify adds beside each GET are left out.
 */
export function registeredRoutes(tree: string): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    const path = (stack[depth - 1] ?? '') + m[2]!;
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of (m[3] ?? '').split(', ').filter((x) => x && x !== 'HEAD')) {
      routes.push(`${method} ${path.replace(/:(\w+)/g, '{$1}')}`);
    }
  }
  return routes;
}

let t: TestApp;
let doc: Document;
beforeAll(async () => {
  t = await buildTestApp();
  const res = await t.app.inject({ url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json() as Document;
});
afterAll(async () => t.close());

const documented = () =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
  );

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1 for a kept validator', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describes every route under /api/v1 and /broadcasting, with the same method', () => {
    const routes = registeredRoutes(t.app.printRoutes({ commonPrefix: false }));
    // The reading of the route tree finds what is there (so an empty reading cannot pass).
    expect(routes).toEqual(
      expect.arrayContaining([
        'POST /api/v1/auth/login',
        'GET /api/v1/courses/{id}/certificate',
        'PATCH /api/v1/campaigns/{id}',
        'POST /broadcasting/auth',
        'POST /apps/{app_id}/events',
      ]),
    );
    const api = routes.filter((r) => /^\w+ \/(api\/v1|broadcasting)\//.test(r));
    expect(api.length).toBeGreaterThan(100);
    const keys = new Set(documented().map((d) => d.key));
    const missing = api.filter((r) => !keys.has(r));
    // Modules whose routes are not on the contract yet show here by path.
    expect(missing, `routes missing from the OpenAPI document:\n${missing.join('\n')}`).toEqual([]);
    // Nothing documented there that the server does not serve.
    expect([...keys].filter((k) => /^\w+ \/(api\/v1|broadcasting)\//.test(k) && !routes.includes(k))).toEqual([]);
  });

  it('leaves the Pusher server HTTP API out: another protocol, signed by the Pusher SDKs', () => {
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/apps/'))).toEqual([]);
  });

  it('gives every operation a success answer with its schema and its errors in the envelope', () => {
    const ops = documented();
    expect(ops.length).toBeGreaterThan(100);
    const problems: string[] = [];
    for (const { key, op } of ops.filter((o) => / \/(api\/v1|broadcasting)\//.test(o.key))) {
      // A browser navigation (OIDC start and callback) succeeds with a 302 redirect instead.
      const success = Object.entries(op.responses).filter(([status]) => /^(2(\d\d|XX)|302)$/.test(status));
      const described = success.filter(([, r]) => Object.values(r.content ?? {}).some((m) => m.schema));
      if (described.length === 0) problems.push(`${key}: no 2XX answer with a schema`);
      const errors = Object.entries(op.responses).filter(([status]) => /^4/.test(status));
      for (const status of ['400', '429', '4XX']) if (!op.responses[status]) problems.push(`${key}: no ${status} answer`);
      for (const [status, r] of errors) {
        const envelope = r.content?.['application/json']?.schema?.properties;
        if (!envelope?.status || !envelope.message) problems.push(`${key}: ${status} is not the error envelope`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('describes the answers that are not the envelope with their own content type', () => {
    const pdf = doc.paths['/api/v1/courses/{id}/certificate']!.get!.responses['2XX']!.content!;
    expect(Object.keys(pdf)).toEqual(['application/pdf']);
    // The realtime authorisation answers Pusher's JSON as it is, declared in the realtime contract.
    const auth = doc.paths[realtimeEndpoints.channelAuth.path]!.post!.responses['2XX']!.content!['application/json']!;
    expect(Object.keys(auth.schema!.properties!).sort()).toEqual(['auth', 'channel_data']);
    const user = doc.paths[realtimeEndpoints.userAuth.path]!.post!.responses['2XX']!.content!['application/json']!;
    expect(Object.keys(user.schema!.properties!).sort()).toEqual(['auth', 'user_data']);
    // The errors each endpoint lists are described one by one.
    expect(Object.keys(doc.paths['/broadcasting/auth']!.post!.responses).sort()).toEqual(
      ['2XX', '400', '401', '403', '429', '4XX', '500', '5XX'].sort(),
    );
  });

  it('describes a multipart body with its text fields and file parts, and the JSON body beside it when taken', () => {
    type Body = { requestBody?: { content: Record<string, { schema: { properties: Record<string, { items?: object }> } }> } };
    const post = (doc.paths['/api/v1/posts']!.post as unknown as Body).requestBody!.content;
    expect(Object.keys(post).sort()).toEqual(['application/json', 'multipart/form-data']);
    expect(post['multipart/form-data']!.schema.properties.images).toMatchObject({
      type: 'array',
      maxItems: 4,
      items: { type: 'string', format: 'binary' },
    });
    expect(post['multipart/form-data']!.schema.properties.body).toBeDefined();
    expect(post['application/json']!.schema.properties.images).toBeUndefined();
    const avatar = (doc.paths['/api/v1/me/avatar']!.post as unknown as Body).requestBody!.content;
    expect(Object.keys(avatar)).toEqual(['multipart/form-data']);
    expect(avatar['multipart/form-data']!.schema.properties.avatar).toMatchObject({ type: 'string', format: 'binary' });
  });
});

/** Every endpoint of the contract (each module's `<module>Endpoints`). */
const contractEndpoints = (): EndpointDef[] =>
  Object.entries(shared)
    .filter(([name]) => name.endsWith('Endpoints'))
    .flatMap(([, group]) => Object.values(group as Record<string, EndpointDef>));

/** The documented operation of an endpoint: module routes live under /api, realtime and media at the root. */
function operationOf(e: EndpointDef): Operation | undefined {
  const path = e.path.replace(/\*$/, '{*}');
  const ops = doc.paths[`/api${path}`] ?? doc.paths[path];
  return ops?.[e.method.toLowerCase()];
}

describe('the OpenAPI document describes what the handlers read and send themselves', () => {
  it('lists the Idempotency-Key header, required or optional as declared, on every endpoint declaring it and on no other', () => {
    const endpoints = contractEndpoints();
    const keyed = endpoints.filter((e) => e.idempotencyKey);
    // Purchases and donations at least.
    expect(keyed.map((e) => `${e.method} ${e.path}`)).toEqual(
      expect.arrayContaining([
        'POST /v1/wallet/purchases',
        'POST /v1/donations',
        'POST /v1/tribes/{id}/expenses',
        'POST /v1/posts',
      ]),
    );
    for (const e of endpoints) {
      const header = operationOf(e)?.parameters?.find((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key');
      if (e.idempotencyKey) {
        expect(header, `${e.method} ${e.path}`).toMatchObject({ schema: { type: 'string' } });
        expect(header?.required ?? false, `${e.method} ${e.path}`).toBe(e.idempotencyKey === true);
      } else expect(header, `${e.method} ${e.path}`).toBeUndefined();
    }
  });

  it("describes the ledger's CSV download beside its JSON envelope", () => {
    const ledger = operationOf(moneyEndpoints.ledger)!.responses['2XX']!.content!;
    expect(Object.keys(ledger).sort()).toEqual(['application/json', 'text/csv']);
    expect(ledger['application/json']!.schema!.properties!.data).toBeDefined();
    expect(ledger['text/csv']!.schema).toMatchObject({ type: 'string', format: 'binary' });
  });

  it('describes the private media route: its signature in the query, the image or a receipt PDF, and 404 in the envelope', () => {
    const op = doc.paths['/media/private/{*}']!.get!;
    expect(op).toBe(operationOf(mediaEndpoints.privateFile));
    expect(op.summary).toContain('signed');
    expect(
      op
        .parameters!.filter((p) => p.in === 'query')
        .map((p) => p.name)
        .sort(),
    ).toEqual(['exp', 'sig']);
    expect(Object.keys(op.responses['2XX']!.content!).sort()).toEqual(['application/pdf', 'image/webp']);
    expect(op.responses['404']!.content!['application/json']!.schema!.properties!.status).toBeDefined();
  });

  it("names the error_type values of every declared 409, the learning center's included", () => {
    const declared = contractEndpoints().filter((e) => e.errorTypes?.length);
    expect(declared.filter((e) => Object.values(learningEndpoints).includes(e as never)).length).toBe(5);
    for (const e of declared) {
      const conflict = operationOf(e)!.responses['409']!.content!['application/json']!.schema!.properties!;
      expect(conflict.error_type, `${e.method} ${e.path}`).toEqual({ type: 'string', enum: [...e.errorTypes!] });
    }
    const lesson = operationOf(learningEndpoints.getLesson)!.responses['409']!.content!['application/json']!;
    expect(lesson.schema!.properties!.error_type).toEqual({ type: 'string', enum: ['lesson_locked'] });
  });
});

describe("the ledger's health", () => {
  it('describes its 500 as the error envelope that keeps the figures', () => {
    const failed = operationOf(moneyEndpoints.ledgerHealth)!.responses['500']!.content!['application/json']!.schema!;
    expect(failed.properties!.status).toEqual({ type: 'string', enum: ['error'] });
    expect(Object.keys((failed.properties!.data as { properties: object }).properties).sort()).toEqual(['accounts', 'ok']);
  });

  it('answers a broken ledger 500 in that envelope, serialised through its schema', async () => {
    const ledger = t.app.ctx.ledger;
    const check = ledger.checkInvariants;
    ledger.checkInvariants = async () => ({ ok: false, accounts: 7, total: 3, mismatched: ['x'] });
    try {
      const res = await t.app.inject({ url: '/api/v1/health/ledger' });
      expect(res.statusCode).toBe(500);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.json()).toEqual({ status: 'error', message: 'Ledger invariants broken.', data: { ok: false, accounts: 7 } });
    } finally {
      ledger.checkInvariants = check;
    }
    // An unexpected failure of the same route still answers the plain envelope (data is optional).
    ledger.checkInvariants = async () => {
      throw new Error('database gone');
    };
    try {
      const res = await t.app.inject({ url: '/api/v1/health/ledger' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ status: 'error', message: 'An internal server error occurred. Please try again later.' });
    } finally {
      ledger.checkInvariants = check;
    }
  });
});

describe('answers through the declared responses', () => {
  it("sends the realtime authorisation as Pusher's JSON, serialised through its schema, and its errors in the envelope", async () => {
    const u = await signUp(t, { name: 'Realtime Reader' });
    const res = await t.app.inject({
      method: 'POST',
      url: realtimeEndpoints.userAuth.path,
      headers: { ...bearer(u.token), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'socket_id=123.456',
    });
    expect(res.statusCode).toBe(200);
    const answer = res.json() as UserAuth;
    expect(Object.keys(answer).sort()).toEqual(['auth', 'user_data']);
    expect(answer.auth).toMatch(new RegExp(`^${t.app.ctx.realtime.appKey}:[0-9a-f]{64}$`));
    expect(JSON.parse(answer.user_data)).toEqual({ id: u.user.id, user_info: { name: 'Realtime Reader' } });

    const anonymous = await t.app.inject({ method: 'POST', url: '/broadcasting/user-auth', payload: { socket_id: '1.2' } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ status: 'error', message: expect.any(String) });
  });
});
