import { passkeyEndpoints, type EndpointData } from '@tribes/shared';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { expectOperationsMatch } from '#test/contract.js';
import { caller } from '#test/call.js';
import { bearer, signUp } from '#test/factories.js';
import { createSoftAuthenticator } from '#test/soft-authenticator.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

type Options = EndpointData<typeof passkeyEndpoints.registrationOptions>;
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

const call = caller(() => t, { prefix: '/api' });

async function registrationOptions(token: string): Promise<Options> {
  const res = await call('POST', '/v1/me/passkeys/options', token);
  expect(res.status).toBe(200);
  return res.body.data;
}

/** Signs up a user and registers a software passkey through the API. */
async function userWithPasskey(name?: string) {
  const u = await signUp(t);
  const authenticator = createSoftAuthenticator();
  const { options } = await registrationOptions(u.token);
  const res = await call(
    'POST',
    '/v1/me/passkeys',
    u.token,
    { response: authenticator.register(options as never), ...(name ? { name } : {}) },
    { 'user-agent': ANDROID_CHROME },
  );
  expect(res.status).toBe(201);
  return { ...u, authenticator, passkey: res.body.data.passkey };
}

async function signInOptions() {
  const res = await call('POST', '/v1/auth/passkeys/options');
  expect(res.status).toBe(200);
  return res.body.data as Options;
}

const verify = (body: object) => call('POST', '/v1/auth/passkeys/verify', null, body, { 'user-agent': ANDROID_CHROME });

describe('passkey registration', () => {
  it('answers options for this relying party, stores the verified credential and lists it', async () => {
    const u = await signUp(t);
    const { options, challenge_id } = await registrationOptions(u.token);
    expect(challenge_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(options).toMatchObject({
      rp: { id: 'localhost', name: 'Tribes' },
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      excludeCredentials: [],
    });
    const authenticator = createSoftAuthenticator();
    const res = await call(
      'POST',
      '/v1/me/passkeys',
      u.token,
      { response: authenticator.register(options as never) },
      { 'user-agent': ANDROID_CHROME },
    );
    expect(res.status).toBe(201);
    const passkey = res.body.data.passkey;
    // No name given: named after the device that registered it.
    expect(passkey).toMatchObject({ name: 'Chrome on Android', transports: ['internal'], last_used_at: null });
    expect(passkey).not.toHaveProperty('public_key');
    const list = (await call('GET', '/v1/me/passkeys', u.token)).body.data.items;
    expect(list).toEqual([passkey]);
    // The next options exclude it, so the same authenticator is not registered twice.
    expect((await registrationOptions(u.token)).options.excludeCredentials).toEqual([
      expect.objectContaining({ id: authenticator.credentialId }),
    ]);
  });

  it('keeps the name given, else "Passkey" when the user agent tells nothing', async () => {
    const named = await userWithPasskey('Work laptop');
    expect(named.passkey.name).toBe('Work laptop');
    const u = await signUp(t);
    const { options } = await registrationOptions(u.token);
    const res = await call('POST', '/v1/me/passkeys', u.token, {
      response: createSoftAuthenticator().register(options as never),
    });
    expect(res.body.data.passkey.name).toBe('Passkey');
  });

  it('refuses a response to no challenge of mine, a spent challenge, a foreign origin or relying party', async () => {
    const u = await signUp(t);
    const other = await signUp(t);
    const add = (token: string, response: object) => call('POST', '/v1/me/passkeys', token, { response });
    const fieldKey = (res: Awaited<ReturnType<typeof add>>) => res.body.errors?.response?.[0];

    // Another user's challenge.
    const theirs = await registrationOptions(other.token);
    let res = await add(u.token, createSoftAuthenticator().register(theirs.options as never));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 'error', message: expect.any(String) });
    expect(fieldKey(res)).toMatch(/expired or was already used/);

    // A made-up challenge.
    res = await add(u.token, createSoftAuthenticator().register({ challenge: 'bm90LWEtY2hhbGxlbmdl' }));
    expect(res.status).toBe(400);

    // Replayed: the challenge is spent by the first response.
    const mine = await registrationOptions(u.token);
    const response = createSoftAuthenticator().register(mine.options as never);
    expect((await add(u.token, response)).status).toBe(201);
    res = await add(u.token, response);
    expect(res.status).toBe(400);
    expect(fieldKey(res)).toMatch(/expired or was already used/);

    // Another origin, another relying party id.
    const o1 = await registrationOptions(u.token);
    res = await add(u.token, createSoftAuthenticator().register(o1.options as never, { origin: 'https://evil.example' }));
    expect(res.status).toBe(400);
    expect(fieldKey(res)).toMatch(/could not be verified/);
    const o2 = await registrationOptions(u.token);
    res = await add(u.token, createSoftAuthenticator().register(o2.options as never, { rpId: 'evil.example' }));
    expect(res.status).toBe(400);

    // An expired challenge (5 minutes).
    const o3 = await registrationOptions(u.token);
    t.clock.advance(5 * 60 * 1000 + 1);
    res = await add(u.token, createSoftAuthenticator().register(o3.options as never));
    expect(res.status).toBe(400);
    expect(fieldKey(res)).toMatch(/expired or was already used/);
  });

  it('answers 409 for a credential registered already, even by someone else', async () => {
    const a = await userWithPasskey();
    const b = await signUp(t);
    const { options } = await registrationOptions(b.token);
    const res = await call('POST', '/v1/me/passkeys', b.token, { response: a.authenticator.register(options as never) });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ status: 'error', error_type: 'passkey_exists' });
  });

  it('refuses malformed bodies with a 400 and strangers with a 401', async () => {
    const u = await signUp(t);
    for (const body of [
      {},
      { response: 'x' },
      { response: { id: 'a', rawId: 'a', type: 'public-key', response: {} } },
      { response: { id: '!!', rawId: 'a', type: 'public-key', response: { clientDataJSON: 'a', attestationObject: 'a' } } },
      { response: { id: 'a', rawId: 'a', type: 'public-key', response: { clientDataJSON: 'bm9wZQ', attestationObject: 'a' } } },
      {
        response: { id: 'a', rawId: 'a', type: 'public-key', response: { clientDataJSON: 'e30', attestationObject: 'a' } },
        name: '',
      },
    ]) {
      const res = await call('POST', '/v1/me/passkeys', u.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.status).toBe('error');
    }
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/passkeys',
      payload: '{"response":',
      headers: { ...bearer(u.token), 'content-type': 'application/json' },
    });
    expect(raw.statusCode).toBe(400);
    expect((await call('POST', '/v1/me/passkeys/options')).status).toBe(401);
    expect((await call('POST', '/v1/me/passkeys', null, { response: {} })).status).toBe(401);
    expect((await call('GET', '/v1/me/passkeys')).status).toBe(401);
  });

  it('removes only my own passkey (404 for anyone else), and it signs in no more', async () => {
    const a = await userWithPasskey();
    const b = await signUp(t);
    const url = `/v1/me/passkeys/${a.passkey.id}`;
    expect((await call('DELETE', url)).status).toBe(401);
    expect((await call('DELETE', url, b.token)).status).toBe(404);
    expect((await call('DELETE', '/v1/me/passkeys/not-a-uuid', a.token)).status).toBe(400);
    expect((await call('DELETE', url, a.token)).status).toBe(200);
    expect((await call('DELETE', url, a.token)).status).toBe(404);
    expect((await call('GET', '/v1/me/passkeys', a.token)).body.data.items).toEqual([]);
    const { options } = await signInOptions();
    const res = await verify({ response: a.authenticator.authenticate(options) });
    expect(res.status).toBe(401);
  });
});

describe('passkey sign-in', () => {
  it('answers discoverable-credential options and signs in with the passkey, once per challenge', async () => {
    const a = await userWithPasskey();
    const { options, challenge_id } = await signInOptions();
    expect(options).toMatchObject({ rpId: 'localhost', allowCredentials: [], userVerification: 'required' });
    const response = a.authenticator.authenticate(options);
    const res = await verify({ response, challenge_id, device_name: 'My phone' });
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.user.id).toBe(a.user.id);
    // The token works, and its session carries the device name.
    const sessions = (await call('GET', '/v1/me/sessions', data.auth_token)).body.data.items;
    expect(sessions.find((s: { current: boolean }) => s.current)).toMatchObject({ device_name: 'My phone', name: 'My phone' });
    // The passkey was used: last use saved, and its signature counter (1 now): a clone that signs with
    // a count not above it is refused.
    const [listed] = (await call('GET', '/v1/me/passkeys', a.token)).body.data.items;
    expect(listed.last_used_at).not.toBeNull();
    const cloned = await signInOptions();
    const fromClone = await verify({
      response: a.authenticator.authenticate(cloned.options, { counter: 1 }),
      challenge_id: cloned.challenge_id,
    });
    expect(fromClone.status).toBe(401);

    // The same response again: its challenge is spent.
    const replay = await verify({ response, challenge_id });
    expect(replay.status).toBe(401);
    expect(replay.body).toMatchObject({ status: 'error', message: expect.stringMatching(/expired or was already used/) });
    const replayNoId = await verify({ response });
    expect(replayNoId.status).toBe(401);
  });

  it('finds the challenge from the response when no challenge_id is sent', async () => {
    const a = await userWithPasskey();
    const { options } = await signInOptions();
    const res = await verify({ response: a.authenticator.authenticate(options) });
    expect(res.status).toBe(200);
    expect(res.body.data.user.id).toBe(a.user.id);
  });

  it('answers 401 for an unknown credential, a wrong or expired challenge, a bad signature or origin', async () => {
    const a = await userWithPasskey();
    const stranger = createSoftAuthenticator();
    let o = await signInOptions();
    let res = await verify({ response: stranger.authenticate(o.options), challenge_id: o.challenge_id });
    expect(res.status).toBe(401);
    expect(res.body.message).toMatch(/not registered/);

    // A challenge this server never gave.
    res = await verify({ response: a.authenticator.authenticate({ challenge: 'bm90LWdpdmVu' }) });
    expect(res.status).toBe(401);
    // Another challenge than the one named by challenge_id (which is spent by the try).
    const first = await signInOptions();
    const second = await signInOptions();
    res = await verify({ response: a.authenticator.authenticate(second.options), challenge_id: first.challenge_id });
    expect(res.status).toBe(401);
    // A registration challenge is not a sign-in challenge.
    const reg = await registrationOptions(a.token);
    res = await verify({ response: a.authenticator.authenticate(reg.options), challenge_id: reg.challenge_id });
    expect(res.status).toBe(401);

    // A foreign origin.
    o = await signInOptions();
    res = await verify({ response: a.authenticator.authenticate(o.options, { origin: 'https://evil.example' }) });
    expect(res.status).toBe(401);
    expect(res.body.message).toMatch(/failed/);

    // A tampered signature.
    o = await signInOptions();
    const signed = a.authenticator.authenticate(o.options);
    const sig = Buffer.from(signed.response.signature, 'base64url');
    sig.writeUInt8(sig.readUInt8(sig.length - 1) ^ 1, sig.length - 1);
    res = await verify({ response: { ...signed, response: { ...signed.response, signature: sig.toString('base64url') } } });
    expect(res.status).toBe(401);

    // A user handle naming someone else.
    o = await signInOptions();
    res = await verify({
      response: a.authenticator.authenticate(o.options, { userHandle: Buffer.from(crypto.randomUUID()).toString('base64url') }),
    });
    expect(res.status).toBe(401);

    // Expired (5 minutes).
    o = await signInOptions();
    t.clock.advance(5 * 60 * 1000 + 1);
    res = await verify({ response: a.authenticator.authenticate(o.options), challenge_id: o.challenge_id });
    expect(res.status).toBe(401);

    // After all these failures the passkey still signs in.
    o = await signInOptions();
    expect((await verify({ response: a.authenticator.authenticate(o.options), challenge_id: o.challenge_id })).status).toBe(200);
  });

  it('refuses a passkey that did not verify its user (presence only): it signs in alone', async () => {
    const u = await signUp(t);
    const weak = createSoftAuthenticator({ userVerified: false });
    const { options } = await registrationOptions(u.token);
    expect((await call('POST', '/v1/me/passkeys', u.token, { response: weak.register(options as never) })).status).toBe(201);
    const o = await signInOptions();
    expect((await verify({ response: weak.authenticate(o.options), challenge_id: o.challenge_id })).status).toBe(401);
  });

  it('is a strong sign-in: with TOTP on, the password asks for the code but the passkey signs in', async () => {
    const a = await userWithPasskey();
    const code = () => generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
    const enrol = await call('POST', '/v1/me/2fa/totp', a.token);
    const secret = enrol.body.data.secret as string;
    expect((await call('POST', '/v1/me/2fa/totp/confirm', a.token, { code: await code() })).status).toBe(200);
    const password = await call('POST', '/v1/auth/login', null, { email: a.email, password: a.password });
    expect(password.body).toMatchObject({ status: 'warning', data: { two_factor_required: true } });
    const o = await signInOptions();
    const res = await verify({ response: a.authenticator.authenticate(o.options), challenge_id: o.challenge_id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'success', data: { auth_token: expect.any(String), user: { id: a.user.id } } });
  });

  it('refuses malformed bodies with a 400, never a 500', async () => {
    for (const body of [
      {},
      { response: null },
      { response: { id: 'a', rawId: 'a', type: 'other', response: {} } },
      {
        response: {
          id: 'a',
          rawId: 'a',
          type: 'public-key',
          response: { clientDataJSON: 'a', authenticatorData: 'a', signature: 'a' },
        },
        challenge_id: 'nope',
      },
      { response: { id: 'a', rawId: 'a', type: 'public-key', response: { clientDataJSON: 'a', authenticatorData: 'a' } } },
    ]) {
      const res = await verify(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.status).toBe('error');
    }
    // Well-formed but meaningless: an unreadable clientDataJSON, an unknown credential.
    for (const clientDataJSON of ['a', 'e30', Buffer.from('{"challenge":5}').toString('base64url')]) {
      const res = await verify({
        response: {
          id: 'a',
          rawId: 'a',
          type: 'public-key',
          response: { clientDataJSON, authenticatorData: 'a', signature: 'a' },
        },
      });
      expect(res.status).toBe(401);
    }
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/passkeys/verify',
      payload: '{not json',
      headers: { 'content-type': 'application/json' },
    });
    expect(raw.statusCode).toBe(400);
  });

  it('answers in the language asked', async () => {
    const o = await signInOptions();
    const res = await call(
      'POST',
      '/v1/auth/passkeys/verify',
      null,
      { response: createSoftAuthenticator().authenticate(o.options) },
      { 'accept-language': 'ar' },
    );
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('مفتاح المرور هذا غير مسجّل لأي حساب.');
  });
});

describe('passkeys contract', () => {
  it('documents exactly the declared endpoints', async () => {
    await expectOperationsMatch(t.app, { passkeys: passkeyEndpoints });
  });
});
