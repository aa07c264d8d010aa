import * as contract from '@tribes/shared';
import { reauthEndpoints, type EndpointDef } from '@tribes/shared';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { caller } from '#test/call.js';
import { mailQueueDrained } from '#test/mail-queue.js';
import { expectOperationsMatch } from '#test/contract.js';
import { bearer, logIn, signUp } from '#test/factories.js';
import { createSoftAuthenticator } from '#test/soft-authenticator.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

/** REAUTH_WINDOW_SECONDS' default. */
const WINDOW_MS = 600_000;

const call = caller(() => t, { prefix: '/api' });

/** Every endpoint of the contract that declares itself a sensitive act. */
const freshEndpoints = Object.values(contract as Record<string, unknown>)
  .filter((v): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v))
  .flatMap((group) => Object.values(group))
  .filter((e): e is EndpointDef => typeof e === 'object' && e !== null && 'path' in e && 'method' in e && 'auth' in e)
  .filter((e) => e.fresh === true);

/** Makes every session signed in so far stale (the app's clock moves past the window). */
const stale = () => t.clock.advance(WINDOW_MS + 1000);

/** The app's TOTP code now (the test moves the app's clock; otplib is given the same epoch). */
const totp = (secret: string) => generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
const nextStep = () => t.clock.advance(30_000 - (t.clock.now().getTime() % 30_000) + 10);

async function withTotp() {
  const u = await signUp(t);
  const secret = (await call('POST', '/v1/me/2fa/totp', u.token)).body.data.secret as string;
  const confirm = await call('POST', '/v1/me/2fa/totp/confirm', u.token, { code: await totp(secret) });
  expect(confirm.status).toBe(200);
  nextStep();
  return { ...u, secret, recovery: confirm.body.data.recovery_codes as string[] };
}

const status = async (token: string) => (await call('GET', '/v1/me/reauth', token)).body.data;
const canLogIn = async (email: string, password: string) =>
  (await call('POST', '/v1/auth/login', undefined, { email, password })).status === 200;

describe('sensitive acts need a fresh session (DESIGN 11.7)', () => {
  it('are exactly the acts DESIGN names', () => {
    expect(freshEndpoints.map((e) => `${e.method} ${e.path}`).sort()).toEqual(
      [
        'DELETE /v1/me',
        'DELETE /v1/me/2fa/totp',
        'DELETE /v1/me/identities/{id}',
        'DELETE /v1/me/passkeys/{id}',
        'POST /v1/me/2fa/recovery_codes',
        'POST /v1/me/email',
        'POST /v1/me/identities/firebase',
        'POST /v1/me/identities/oidc/{id}/start',
        'POST /v1/me/passkeys',
        'POST /v1/me/passkeys/options',
        'POST /v1/me/password',
      ].sort(),
    );
  });

  it('each answers 403 reauthentication_required on a stale session, before its body is even read', async () => {
    const u = await signUp(t);
    stale();
    for (const e of freshEndpoints) {
      const url = e.path.replace(/\{(\w+)\}/g, () => '00000000-0000-4000-8000-000000000000');
      // A body that is not valid for any of them: the freshness check comes first.
      const res = await t.app.inject({
        method: e.method,
        url: `/api${url}`,
        payload: { not_a_field: true },
        headers: bearer(u.token),
      });
      expect({ endpoint: `${e.method} ${e.path}`, status: res.statusCode, type: res.json().error_type }).toEqual({
        endpoint: `${e.method} ${e.path}`,
        status: 403,
        type: 'reauthentication_required',
      });
      expect(res.json().message).toMatch(/confirm it’s you/i);
    }
  });

  it('a stale stolen token cannot take the account; the owner keeps password, email and account', async () => {
    const u = await signUp(t);
    stale();
    const stolen = u.token;
    expect((await call('DELETE', '/v1/me/identities/password', stolen)).status).toBe(403);
    expect(
      (
        await call('POST', '/v1/me/password', stolen, {
          current_password: u.password,
          password: 'a new long passphrase',
          password_confirmation: 'a new long passphrase',
        })
      ).status,
    ).toBe(403);
    expect((await call('POST', '/v1/me/email', stolen, { email: 'thief@example.test' })).status).toBe(403);
    expect((await call('DELETE', '/v1/me', stolen, { password: u.password })).status).toBe(403);
    expect((await call('POST', '/v1/me/passkeys/options', stolen)).status).toBe(403);
    // Nothing changed: the owner signs in with the same password, at the same address.
    expect(await canLogIn(u.email, u.password)).toBe(true);
    expect((await call('GET', '/v1/me', stolen)).body.data.user.email).toBe(u.email);
    await mailQueueDrained(t.app);
    expect(t.mail.forAddress('thief@example.test')).toHaveLength(0);
  });

  it('a session is fresh right after its sign-in, until the window ends', async () => {
    const u = await signUp(t);
    const token = await logIn(t, u);
    expect(await status(token)).toMatchObject({ fresh: true, methods: ['password', 'email_code'], two_factor: false });
    t.clock.advance(WINDOW_MS - 5000);
    expect((await call('POST', '/v1/me/passkeys/options', token)).status).toBe(200);
    t.clock.advance(10_000);
    expect(await status(token)).toMatchObject({ fresh: false, fresh_until: null });
    expect((await call('POST', '/v1/me/passkeys/options', token)).status).toBe(403);
  });
});

describe('POST /v1/me/reauth', () => {
  it('with the password makes this session fresh (not the others), and the act then works', async () => {
    const u = await signUp(t);
    const other = await logIn(t, u);
    stale();
    const wrong = await call('POST', '/v1/me/reauth', u.token, { password: 'not the password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.password).toBeDefined();
    expect((await status(u.token)).fresh).toBe(false);

    const ok = await call('POST', '/v1/me/reauth', u.token, { password: u.password });
    expect(ok.status).toBe(200);
    expect(new Date(ok.body.data.fresh_until).getTime()).toBe(t.clock.now().getTime() + WINDOW_MS);
    expect(await status(u.token)).toMatchObject({ fresh: true, fresh_until: ok.body.data.fresh_until });
    expect((await status(other)).fresh).toBe(false);

    const changed = await call('POST', '/v1/me/password', u.token, {
      current_password: u.password,
      password: 'a brand new passphrase',
      password_confirmation: 'a brand new passphrase',
    });
    expect(changed.status).toBe(200);
    expect(await canLogIn(u.email, 'a brand new passphrase')).toBe(true);
  });

  it('a password sent along with the act is no reauth, and a fresh change still needs the current password', async () => {
    const u = await signUp(t);
    stale();
    const along = await call('DELETE', '/v1/me', u.token, { password: u.password });
    expect(along.body.error_type).toBe('reauthentication_required');
    expect((await call('POST', '/v1/me/reauth', u.token, { password: u.password })).status).toBe(200);
    const without = await call('POST', '/v1/me/password', u.token, {
      password: 'a brand new passphrase',
      password_confirmation: 'a brand new passphrase',
    });
    expect(without.status).toBe(400);
    expect(without.body.errors.current_password).toBeDefined();
    expect(await canLogIn(u.email, u.password)).toBe(true);
  });

  it('with an emailed code, for an account without a password', async () => {
    const u = await signUp(t);
    expect((await call('DELETE', '/v1/me/identities/password', u.token)).status).toBe(200);
    stale();
    expect(await status(u.token)).toMatchObject({ fresh: false, methods: ['email_code'] });
    expect((await call('POST', '/v1/me/reauth', u.token, { password: u.password })).status).toBe(409);

    expect((await call('POST', '/v1/me/reauth/email', u.token)).status).toBe(200);
    const mail = await t.mail.waitFor(u.email, 2);
    expect(mail.subject).toMatch(/confirmation code/);
    const code = await t.mail.codeFor(u.email, 2);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await call('POST', '/v1/me/reauth', u.token, { email_code: wrongCode });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.email_code).toBeDefined();
    expect((await call('POST', '/v1/me/reauth', u.token, { email_code: code })).status).toBe(200);
    // Single use.
    expect((await call('POST', '/v1/me/reauth', u.token, { email_code: code })).status).toBe(400);

    const set = await call('POST', '/v1/me/password', u.token, {
      password: 'a first own passphrase',
      password_confirmation: 'a first own passphrase',
    });
    expect(set.status).toBe(200);
  });

  it('with two-factor on, asks for the second factor too: app code or recovery code', async () => {
    const u = await withTotp();
    stale();
    const only = await call('POST', '/v1/me/reauth', u.token, { password: u.password });
    expect(only.status).toBe(403);
    expect(only.body.error_type).toBe('two_factor_required');
    expect((await status(u.token)).fresh).toBe(false);

    const wrong = await call('POST', '/v1/me/reauth', u.token, { password: u.password, code: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.code).toBeDefined();

    const ok = await call('POST', '/v1/me/reauth', u.token, { password: u.password, code: await totp(u.secret) });
    expect(ok.status).toBe(200);
    expect((await call('DELETE', '/v1/me/identities/password', u.token)).status).toBe(200);

    stale();
    const recovery = await call('POST', '/v1/me/reauth', u.token, {
      password: 'irrelevant',
      recovery_code: u.recovery[0],
    });
    // The password is gone now: the account confirms with an emailed code and a recovery code.
    expect(recovery.status).toBe(409);
    await call('POST', '/v1/me/reauth/email', u.token);
    const code = await t.mail.codeFor(u.email, 2);
    const withRecovery = await call('POST', '/v1/me/reauth', u.token, { email_code: code, recovery_code: u.recovery[0] });
    expect(withRecovery.status).toBe(200);
    const renewed = await call('POST', '/v1/me/2fa/recovery_codes', u.token);
    expect(renewed.status).toBe(200);
    expect(renewed.body.data.recovery_codes).toHaveLength(10);
    expect(renewed.body.data.recovery_codes).not.toContain(u.recovery[1]);
  });

  it("counts wrong app codes toward the account's cap on second-factor guesses, shared with sign-in", async () => {
    const u = await withTotp();
    stale();
    for (let i = 0; i < 5; i++) {
      expect((await call('POST', '/v1/me/reauth', u.token, { password: u.password, code: '000000' })).status).toBe(400);
    }
    const challenge = (await call('POST', '/v1/auth/login', undefined, { email: u.email, password: u.password })).body.data
      .challenge_id as string;
    for (let i = 0; i < 5; i++) {
      expect((await call('POST', '/v1/auth/2fa/verify', undefined, { challenge_id: challenge, code: '000000' })).status).toBe(
        400,
      );
    }
    const capped = await call('POST', '/v1/me/reauth', u.token, { password: u.password, code: await totp(u.secret) });
    expect(capped.status).toBe(429);
    expect((await status(u.token)).fresh).toBe(false);
  });

  it('asks for the app code before it spends an emailed code', async () => {
    const u = await withTotp();
    expect((await call('DELETE', '/v1/me/identities/password', u.token)).status).toBe(200);
    stale();
    await call('POST', '/v1/me/reauth/email', u.token);
    const code = await t.mail.codeFor(u.email, 2);
    expect((await call('POST', '/v1/me/reauth', u.token, { email_code: code })).body.error_type).toBe('two_factor_required');
    expect((await call('POST', '/v1/me/reauth', u.token, { email_code: code, code: '000000' })).status).toBe(400);
    nextStep();
    expect((await call('POST', '/v1/me/reauth', u.token, { email_code: code, code: await totp(u.secret) })).status).toBe(200);
  });

  it('with a passkey (user verified), which stands for both factors', async () => {
    const u = await withTotp();
    const authenticator = createSoftAuthenticator();
    const reg = (await call('POST', '/v1/me/passkeys/options', u.token)).body.data;
    expect((await call('POST', '/v1/me/passkeys', u.token, { response: authenticator.register(reg.options) })).status).toBe(201);
    stale();
    expect((await status(u.token)).methods).toEqual(['password', 'email_code', 'passkey']);
    const { options } = (await call('POST', '/v1/me/reauth/passkey/options', u.token)).body.data;
    expect(options).toMatchObject({ userVerification: 'required' });
    const assertion = authenticator.authenticate(options);
    expect((await call('POST', '/v1/me/reauth', u.token, { passkey: assertion })).status).toBe(200);
    expect((await call('DELETE', '/v1/me/2fa/totp', u.token, { recovery_code: u.recovery[0] })).status).toBe(200);
    // The same assertion again is refused (its challenge is spent).
    stale();
    const replay = await call('POST', '/v1/me/reauth', u.token, { passkey: assertion });
    expect(replay.status).toBe(400);
    expect(replay.body.errors.passkey).toBeDefined();
  });

  it('an account without passkeys or email gets 409 for those ways', async () => {
    const u = await signUp(t);
    expect((await call('POST', '/v1/me/reauth/passkey/options', u.token)).body.error_type).toBe('reauth_method_unavailable');
  });

  it('limits wrong passwords per account, whatever RATE_LIMIT_SCALE says (10 an hour)', async () => {
    const u = await signUp(t);
    stale();
    for (let i = 0; i < 10; i++) {
      expect((await call('POST', '/v1/me/reauth', u.token, { password: `wrong ${i}` })).status).toBe(400);
    }
    const limited = await call('POST', '/v1/me/reauth', u.token, { password: u.password });
    expect(limited.status).toBe(429);
    expect((await status(u.token)).fresh).toBe(false);
  });

  it('refuses bad input with field errors, and anonymous callers', async () => {
    const u = await signUp(t);
    for (const body of [
      {},
      { password: 'x', email_code: '123456' },
      { email_code: 'abc' },
      { password: 'x', code: '123456', recovery_code: 'abcde-fghij' },
      { password: 'x', extra: 1 },
    ]) {
      const res = await call('POST', '/v1/me/reauth', u.token, body);
      expect(res.status).toBe(400);
      expect(res.body.error_type).toBe('validation_error');
    }
    expect((await call('POST', '/v1/me/reauth', undefined, { password: 'x' })).status).toBe(401);
    expect((await call('GET', '/v1/me/reauth')).status).toBe(401);
    expect((await call('POST', '/v1/me/reauth/email')).status).toBe(401);
  });

  it('matches the contract in the OpenAPI document', async () => {
    await expectOperationsMatch(t.app, { reauth: reauthEndpoints });
  });
});
