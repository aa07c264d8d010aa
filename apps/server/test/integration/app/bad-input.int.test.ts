import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { caller } from '#test/call.js';
import {
  bearer,
  buildTribe,
  createPost,
  createTribe,
  joinTribe,
  logIn,
  otherSessionId,
  signUp,
  signUpLeader,
} from '#test/factories.js';

/**
 * Every write endpoint of the account, tribe and post API gets wrong types, missing and unknown
 * fields, huge strings, non-objects and malformed JSON, aimed at real resources (a tribe, its
 * member, village, post and report, each called by someone allowed to change it), so that only the
 * input is wrong: the answer must be 400 in the DESIGN section 4 envelope, with the field at fault
 * in `errors`. A well-formed request about something that does not exist, or by someone not
 * allowed, keeps its 404 or 403 (the last describe).
 */
type Caller = 'anon' | 'leader' | 'author' | 'member';
interface Endpoint {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path, with {tribe}, {slug}, {member}, {village}, {post} and {report} standing for the real ones. */
  path: string;
  fields: string[];
  /** Who sends it: someone allowed to make the change, so nothing but the input is wrong. */
  as: Caller;
  /**
   * A valid body each wrong value goes into, one field at a time, so that the rules between fields
   * (a confirmation that must match) run too and only the field at fault is wrong. None for edits,
   * where every field is optional.
   */
  valid?: () => Record<string, unknown>;
  /** Values of WRONG_VALUES that are in fact valid for a field (an empty bio, a boolean switch, a latitude). */
  accepts?: Record<string, unknown[]>;
}

/** The real resources the requests aim at, made through the API. */
interface World {
  leader: { token: string; user: { id: string } };
  author: { token: string; user: { id: string } };
  member: { token: string; user: { id: string } };
  tribe: { id: string; slug: string };
  villageId: string;
  postId: string;
  reportId: string;
  sessionId: string;
}
let w: World;

const PASSWORD = 'another long passphrase';
const SOMEONE = 'someone@example.test';
/** Numbers that are valid coordinates. */
const COORDINATES = [42, -1.5];
/** A village's description may be empty and its population unknown (null) or any whole number. */
const VILLAGE_VALUES = { lat: COORDINATES, lng: COORDINATES, description: [''], population: [42, null] };
let villages = 0;

const ENDPOINTS: Endpoint[] = [
  { method: 'POST', path: '/api/v1/check_email_exists', fields: ['email'], as: 'anon', valid: () => ({ email: SOMEONE }) },
  {
    method: 'POST',
    path: '/api/v1/auth/register',
    fields: ['name', 'email', 'password', 'password_confirmation', 'locale'],
    as: 'anon',
    valid: () => ({ name: 'Nadia', email: SOMEONE, password: PASSWORD, password_confirmation: PASSWORD, locale: 'en' }),
  },
  {
    method: 'POST',
    path: '/api/v1/auth/email/otp/send',
    fields: ['email', 'purpose'],
    as: 'anon',
    valid: () => ({ email: SOMEONE, purpose: 'login' }),
  },
  {
    method: 'POST',
    path: '/api/v1/auth/email/otp/verify',
    fields: ['email', 'code', 'purpose'],
    as: 'anon',
    valid: () => ({ email: SOMEONE, code: '123456', purpose: 'login' }),
  },
  {
    method: 'POST',
    path: '/api/v1/auth/login',
    fields: ['email', 'password', 'device_name'],
    as: 'anon',
    valid: () => ({ email: SOMEONE, password: PASSWORD, device_name: 'Phone' }),
    // A device may go unnamed.
    accepts: { device_name: [''] },
  },
  { method: 'POST', path: '/api/v1/forgot_password', fields: ['email'], as: 'anon', valid: () => ({ email: SOMEONE }) },
  {
    method: 'POST',
    path: '/api/v1/reset_password',
    fields: ['email', 'reset_token', 'password', 'password_confirmation'],
    as: 'anon',
    valid: () => ({ email: SOMEONE, reset_token: 'a'.repeat(64), password: PASSWORD, password_confirmation: PASSWORD }),
  },
  { method: 'PATCH', path: '/api/v1/me', fields: ['name', 'bio', 'locale'], as: 'member', accepts: { bio: [''] } },
  { method: 'DELETE', path: '/api/v1/me', fields: ['password'], as: 'member' },
  {
    method: 'POST',
    path: '/api/v1/me/password',
    fields: ['current_password', 'password', 'password_confirmation'],
    as: 'member',
    // Not the member's password: a wrong value let through would still change nothing.
    valid: () => ({ current_password: 'not the password at all', password: PASSWORD, password_confirmation: PASSWORD }),
  },
  { method: 'PUT', path: '/api/v1/me/role', fields: ['role'], as: 'member' },
  {
    method: 'PUT',
    path: '/api/v1/me/privacy',
    fields: ['profile_visibility', 'show_on_map'],
    as: 'member',
    accepts: { show_on_map: [true] },
  },
  { method: 'PUT', path: '/api/v1/me/settings', fields: ['language', 'notifications'], as: 'member' },
  {
    method: 'POST',
    path: '/api/v1/tribes',
    fields: ['name', 'description', 'lat', 'lng', 'region', 'visibility'],
    as: 'leader',
    valid: () => buildTribe(),
    accepts: { description: [''], lat: COORDINATES, lng: COORDINATES },
  },
  {
    method: 'PATCH',
    path: '/api/v1/tribes/{slug}',
    fields: ['name', 'description', 'lat', 'lng', 'region', 'visibility'],
    as: 'leader',
    accepts: { description: [''], lat: COORDINATES, lng: COORDINATES },
  },
  {
    method: 'PATCH',
    path: '/api/v1/tribes/{tribe}/members/{member}',
    fields: ['role', 'status'],
    as: 'leader',
  },
  { method: 'POST', path: '/api/v1/tribes/{tribe}/handover', fields: ['user_id'], as: 'leader' },
  { method: 'POST', path: '/api/v1/tribe_selection', fields: ['tribe_id'], as: 'member' },
  {
    method: 'POST',
    path: '/api/v1/tribes/{tribe}/villages',
    fields: ['name', 'lat', 'lng', 'description', 'population'],
    as: 'leader',
    // A new name each time: a village a wrong value let through must not make the next one a duplicate.
    valid: () => ({ name: `Tabant ${++villages}`, lat: 31.66, lng: -6.43 }),
    accepts: VILLAGE_VALUES,
  },
  {
    method: 'PATCH',
    path: '/api/v1/villages/{village}',
    fields: ['name', 'lat', 'lng', 'description', 'population', 'status'],
    as: 'leader',
    accepts: VILLAGE_VALUES,
  },
  {
    method: 'POST',
    path: '/api/v1/posts',
    fields: ['body', 'tribe_id', 'visibility', 'alt'],
    as: 'member',
    valid: () => ({ body: 'Hello', tribe_id: w.tribe.id, visibility: 'tribe' }),
    // Alt texts are optional, one per image: a post without images ignores them.
    accepts: { alt: [[], ['a']] },
  },
  { method: 'PATCH', path: '/api/v1/posts/{post}', fields: ['body'], as: 'author' },
  { method: 'POST', path: '/api/v1/posts/{post}/comments', fields: ['body'], as: 'member' },
  { method: 'POST', path: '/api/v1/posts/{post}/report', fields: ['reason'], as: 'member' },
  {
    method: 'POST',
    path: '/api/v1/reports/{report}/resolve',
    fields: ['action', 'note'],
    as: 'leader',
    valid: () => ({ action: 'dismiss', note: 'Seen' }),
    accepts: { note: [''] },
  },
];

const WRONG_VALUES: unknown[] = [
  42,
  -1.5,
  true,
  null,
  [],
  ['a'],
  { nested: { deep: 1 } },
  '',
  'x'.repeat(100_000),
  '\u0000\u202e',
];
/** Bodies that are JSON but not an object: a field error on `body`. */
const NON_OBJECTS = ['null', '[]', '"text"', '42', 'true'];
/** Bodies that are not JSON at all: 400 "malformed JSON", with no field to name. */
const NOT_JSON = ['{"a":', "{'single': 1}", '', '\u0000'];

let t: TestApp;
const call = caller(() => t);
beforeAll(async () => {
  t = await buildTestApp();
  const leader = await signUpLeader(t);
  const author = await signUp(t);
  const member = await signUp(t);
  const tribe = await createTribe(t, leader.token);
  for (const u of [author, member]) await joinTribe(t, u.token, tribe.id);
  const send = async (method: 'POST' | 'GET', url: string, token: string, payload?: object) => {
    const res = await call(method, url, token, payload);
    if (res.status >= 300) throw new Error(`fixture ${method} ${url}: ${res.status} ${res.text}`);
    return res.body.data;
  };
  const village = await send('POST', `/api/v1/tribes/${tribe.id}/villages`, leader.token, {
    name: 'Aït Bouguemez',
    lat: 31.7,
    lng: -6.4,
  });
  const post = await createPost(t, author.token, { body: 'Terraces after the rain', tribe_id: tribe.id, visibility: 'tribe' });
  await send('POST', `/api/v1/posts/${post.id}/report`, member.token, { reason: 'Off topic' });
  const reports = await send('GET', `/api/v1/tribes/${tribe.id}/reports`, leader.token);
  await logIn(t, member);
  w = {
    leader,
    author,
    member,
    tribe,
    villageId: village.village.id,
    postId: post.id,
    reportId: reports.items[0].id,
    sessionId: await otherSessionId(t, member.token),
  };
}, 120_000);
afterAll(async () => t.close());

/** The endpoint's path with the real resources' ids. */
const urlOf = (path: string) =>
  path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const ids: Record<string, string> = {
      tribe: w.tribe.id,
      slug: w.tribe.slug,
      member: w.member.user.id,
      village: w.villageId,
      post: w.postId,
      report: w.reportId,
    };
    return ids[name]!;
  });

const tokenOf = (as: Caller) => (as === 'anon' ? undefined : w[as].token);
const headersOf = (as: Caller, extra: Record<string, string> = {}) => {
  const token = tokenOf(as);
  return { ...(token ? bearer(token) : {}), ...extra };
};

type Answer = {
  statusCode: number;
  json(): { status: string; error_type?: string; message: string; errors?: Record<string, unknown> };
};

/** What is wrong with an answer that should be 400 validation_error with messages on `fields` (or inside them); null when right. */
function fieldErrorProblem(res: Answer, fields: string[]): string | null {
  if (res.statusCode !== 400) return `answered ${res.statusCode}`;
  const body = res.json();
  if (body.status !== 'error' || body.error_type !== 'validation_error' || body.message !== 'Validation failed.')
    return `not a validation error: ${JSON.stringify(body).slice(0, 200)}`;
  const named = (field: string) =>
    Object.entries(body.errors ?? {}).some(
      ([key, messages]) =>
        (key === field || key.startsWith(`${field}.`)) &&
        Array.isArray(messages) &&
        messages.length > 0 &&
        messages.every((m) => typeof m === 'string'),
    );
  const missing = fields.filter((f) => !named(f));
  return missing.length ? `no message on ${missing.join(', ')} in ${JSON.stringify(body.errors).slice(0, 200)}` : null;
}

const expectFieldErrors = (res: Answer, fields: string[], label: string) =>
  expect(fieldErrorProblem(res, fields), label).toBeNull();

describe.each(ENDPOINTS)('$method $path refuses bad input with 400 and field errors', (ep) => {
  it('for every wrong type or size in every field, naming the field', async () => {
    const problems: string[] = [];
    for (const field of ep.fields) {
      for (const value of WRONG_VALUES) {
        if (ep.accepts?.[field]?.some((ok) => JSON.stringify(ok) === JSON.stringify(value))) continue;
        const payload = { ...(ep.valid?.() ?? {}), [field]: value };
        const res = await t.app.inject({ method: ep.method, url: urlOf(ep.path), headers: headersOf(ep.as), payload });
        const problem = fieldErrorProblem(res, [field]);
        if (problem) problems.push(`${field}=${JSON.stringify(value).slice(0, 30)}: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('for unknown fields, naming each one', async () => {
    const res = await t.app.inject({
      method: ep.method,
      url: urlOf(ep.path),
      headers: headersOf(ep.as),
      payload: { __proto__x: 1, constructor: 'x', admin: true },
    });
    expectFieldErrors(res, ['__proto__x', 'constructor', 'admin'], 'unknown');
  });

  it('for bodies that are JSON but not objects (on `body`), or not JSON at all', async () => {
    for (const raw of NON_OBJECTS) {
      const res = await t.app.inject({
        method: ep.method,
        url: urlOf(ep.path),
        headers: headersOf(ep.as, { 'content-type': 'application/json' }),
        payload: raw,
      });
      expectFieldErrors(res, ['body'], `raw ${raw}`);
    }
    for (const raw of NOT_JSON) {
      const res = await t.app.inject({
        method: ep.method,
        url: urlOf(ep.path),
        headers: headersOf(ep.as, { 'content-type': 'application/json' }),
        payload: raw,
      });
      expect(res.statusCode, `raw ${JSON.stringify(raw)}`).toBe(400);
      expect(res.json(), `raw ${JSON.stringify(raw)}`).toMatchObject({ status: 'error', message: expect.any(String) });
    }
  });

  it('for a missing body', async () => {
    const res = await t.app.inject({ method: ep.method, url: urlOf(ep.path), headers: headersOf(ep.as) });
    expectFieldErrors(res, ['body'], 'no body');
  });
});

describe('path parameters', () => {
  it.each(['not-a-uuid', '1', "'; drop table users; --"])('DELETE /v1/me/sessions/%s answers 400 on id', async (id) => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/me/sessions/${encodeURIComponent(id)}`,
      headers: bearer(w.member.token),
    });
    expectFieldErrors(res, ['id'], id);
  });

  it('answers a path parameter longer than the router reads (100 characters) 414, in the envelope', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/me/sessions/${'x'.repeat(300)}`,
      headers: bearer(w.member.token),
    });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toMatchObject({ status: 'error', message: expect.any(String) });
  });
});

describe('well-formed requests keep their 404 and 403', () => {
  const ZERO_UUID = '00000000-0000-4000-8000-000000000000';
  const callAs = (method: Endpoint['method'], url: string, who: Caller, payload?: object) =>
    call(method, url, tokenOf(who), payload);

  it('404 for something that does not exist (or is not the caller’s)', async () => {
    const cases: [Endpoint['method'], string, Caller, object | undefined][] = [
      ['PATCH', '/api/v1/tribes/no-such-tribe', 'leader', { name: 'A valid name' }],
      ['PATCH', `/api/v1/villages/${ZERO_UUID}`, 'leader', { name: 'A valid name' }],
      ['PATCH', `/api/v1/tribes/${w.tribe.id}/members/${ZERO_UUID}`, 'leader', { role: 'moderator' }],
      ['PATCH', `/api/v1/posts/${ZERO_UUID}`, 'author', { body: 'Edited' }],
      ['POST', `/api/v1/posts/${ZERO_UUID}/comments`, 'member', { body: 'Hello' }],
      ['POST', `/api/v1/posts/${ZERO_UUID}/report`, 'member', { reason: 'Spam' }],
      ['POST', `/api/v1/reports/${ZERO_UUID}/resolve`, 'leader', { action: 'dismiss' }],
      // Another user's session is not the caller's: 404, as if it did not exist.
      ['DELETE', `/api/v1/me/sessions/${w.sessionId}`, 'author', undefined],
    ];
    for (const [method, url, who, payload] of cases) {
      const res = await callAs(method, url, who, payload);
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(res.body, `${method} ${url}`).toMatchObject({
        status: 'error',
        message: 'The requested resource could not be found.',
      });
    }
  });

  it('403 for a real resource changed by someone not allowed to', async () => {
    const cases: [Endpoint['method'], string, Caller, object][] = [
      ['PATCH', `/api/v1/tribes/${w.tribe.slug}`, 'member', { name: 'Taken over' }],
      ['PATCH', `/api/v1/tribes/${w.tribe.id}/members/${w.author.user.id}`, 'member', { role: 'moderator' }],
      ['POST', `/api/v1/tribes/${w.tribe.id}/handover`, 'member', { user_id: w.author.user.id }],
      ['PATCH', `/api/v1/villages/${w.villageId}`, 'member', { name: 'Renamed' }],
      ['PATCH', `/api/v1/posts/${w.postId}`, 'member', { body: 'Not mine to edit' }],
      ['POST', `/api/v1/reports/${w.reportId}/resolve`, 'member', { action: 'dismiss' }],
    ];
    for (const [method, url, who, payload] of cases) {
      const res = await callAs(method, url, who, payload);
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body, `${method} ${url}`).toMatchObject({
        status: 'error',
        message: 'You do not have permission to perform this action.',
      });
    }
  });
});
