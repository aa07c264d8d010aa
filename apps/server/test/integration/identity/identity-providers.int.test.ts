import { identityEndpoints as api, type EndpointData } from '@tribes/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { unsignedIdToken } from '#test/firebase-emulator.js';

type Providers = EndpointData<typeof api.providers>;

/** GET /v1/auth/providers (DESIGN 10.2): what the sign-in page may offer, with and without configuration. */
describe('GET /v1/auth/providers', () => {
  let bare: TestApp;
  let configured: TestApp;

  beforeAll(async () => {
    bare = await buildTestApp();
    configured = await buildTestApp({
      database: bare.database,
      env: {
        FIREBASE_PROJECT_ID: 'tribes-prod',
        FIREBASE_API_KEY: 'AIzaPublicWebKey',
        FIREBASE_AUTH_DOMAIN: 'login.tribes.example',
        IDENTITY_PROVIDERS: 'phone,google,apple',
        OIDC_PROVIDERS: JSON.stringify([
          {
            id: 'keycloak',
            name: 'Community ID',
            issuer: 'https://id.example/realms/t',
            client_id: 'tribes',
            client_secret: 'oidc-client-secret',
          },
        ]),
      },
    });
  });
  afterAll(async () => {
    await configured?.close();
    await bare?.close();
  });

  it('offers passkeys only when nothing is configured', async () => {
    const res = await bare.app.inject({ method: 'GET', url: '/api/v1/auth/providers' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success' });
    expect(res.json().data).toEqual({ firebase: null, oidc: [], passkeys: true } satisfies Providers);
  });

  it('hands out the Firebase web config and the OIDC issuers, never a client secret', async () => {
    const res = await configured.app.inject({ method: 'GET', url: '/api/v1/auth/providers' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      firebase: {
        api_key: 'AIzaPublicWebKey',
        auth_domain: 'login.tribes.example',
        project_id: 'tribes-prod',
        providers: ['phone', 'google', 'apple'],
        emulator_host: null,
      },
      oidc: [{ id: 'keycloak', name: 'Community ID' }],
      passkeys: true,
    } satisfies Providers);
    expect(res.body).not.toContain('oidc-client-secret');
  });

  it('answers 404 identity.not_configured to a Firebase sign-in when Firebase is not configured', async () => {
    const res = await bare.app.inject({ method: 'POST', url: '/api/v1/auth/identity', payload: { id_token: 'x.y.z' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 'error', message: expect.stringContaining('not set up') });
  });
});

/**
 * POST /v1/auth/identity without the emulator, as in production (no network needed: these tokens are
 * refused before Google's keys are fetched): unsigned tokens are refused, the refusals are counted
 * with the password logins (25 per 5 minutes per IP) and no token reaches the log.
 */
describe('POST /v1/auth/identity in production mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      rateLimitScale: 1,
      captureLogs: true,
      env: { NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'tribes-prod', FIREBASE_API_KEY: 'AIzaPublicWebKey' },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses unsigned tokens with 401 identity.invalid_token, limits the tries and logs no token', async () => {
    const token = unsignedIdToken('tribes-prod', { sub: 'uid-secret-marker' });
    const statuses: number[] = [];
    let last: { statusCode: number; json(): unknown; headers: Record<string, unknown> } | undefined;
    for (let i = 0; i < 26; i += 1) {
      last = await t.app.inject({ method: 'POST', url: '/api/v1/auth/identity', payload: { id_token: token } });
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, 25)).toEqual(Array(25).fill(401));
    expect(statuses[25]).toBe(429);
    expect(last!.headers['retry-after']).toBeDefined();
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/identity',
      payload: { id_token: token },
      remoteAddress: '10.9.8.7',
    });
    expect(refused.json()).toEqual({
      status: 'error',
      message: 'This sign-in could not be verified. Please sign in again.',
      error_type: 'identity.invalid_token',
    });
    const logs = t.logs.join('\n');
    expect(logs).toContain('firebase id token refused');
    expect(logs).not.toContain(token.split('.')[1]!.slice(0, 20));
    expect(logs).not.toContain('uid-secret-marker');
  });
});
