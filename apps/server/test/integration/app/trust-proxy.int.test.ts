import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import type { Database } from '#src/core/db/client.js';

/** A real listening node (NODE_ENV=production, limits unscaled) with a route that shows request.ip. */
async function startNode(env: Record<string, string>, database?: Database) {
  const t = await buildTestApp({
    database,
    rateLimitScale: 1,
    env: { NODE_ENV: 'production', ...env },
    beforeReady: (app) => app.get('/test/client-ip', async (request) => ({ ip: request.ip })),
  });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  return { t, base };
}

let plain: { t: TestApp; base: string };
let oneHop: { t: TestApp; base: string };
let loopbackCidr: { t: TestApp; base: string };

beforeAll(async () => {
  plain = await startNode({});
  // Three nodes of one database: each counts its own limits in memory.
  oneHop = await startNode({ TRUST_PROXY: '1' }, plain.t.database);
  loopbackCidr = await startNode({ TRUST_PROXY: '127.0.0.0/8, ::1' }, plain.t.database);
}, 120_000);
afterAll(async () => {
  await Promise.all([oneHop, loopbackCidr].map((n) => n?.t.close()));
  await plain?.t.close();
});

const checkEmail = (base: string, forwardedFor: string) =>
  fetch(`${base}/api/v1/check_email_exists`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    body: JSON.stringify({ email: 'someone@example.test' }),
  });
const clientIp = async (base: string, forwardedFor?: string) => {
  const res = await fetch(`${base}/test/client-ip`, { headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} });
  return ((await res.json()) as { ip: string }).ip;
};

describe('TRUST_PROXY unset in production: X-Forwarded-For is not believed', () => {
  it('keeps counting check_email_exists per socket address however the header rotates (the 11th is 429)', async () => {
    for (let i = 1; i <= 10; i++) expect((await checkEmail(plain.base, `198.51.100.${i}`)).status).toBe(200);
    const eleventh = await checkEmail(plain.base, '198.51.100.11');
    expect(eleventh.status).toBe(429);
    expect(eleventh.headers.get('retry-after')).toBeTruthy();
    expect(await eleventh.json()).toMatchObject({ status: 'error' });
  });

  it('takes the socket peer as the client', async () => {
    expect(await clientIp(plain.base, '203.0.113.50')).toBe('127.0.0.1');
  });

  it('counts per socket address through inject too', async () => {
    const inject = (i: number) =>
      plain.t.app.inject({
        method: 'POST',
        url: '/api/v1/check_email_exists',
        payload: { email: 'other@example.test' },
        remoteAddress: '192.0.2.77',
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
    for (let i = 1; i <= 10; i++) expect((await inject(i)).statusCode).toBe(200);
    expect((await inject(11)).statusCode).toBe(429);
  });
});

describe('TRUST_PROXY=1: one proxy hop in front', () => {
  it('takes the client from the right-most X-Forwarded-For entry, not a spoofed one further left', async () => {
    expect(await clientIp(oneHop.base, '203.0.113.9, 198.51.100.1')).toBe('198.51.100.1');
    expect(await clientIp(oneHop.base)).toBe('127.0.0.1');
  });

  it('counts the limit per forwarded client', async () => {
    for (let i = 1; i <= 11; i++) expect((await checkEmail(oneHop.base, `198.51.100.${i}`)).status).toBe(200);
    for (let i = 1; i <= 10; i++) expect((await checkEmail(oneHop.base, '198.51.100.200')).status).toBe(200);
    expect((await checkEmail(oneHop.base, '198.51.100.200')).status).toBe(429);
  });
});

describe('TRUST_PROXY as a list of CIDRs', () => {
  it('believes X-Forwarded-For only as far as the listed proxies go', async () => {
    // The socket peer (127.0.0.1) is a listed proxy; 198.51.100.1 is not, so it is the client.
    expect(await clientIp(loopbackCidr.base, '203.0.113.9, 198.51.100.1')).toBe('198.51.100.1');
    // A chain of listed proxies is walked through.
    expect(await clientIp(loopbackCidr.base, '203.0.113.9, 127.0.0.5')).toBe('203.0.113.9');
  });

  it('does not believe a peer outside the list', async () => {
    const answer = await loopbackCidr.t.app.inject({
      method: 'GET',
      url: '/test/client-ip',
      remoteAddress: '192.0.2.1',
      headers: { 'x-forwarded-for': '198.51.100.1' },
    });
    expect(answer.json()).toEqual({ ip: '192.0.2.1' });
  });
});
