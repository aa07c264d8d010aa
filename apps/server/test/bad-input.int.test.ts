import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { bearer, signUp } from './factories.js';

/**
 * Every write endpoint of the account API gets wrong types, missing and unknown fields, huge
 * strings, non-objects and malformed JSON, and must answer a 4xx in the envelope every time.
 */
interface Endpoint {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  fields: string[];
  auth?: boolean;
  /** Values of WRONG_VALUES that are in fact valid for a field (an empty bio, a boolean switch). */
  accepts?: Record<string, unknown[]>;
}

const ZERO_UUID = '00000000-0000-4000-8000-000000000000';

const ENDPOINTS: Endpoint[] = [
  { method: 'POST', url: '/api/v1/check_email_exists', fields: ['email'] },
  { method: 'POST', url: '/api/v1/auth/register', fields: ['name', 'email', 'password', 'password_confirmation', 'locale'] },
  { method: 'POST', url: '/api/v1/auth/email/otp/send', fields: ['email', 'purpose'] },
  { method: 'POST', url: '/api/v1/auth/email/otp/verify', fields: ['email', 'code', 'purpose'] },
  { method: 'POST', url: '/api/v1/auth/login', fields: ['email', 'password', 'device_name'] },
  { method: 'POST', url: '/api/v1/forgot_password', fields: ['email'] },
  { method: 'POST', url: '/api/v1/reset_password', fields: ['email', 'reset_token', 'password', 'password_confirmation'] },
  { method: 'PATCH', url: '/api/v1/me', fields: ['name', 'bio', 'locale'], auth: true, accepts: { bio: [''] } },
  { method: 'DELETE', url: '/api/v1/me', fields: ['password'], auth: true },
  { method: 'POST', url: '/api/v1/me/password', fields: ['current_password', 'password', 'password_confirmation'], auth: true },
  { method: 'PUT', url: '/api/v1/me/role', fields: ['role'], auth: true },
  {
    method: 'PUT',
    url: '/api/v1/me/privacy',
    fields: ['profile_visibility', 'show_on_map'],
    auth: true,
    accepts: { show_on_map: [true] },
  },
  { method: 'PUT', url: '/api/v1/me/settings', fields: ['language', 'notifications'], auth: true },
  { method: 'POST', url: '/api/v1/tribes', fields: ['name', 'description', 'lat', 'lng', 'region', 'visibility'], auth: true },
  {
    method: 'PATCH',
    url: '/api/v1/tribes/some-tribe',
    fields: ['name', 'description', 'lat', 'lng', 'region', 'visibility'],
    auth: true,
    accepts: { description: [''] },
  },
  { method: 'PATCH', url: `/api/v1/tribes/some-tribe/members/${ZERO_UUID}`, fields: ['role', 'status'], auth: true },
  { method: 'POST', url: '/api/v1/tribes/some-tribe/handover', fields: ['user_id'], auth: true },
  { method: 'POST', url: '/api/v1/tribe_selection', fields: ['tribe_id'], auth: true },
  {
    method: 'POST',
    url: '/api/v1/tribes/some-tribe/villages',
    fields: ['name', 'lat', 'lng', 'description', 'population'],
    auth: true,
  },
  {
    method: 'PATCH',
    url: `/api/v1/villages/${ZERO_UUID}`,
    fields: ['name', 'lat', 'lng', 'description', 'population', 'status'],
    auth: true,
  },
  { method: 'POST', url: '/api/v1/posts', fields: ['body', 'tribe_id', 'visibility', 'alt'], auth: true },
  { method: 'PATCH', url: `/api/v1/posts/${ZERO_UUID}`, fields: ['body'], auth: true },
  { method: 'POST', url: `/api/v1/posts/${ZERO_UUID}/comments`, fields: ['body'], auth: true },
  { method: 'POST', url: `/api/v1/posts/${ZERO_UUID}/report`, fields: ['reason'], auth: true },
  {
    method: 'POST',
    url: `/api/v1/reports/${ZERO_UUID}/resolve`,
    fields: ['action', 'note'],
    auth: true,
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
const NON_OBJECTS = ['null', '[]', '"text"', '42', 'true', '{"a":', "{'single': 1}", '', '\u0000'];

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await buildTestApp();
  token = (await signUp(t)).token;
});
afterAll(async () => t.close());

function expectClientError(res: { statusCode: number; json(): { status: string; message: string } }, label: string) {
  expect(res.statusCode, label).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, label).toBeLessThan(500);
  const body = res.json();
  expect(body.status, label).toBe('error');
  expect(typeof body.message, label).toBe('string');
}

describe.each(ENDPOINTS)('$method $url refuses bad input with a 4xx in the envelope', (ep) => {
  const headers = (extra: Record<string, string> = {}) => ({ ...(ep.auth ? bearer(token) : {}), ...extra });

  it('for every wrong type or size in every field', async () => {
    for (const field of ep.fields) {
      for (const value of WRONG_VALUES) {
        if (ep.accepts?.[field]?.includes(value)) continue;
        const res = await t.app.inject({ method: ep.method, url: ep.url, headers: headers(), payload: { [field]: value } });
        expectClientError(res, `${field}=${JSON.stringify(value).slice(0, 30)}`);
      }
    }
  });

  it('for unknown fields, alone or beside good-looking ones', async () => {
    const res = await t.app.inject({
      method: ep.method,
      url: ep.url,
      headers: headers(),
      payload: { __proto__x: 1, constructor: 'x', admin: true },
    });
    expectClientError(res, 'unknown');
    expect(res.statusCode).toBe(400);
  });

  it('for bodies that are not JSON objects, or not JSON at all', async () => {
    for (const raw of NON_OBJECTS) {
      const res = await t.app.inject({
        method: ep.method,
        url: ep.url,
        headers: headers({ 'content-type': 'application/json' }),
        payload: raw,
      });
      expectClientError(res, `raw ${JSON.stringify(raw)}`);
    }
  });

  it('for a missing body', async () => {
    const res = await t.app.inject({ method: ep.method, url: ep.url, headers: headers() });
    expectClientError(res, 'no body');
  });
});

describe('path parameters', () => {
  it.each(['not-a-uuid', '1', "'; drop table users; --", 'x'.repeat(300)])(
    'DELETE /v1/me/sessions/%s answers 4xx',
    async (id) => {
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/me/sessions/${encodeURIComponent(id)}`,
        headers: bearer(token),
      });
      expectClientError(res, id);
    },
  );
});
