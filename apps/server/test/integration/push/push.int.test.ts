import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { pushEndpoints } from '@tribes/shared';
import { pushSubscriptions } from '#src/core/db/schema/index.js';
import { expectOperationsMatch } from '#test/contract.js';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { bearer, createPost, post, signUp } from '#test/factories.js';
import { browserKeys, decryptPush, startPushService } from '#test/push-service.js';

// DESIGN 10.3: Web Push through a local push service over HTTPS; payloads decrypted with the browser's keys (RFC 8291).
let pushService: Awaited<ReturnType<typeof startPushService>>;
let t: TestApp;
beforeAll(async () => {
  pushService = await startPushService();
  t = await buildTestApp({
    env: { JOBS_ENABLED: 'true', PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true' },
    pushAgent: pushService.agent,
  });
});
afterAll(async () => {
  await t?.close();
  await pushService?.close();
});

const subscribe = (token: string | undefined, body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/push/subscriptions',
    headers: token ? bearer(token) : {},
    payload: body as object,
  });
const settings = (token: string, body: object) =>
  t.app.inject({ method: 'PATCH', url: '/api/v1/me/settings', headers: bearer(token), payload: body });
const subscriptionsOf = (userId: string) =>
  t.app.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

describe('web push', () => {
  it('registers every push route from the contract, each with its answer in the OpenAPI document', async () => {
    await expectOperationsMatch(t.app, { push: pushEndpoints });
  });

  it('gives the VAPID public key to anyone: an uncompressed P-256 point, base64url', async () => {
    const res = await t.app.inject({ url: '/api/v1/push/vapid_public_key' });
    expect(res.statusCode).toBe(200);
    const key = Buffer.from(res.json().data.public_key as string, 'base64url');
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(4);
  });

  it('pushes a comment to the author’s browser in her language: encrypted for its keys, signed with VAPID', async () => {
    const author = await signUp(t, { name: 'Camille Roux' });
    expect((await settings(author.token, { language: 'fr', notifications: { comments: { push: true } } })).statusCode).toBe(200);
    const keys = browserKeys();
    const res = await subscribe(author.token, {
      endpoint: `${pushService.origin}/send/camille`,
      expirationTime: null,
      keys: keys.json,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.subscription.endpoint).toBe(`${pushService.origin}/send/camille`);
    const postRow = await createPost(t, author.token, { body: 'Le toit de l’école' });
    const commenter = await signUp(t, { name: 'Yusuf Amrani' });
    expect(
      (await post(t, `/api/v1/posts/${postRow.id}/comments`, { body: 'Je peux aider' }, bearer(commenter.token))).status,
    ).toBe(201);

    const [pushed] = await pushService.waitFor('/send/camille');
    expect(pushed!.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(pushed!.headers.ttl)).toBeGreaterThan(0);
    const vapidKey = (await t.app.inject({ url: '/api/v1/push/vapid_public_key' })).json().data.public_key as string;
    expect(pushed!.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${vapidKey}$`));
    // The body is ciphertext: the sentence is not readable on the wire.
    expect(pushed!.body.toString('latin1')).not.toContain('Yusuf');
    const payload = JSON.parse(decryptPush(pushed!.body, keys)) as Record<string, string>;
    expect(payload).toMatchObject({ type: 'comment', title: 'Tribes' });
    expect(payload.body).toContain('Yusuf Amrani');
    expect(payload.body).toContain('a commenté');
    // The page it opens, in her language (the same link as the notification's mail).
    expect(payload.url).toMatch(/^http:\/\/localhost:3000\/fr\//);
    await expect.poll(async () => (await subscriptionsOf(author.user.id))[0]?.lastSentAt).not.toBeNull();
  });

  it('deletes a subscription its push service answers 410 Gone for, and sends nothing while push is off', async () => {
    const author = await signUp(t);
    const keys = browserKeys();
    pushService.answer('/send/gone', 410);
    expect((await subscribe(author.token, { endpoint: `${pushService.origin}/send/gone`, keys: keys.json })).statusCode).toBe(
      201,
    );
    const postRow = await createPost(t, author.token);
    const liker = await signUp(t);
    // Likes push is off by default: nothing goes out.
    expect((await post(t, `/api/v1/posts/${postRow.id}/like`, {}, bearer(liker.token))).status).toBeLessThan(300);
    await settings(author.token, { notifications: { comments: { push: true } } });
    expect((await post(t, `/api/v1/posts/${postRow.id}/comments`, { body: 'hi' }, bearer(liker.token))).status).toBe(201);
    const got = await pushService.waitFor('/send/gone');
    expect(got).toHaveLength(1);
    await expect.poll(async () => (await subscriptionsOf(author.user.id)).length).toBe(0);
  });

  it('forgets a browser on DELETE, only the caller’s own, idempotently', async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const endpoint = `${pushService.origin}/send/owner`;
    await subscribe(owner.token, { endpoint, keys: browserKeys().json });
    const del = (token: string | undefined, body: object) =>
      t.app.inject({ method: 'DELETE', url: '/api/v1/push/subscriptions', headers: token ? bearer(token) : {}, payload: body });
    expect((await del(undefined, { endpoint })).statusCode).toBe(401);
    expect((await del(other.token, { endpoint })).json().data).toEqual({ deleted: false });
    expect(await subscriptionsOf(owner.user.id)).toHaveLength(1);
    expect((await del(owner.token, { endpoint })).json().data).toEqual({ deleted: true });
    expect((await del(owner.token, { endpoint })).json().data).toEqual({ deleted: false });
    expect((await del(owner.token, {})).statusCode).toBe(400);
  });

  it('refuses bad subscriptions with the reason on the field, and anonymous ones with 401', async () => {
    const user = await signUp(t);
    const keys = browserKeys().json;
    expect((await subscribe(undefined, { endpoint: `${pushService.origin}/x`, keys })).statusCode).toBe(401);
    const cases: [object, string, string][] = [
      [{ endpoint: 'http://push.example.com/x', keys }, 'endpoint', 'A push endpoint must be an https address.'],
      [{ endpoint: 'not a url', keys }, 'endpoint', 'A push endpoint must be an https address.'],
      [
        { endpoint: `${pushService.origin}/x`, keys: { ...keys, p256dh: 'BAAA' } },
        'keys.p256dh',
        'This push subscription key is not valid.',
      ],
      [
        { endpoint: `${pushService.origin}/x`, keys: { ...keys, auth: 'c2hvcnQ' } },
        'keys.auth',
        'This push subscription key is not valid.',
      ],
      [
        { endpoint: `${pushService.origin}/x`, keys: { ...keys, auth: 'not base64!' } },
        'keys.auth',
        'This push subscription key is not valid.',
      ],
      [{ endpoint: `${pushService.origin}/x` }, 'keys', 'This field is required.'],
      [{ endpoint: `${pushService.origin}/x`, keys, extra: 1 }, 'extra', 'This field is not allowed.'],
    ];
    for (const [body, field, message] of cases) {
      const res = await subscribe(user.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ status: 'error', error_type: 'validation_error' });
      expect(res.json().errors[field], JSON.stringify(body)).toContain(message);
    }
    expect(await subscriptionsOf(user.user.id)).toHaveLength(0);
  });
});

describe('push endpoints inside the network', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await buildTestApp({ database: t.database });
  });
  afterAll(async () => strict?.close());

  it.each([
    'https://127.0.0.1/push',
    'https://localhost:8443/push',
    'https://10.1.2.3/push',
    'https://192.168.1.1/push',
    'https://169.254.169.254/latest',
    'https://[::1]/push',
    'https://[::ffff:127.0.0.1]/push',
    'https://[fd00::1]/push',
    'https://0.0.0.0/push',
  ])('refuses %s unless PUSH_ALLOW_PRIVATE_ENDPOINTS=true', async (endpoint) => {
    const user = await signUp(strict);
    const res = await strict.app.inject({
      method: 'POST',
      url: '/api/v1/push/subscriptions',
      headers: bearer(user.token),
      payload: { endpoint, keys: browserKeys().json },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.endpoint).toContain('This push endpoint is on a private network and cannot be used.');
  });
});
