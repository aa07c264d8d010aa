import { twoFactorEndpoints } from '@tribes/shared';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passkeys, totpFactors, twoFactorChallenges } from '#src/core/db/schema/index.js';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { caller, type Method } from '#test/call.js';
import { mailQueueDrained } from '#test/mail-queue.js';
import { expectOperationsMatch } from '#test/contract.js';
import { bearer, signUp } from '#test/factories.js';
import { createSoftAuthenticator } from '#test/soft-authenticator.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

const api = caller(() => t, { prefix: '/api/v1', headers: () => ({ 'user-agent': UA }) });
const call = (method: Method, url: string, payload?: object, token?: string) => api(method, url, token, payload);

/** The app's code now (the test moves the app's clock; otplib is given the same epoch). */
const codeAt = (secret: string, offsetSeconds = 0) =>
  generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) + offsetSeconds });

/** Moves the clock to the start of the next 30 s step, so a fresh code is accepted. */
const nextStep = () => t.clock.advance(30_000 - (t.clock.now().getTime() % 30_000) + 10);

/** A signed-up user with TOTP confirmed: its secret and recovery codes. */
async function withTotp() {
  const u = await signUp(t);
  const enrol = await call('POST', '/me/2fa/totp', undefined, u.token);
  expect(enrol.status).toBe(200);
  const secret = enrol.body.data.secret as string;
  const confirm = await call('POST', '/me/2fa/totp/confirm', { code: await codeAt(secret) }, u.token);
  expect(confirm.status).toBe(200);
  nextStep();
  return { ...u, secret, recovery: confirm.body.data.recovery_codes as string[] };
}

const login = (u: { email: string; password: string }) =>
  call('POST', '/auth/login', { email: u.email, password: u.password, device_name: 'Test laptop' });

async function challengeFor(u: { email: string; password: string }): Promise<string> {
  const res = await login(u);
  expect(res.status).toBe(200);
  return res.body.data.challenge_id as string;
}

const verify = (body: object) => call('POST', '/auth/2fa/verify', body);

describe('TOTP enrolment', () => {
  it('answers a Base32 secret and an otpauth URI for Tribes, sealed at rest, pending until confirmed', async () => {
    const u = await signUp(t);
    const res = await call('POST', '/me/2fa/totp', undefined, u.token);
    expect(res.status).toBe(200);
    const { secret, otpauth_url } = res.body.data as { secret: string; otpauth_url: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(otpauth_url);
    expect(uri.protocol).toBe('otpauth:');
    expect(decodeURIComponent(uri.pathname)).toContain(`Tribes:${u.email}`);
    expect(uri.searchParams.get('issuer')).toBe('Tribes');
    expect(uri.searchParams.get('secret')).toBe(secret);
    const [row] = await t.database.db.select().from(totpFactors).where(eq(totpFactors.userId, u.user.id));
    expect(row!.confirmedAt).toBeNull();
    expect(row!.secretSealed).not.toContain(secret);
    // Pending: sign-in still answers a token.
    expect((await login(u)).body.data.auth_token).toEqual(expect.any(String));
    expect((await call('GET', '/me/2fa', undefined, u.token)).body.data).toEqual({
      totp_enabled: false,
      recovery_codes_left: 0,
      passkeys: 0,
    });
  });

  it('replaces a pending secret when asked again; a code of the old one does not confirm', async () => {
    const u = await signUp(t);
    const first = (await call('POST', '/me/2fa/totp', undefined, u.token)).body.data.secret as string;
    const second = (await call('POST', '/me/2fa/totp', undefined, u.token)).body.data.secret as string;
    expect(second).not.toBe(first);
    const old = await call('POST', '/me/2fa/totp/confirm', { code: await codeAt(first) }, u.token);
    expect(old.status).toBe(400);
    expect(old.body.errors.code).toEqual(['This code is not right. Check your authenticator app and try again.']);
    const ok = await call('POST', '/me/2fa/totp/confirm', { code: await codeAt(second) }, u.token);
    expect(ok.status).toBe(200);
  });

  it('confirms with a code: ten distinct recovery codes once, then enrolling again is 409', async () => {
    const u = await signUp(t);
    expect((await call('POST', '/me/2fa/totp/confirm', { code: '123456' }, u.token)).body.error_type).toBe(
      'two_factor_not_started',
    );
    const secret = (await call('POST', '/me/2fa/totp', undefined, u.token)).body.data.secret as string;
    const wrong = await call('POST', '/me/2fa/totp/confirm', { code: (await codeAt(secret, 300)) as string }, u.token);
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body.errors)).toEqual(['code']);
    const res = await call('POST', '/me/2fa/totp/confirm', { code: await codeAt(secret) }, u.token);
    expect(res.status).toBe(200);
    const codes = res.body.data.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await call('GET', '/me/2fa', undefined, u.token)).body.data).toEqual({
      totp_enabled: true,
      recovery_codes_left: 10,
      passkeys: 0,
    });
    const again = await call('POST', '/me/2fa/totp', undefined, u.token);
    expect(again.status).toBe(409);
    expect(again.body.error_type).toBe('two_factor_enabled');
    const reconfirm = await call('POST', '/me/2fa/totp/confirm', { code: await codeAt(secret) }, u.token);
    expect(reconfirm.status).toBe(409);
  });

  it('refuses every 2FA endpoint of the account when signed out (401)', async () => {
    for (const [method, url, body] of [
      ['GET', '/me/2fa', undefined],
      ['POST', '/me/2fa/totp', undefined],
      ['POST', '/me/2fa/totp/confirm', { code: '123456' }],
      ['DELETE', '/me/2fa/totp', { code: '123456' }],
    ] as const) {
      const res = await call(method, url, body);
      expect(res.status, `${method} ${url}`).toBe(401);
      expect(res.body.status).toBe('error');
    }
  });
});

describe('sign-in with 2FA on', () => {
  it('answers a challenge and no token; the code then signs in with the device of the login', async () => {
    const u = await withTotp();
    const res = await login(u);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('warning');
    expect(res.body.message).toBe('Enter the code from your authenticator app to finish signing in.');
    expect(res.body.data).toEqual({ two_factor_required: true, challenge_id: expect.any(String) });
    expect(JSON.stringify(res.body)).not.toMatch(/auth_token/);
    const ok = await verify({ challenge_id: res.body.data.challenge_id, code: await codeAt(u.secret) });
    expect(ok.status).toBe(200);
    expect(ok.body.data.user.id).toBe(u.user.id);
    const token = ok.body.data.auth_token as string;
    const sessions = await call('GET', '/me/sessions', undefined, token);
    const current = (sessions.body.data.items as { current: boolean; device_name: string | null }[]).find((s) => s.current);
    expect(current?.device_name).toBe('Test laptop');
    // The challenge is spent.
    nextStep();
    const reuse = await verify({ challenge_id: res.body.data.challenge_id, code: await codeAt(u.secret) });
    expect(reuse.status).toBe(400);
    expect(Object.keys(reuse.body.errors)).toEqual(['challenge_id']);
  });

  it('a mailed sign-in code answers the challenge too', async () => {
    const u = await withTotp();
    await call('POST', '/auth/email/otp/send', { email: u.email, purpose: 'login' });
    const code = await t.mail.codeFor(u.email, 2);
    const res = await call('POST', '/auth/email/otp/verify', { email: u.email, code, purpose: 'login' });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('warning');
    expect(res.body.data).toEqual({ two_factor_required: true, challenge_id: expect.any(String) });
  });

  it('does not accept one TOTP step twice (replay), the next step is fine', async () => {
    const u = await withTotp();
    const code = await codeAt(u.secret);
    expect((await verify({ challenge_id: await challengeFor(u), code })).status).toBe(200);
    const replay = await verify({ challenge_id: await challengeFor(u), code });
    expect(replay.status).toBe(400);
    expect(Object.keys(replay.body.errors)).toEqual(['code']);
    nextStep();
    expect((await verify({ challenge_id: await challengeFor(u), code: await codeAt(u.secret) })).status).toBe(200);
  });

  it('takes a recovery code once (case, spaces and dashes ignored)', async () => {
    const u = await withTotp();
    const typed = ` ${u.recovery[0]!.toUpperCase().replace('-', ' ')} `;
    const ok = await verify({ challenge_id: await challengeFor(u), recovery_code: typed });
    expect(ok.status).toBe(200);
    expect(ok.body.data.auth_token).toEqual(expect.any(String));
    const again = await verify({ challenge_id: await challengeFor(u), recovery_code: u.recovery[0] });
    expect(again.status).toBe(400);
    expect(again.body.errors.recovery_code).toEqual(['This recovery code is not valid or was already used.']);
    expect((await call('GET', '/me/2fa', undefined, ok.body.data.auth_token)).body.data.recovery_codes_left).toBe(9);
  });

  it('burns the challenge on the fifth wrong code: that and every later try says to sign in again', async () => {
    const u = await withTotp();
    const id = await challengeFor(u);
    const wrong = (await codeAt(u.secret, 600)) as string;
    for (let i = 0; i < 4; i += 1) {
      const res = await verify({ challenge_id: id, code: wrong });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.errors)).toEqual(['code']);
    }
    const fifth = await verify({ challenge_id: id, code: wrong });
    expect(fifth.status).toBe(400);
    expect(fifth.body.errors).toEqual({ challenge_id: ['Too many wrong codes. Please sign in again.'] });
    const right = await verify({ challenge_id: id, code: await codeAt(u.secret) });
    expect(right.body.errors).toEqual({ challenge_id: ['Too many wrong codes. Please sign in again.'] });
    const recovery = await verify({ challenge_id: id, recovery_code: u.recovery[1] });
    expect(recovery.status).toBe(400);
    // A new sign-in gets a new challenge that works.
    expect((await verify({ challenge_id: await challengeFor(u), code: await codeAt(u.secret) })).status).toBe(200);
  });

  it('counts racing wrong codes one by one (the row is locked) and lets one racing right code through', async () => {
    const u = await withTotp();
    const id = await challengeFor(u);
    const wrong = (await codeAt(u.secret, 600)) as string;
    const results = await Promise.all(Array.from({ length: 7 }, () => verify({ challenge_id: id, code: wrong })));
    const fields = results.map((r) => Object.keys(r.body.errors ?? {})[0]).sort();
    expect(fields).toEqual(['challenge_id', 'challenge_id', 'challenge_id', 'code', 'code', 'code', 'code']);

    const id2 = await challengeFor(u);
    const code = await codeAt(u.secret);
    const both = await Promise.all([verify({ challenge_id: id2, code }), verify({ challenge_id: id2, code })]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it('refuses an expired challenge', async () => {
    const u = await withTotp();
    const id = await challengeFor(u);
    t.clock.advance(10 * 60 * 1000 + 1000);
    const res = await verify({ challenge_id: id, code: await codeAt(u.secret) });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ challenge_id: ['This sign-in has expired. Please sign in again.'] });
  });

  it('answers 400 to bad input: a non-uuid or unknown challenge, neither or both codes, a malformed code', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const cases: [object, string][] = [
      [{ challenge_id: 'nope', code: '123456' }, 'challenge_id'],
      [{ challenge_id: id }, 'code'],
      [{ challenge_id: id, code: '123456', recovery_code: 'abcde-fghij' }, 'recovery_code'],
      [{ challenge_id: id, code: '12ab56' }, 'code'],
      [{ challenge_id: id, recovery_code: '<script>' }, 'recovery_code'],
      [{ challenge_id: id, code: '123456', extra: 1 }, 'extra'],
      [{ challenge_id: id, code: '123456' }, 'challenge_id'],
    ];
    for (const [body, field] of cases) {
      const res = await verify(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.status).toBe('error');
      expect(Object.keys(res.body.errors), JSON.stringify(body)).toContain(field);
    }
    const neither = await verify({ challenge_id: id });
    expect(neither.body.errors.code).toEqual(['Enter the code from your authenticator app or a recovery code.']);
  });
});

/** Registers a software passkey for the user through the API (as the passkeys settings page does). */
async function addPasskey(token: string, userVerified = true) {
  const authenticator = createSoftAuthenticator({ userVerified });
  const options = await call('POST', '/me/passkeys/options', undefined, token);
  expect(options.status).toBe(200);
  const res = await call('POST', '/me/passkeys', { response: authenticator.register(options.body.data.options) }, token);
  expect(res.status).toBe(201);
  return authenticator;
}

const passkeyOptions = (challengeId: string) => call('POST', '/auth/2fa/passkey/options', { challenge_id: challengeId });

async function optionsFor(challengeId: string) {
  const res = await passkeyOptions(challengeId);
  expect(res.status).toBe(200);
  return res.body.data.options as { challenge: string; allowCredentials: { id: string }[]; userVerification: string };
}

const triesOf = async (id: string) =>
  (await t.database.db.select().from(twoFactorChallenges).where(eq(twoFactorChallenges.id, id)))[0]!.tries;

describe('a passkey as the second factor', () => {
  it("answers the challenge: options allow only the account's passkeys; signs in with the login's device", async () => {
    const u = await withTotp();
    const mine = await addPasskey(u.token);
    const other = await withTotp();
    await addPasskey(other.token);
    expect((await call('GET', '/me/2fa', undefined, u.token)).body.data).toEqual({
      totp_enabled: true,
      recovery_codes_left: 10,
      passkeys: 1,
    });
    const id = await challengeFor(u);
    const options = await optionsFor(id);
    expect(options.allowCredentials.map((c) => c.id)).toEqual([mine.credentialId]);
    expect(options.userVerification).toBe('preferred');
    const ok = await verify({ challenge_id: id, passkey: mine.authenticate(options) });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Signed in successfully.');
    expect(ok.body.data.user.id).toBe(u.user.id);
    const token = ok.body.data.auth_token as string;
    const sessions = await call('GET', '/me/sessions', undefined, token);
    const current = (sessions.body.data.items as { current: boolean; device_name: string | null }[]).find((s) => s.current);
    expect(current?.device_name).toBe('Test laptop');
    // The passkey's use is recorded; the challenge is spent.
    const [row] = await t.database.db.select().from(passkeys).where(eq(passkeys.credentialId, mine.credentialId));
    expect(row!.lastUsedAt).not.toBeNull();
    expect(row!.counter).toBe(1);
    const again = await verify({ challenge_id: id, passkey: mine.authenticate(await optionsFor(await challengeFor(u))) });
    expect(again.status).toBe(400);
    expect(Object.keys(again.body.errors)).toEqual(['challenge_id']);
  });

  it("refuses another account's passkey and a replayed assertion; each counts as a wrong try", async () => {
    const u = await withTotp();
    const mine = await addPasskey(u.token);
    const stranger = await withTotp();
    const theirs = await addPasskey(stranger.token);

    const id = await challengeFor(u);
    const foreign = await verify({ challenge_id: id, passkey: theirs.authenticate(await optionsFor(id)) });
    expect(foreign.status).toBe(400);
    expect(foreign.body.status).toBe('error');
    expect(foreign.body.errors).toEqual({
      passkey: ['This passkey is not one of this account’s or could not be verified. Try again or use a code.'],
    });
    expect(await triesOf(id)).toBe(1);

    // Signed in with the passkey; the same assertion sent again for a new sign-in finds its WebAuthn challenge spent.
    const assertion = mine.authenticate(await optionsFor(id));
    expect((await verify({ challenge_id: id, passkey: assertion })).status).toBe(200);
    const id2 = await challengeFor(u);
    const replay = await verify({ challenge_id: id2, passkey: assertion });
    expect(replay.status).toBe(400);
    expect(replay.body.errors).toEqual({ passkey: ['This passkey request has expired or was already used. Please try again.'] });
    expect(await triesOf(id2)).toBe(1);

    // Options of a passwordless sign-in do not answer a second factor (another purpose).
    const login = await call('POST', '/auth/passkeys/options');
    const crossed = await verify({ challenge_id: id2, passkey: mine.authenticate(login.body.data.options) });
    expect(crossed.status).toBe(400);
    expect(Object.keys(crossed.body.errors)).toEqual(['passkey']);
    expect(await triesOf(id2)).toBe(2);
  });

  it('wrong passkeys count with wrong codes: the fifth wrong try burns the challenge for passkey and code alike', async () => {
    const u = await withTotp();
    const mine = await addPasskey(u.token);
    const theirs = await addPasskey((await signUp(t)).token);
    const id = await challengeFor(u);
    for (let i = 0; i < 2; i += 1) {
      expect(
        Object.keys((await verify({ challenge_id: id, passkey: theirs.authenticate(await optionsFor(id)) })).body.errors),
      ).toEqual(['passkey']);
    }
    const wrong = (await codeAt(u.secret, 600)) as string;
    for (let i = 0; i < 2; i += 1)
      expect(Object.keys((await verify({ challenge_id: id, code: wrong })).body.errors)).toEqual(['code']);
    const fifth = await verify({ challenge_id: id, passkey: theirs.authenticate(await optionsFor(id)) });
    expect(fifth.status).toBe(400);
    expect(fifth.body.errors).toEqual({ challenge_id: ['Too many wrong codes. Please sign in again.'] });
    // Burnt: no more options, and even the right passkey is refused.
    const options = await passkeyOptions(id);
    expect(options.status).toBe(400);
    expect(options.body.errors).toEqual({ challenge_id: ['Too many wrong codes. Please sign in again.'] });
    const login = await call('POST', '/auth/passkeys/options');
    const right = await verify({ challenge_id: id, passkey: mine.authenticate(login.body.data.options) });
    expect(right.body.errors).toEqual({ challenge_id: ['Too many wrong codes. Please sign in again.'] });
  });

  it('takes a passkey that did not verify its user (presence only): the password was the first factor', async () => {
    const u = await withTotp();
    const presenceOnly = await addPasskey(u.token, false);
    const id = await challengeFor(u);
    const ok = await verify({ challenge_id: id, passkey: presenceOnly.authenticate(await optionsFor(id)) });
    expect(ok.status).toBe(200);
    expect(ok.body.data.user.id).toBe(u.user.id);
  });

  it('refuses an expired challenge, for options and for the passkey', async () => {
    const u = await withTotp();
    const mine = await addPasskey(u.token);
    const id = await challengeFor(u);
    const options = await optionsFor(id);
    t.clock.advance(10 * 60 * 1000 + 1000);
    const expired = { challenge_id: ['This sign-in has expired. Please sign in again.'] };
    expect((await passkeyOptions(id)).body.errors).toEqual(expired);
    const res = await verify({ challenge_id: id, passkey: mine.authenticate(options) });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(expired);
  });

  it('answers 409 no_passkeys for an account without one, and 400 to bad input (never a 500)', async () => {
    const u = await withTotp();
    const none = await passkeyOptions(await challengeFor(u));
    expect(none.status).toBe(409);
    expect(none.body).toMatchObject({
      status: 'error',
      error_type: 'no_passkeys',
      message: 'This account has no passkey. Use the code from your authenticator app or a recovery code.',
    });
    const authenticator = await addPasskey(u.token);
    const id = await challengeFor(u);
    const assertion = authenticator.authenticate(await optionsFor(id));
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const [body, field] of [
      [{ challenge_id: 'nope' }, 'challenge_id'],
      [{}, 'challenge_id'],
      [{ challenge_id: id, extra: 1 }, 'extra'],
      [{ challenge_id: unknown }, 'challenge_id'],
    ] as const) {
      const res = await call('POST', '/auth/2fa/passkey/options', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.errors), JSON.stringify(body)).toContain(field);
    }
    for (const [body, field] of [
      [{ challenge_id: id, passkey: assertion, code: '123456' }, 'passkey'],
      [{ challenge_id: id, passkey: assertion, recovery_code: 'abcde-fghij' }, 'passkey'],
      [{ challenge_id: id, passkey: { ...assertion, type: 'password' } }, 'passkey.type'],
      [
        { challenge_id: id, passkey: { ...assertion, response: { ...assertion.response, signature: '!!' } } },
        'passkey.response.signature',
      ],
      [{ challenge_id: id, passkey: 'x' }, 'passkey'],
      [{ challenge_id: unknown, passkey: assertion }, 'challenge_id'],
    ] as const) {
      const res = await verify(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.status).toBe('error');
      expect(Object.keys(res.body.errors), JSON.stringify(body)).toContain(field);
    }
    const both = await verify({ challenge_id: id, passkey: assertion, code: '123456' });
    expect(both.body.errors.passkey).toEqual(['Use one way to verify: a code, a recovery code or a passkey.']);
    // None of these was a try: the assertion still signs in.
    expect(await triesOf(id)).toBe(0);
    expect((await verify({ challenge_id: id, passkey: assertion })).status).toBe(200);
  });

  it('is counted in the status without TOTP, and a sign-in without 2FA asks for nothing', async () => {
    const u = await signUp(t);
    await addPasskey(u.token);
    expect((await call('GET', '/me/2fa', undefined, u.token)).body.data).toEqual({
      totp_enabled: false,
      recovery_codes_left: 0,
      passkeys: 1,
    });
    expect((await login(u)).body.data.auth_token).toEqual(expect.any(String));
  });
});

describe('turning 2FA off', () => {
  it('with a code: the factor and its recovery codes go, sign-in answers a token again', async () => {
    const u = await withTotp();
    const wrong = await call('DELETE', '/me/2fa/totp', { code: (await codeAt(u.secret, 600)) as string }, u.token);
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body.errors)).toEqual(['code']);
    const res = await call('DELETE', '/me/2fa/totp', { code: await codeAt(u.secret) }, u.token);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Two-factor authentication is off.');
    expect((await call('GET', '/me/2fa', undefined, u.token)).body.data).toEqual({
      totp_enabled: false,
      recovery_codes_left: 0,
      passkeys: 0,
    });
    expect((await login(u)).body.data.auth_token).toEqual(expect.any(String));
    const again = await call('DELETE', '/me/2fa/totp', { code: await codeAt(u.secret) }, u.token);
    expect(again.status).toBe(409);
    expect(again.body.error_type).toBe('two_factor_disabled');
  });

  it('with a recovery code; a wrong one is refused on its field; bad bodies are 400', async () => {
    const u = await withTotp();
    const wrong = await call('DELETE', '/me/2fa/totp', { recovery_code: 'aaaaa-aaaaa' }, u.token);
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body.errors)).toEqual(['recovery_code']);
    expect((await call('DELETE', '/me/2fa/totp', {}, u.token)).status).toBe(400);
    expect((await call('DELETE', '/me/2fa/totp', { code: '123456', recovery_code: u.recovery[0] }, u.token)).status).toBe(400);
    const res = await call('DELETE', '/me/2fa/totp', { recovery_code: u.recovery[2] }, u.token);
    expect(res.status).toBe(200);
    expect((await login(u)).body.data.auth_token).toEqual(expect.any(String));
  });

  it("another user's code does not turn mine off", async () => {
    const me = await withTotp();
    const other = await withTotp();
    const res = await call('DELETE', '/me/2fa/totp', { recovery_code: other.recovery[0] }, me.token);
    expect(res.status).toBe(400);
    expect((await call('GET', '/me/2fa', undefined, me.token)).body.data.totp_enabled).toBe(true);
  });
});

describe("the account's cap on second-factor guesses (DESIGN 11.7)", () => {
  // This app runs with RATE_LIMIT_SCALE=1000 (build-test-app): the cap of 10 must not follow it.
  const lockedSubject = {
    en: 'Too many wrong codes on your Tribes account',
    fr: 'Trop de codes erronés sur votre compte Tribes',
  };
  const lockedMails = (email: string) => t.mail.forAddress(email).filter((m) => Object.values(lockedSubject).includes(m.subject));

  it('refuses the 11th answer after 10 wrong ones across challenges, even the right code, and tells the owner once', async () => {
    const u = await withTotp();
    const french = { method: 'PUT' as const, url: '/api/v1/me/settings', headers: bearer(u.token), payload: { language: 'fr' } };
    expect((await t.app.inject(french)).statusCode).toBe(200);
    const wrong = (await codeAt(u.secret, 600)) as string;
    // 4 + 4 wrong codes on two challenges (none burnt), then 2 wrong recovery codes on a third.
    for (const n of [4, 4]) {
      const id = await challengeFor(u);
      for (let i = 0; i < n; i += 1) expect((await verify({ challenge_id: id, code: wrong })).status).toBe(400);
    }
    const id = await challengeFor(u);
    for (let i = 0; i < 2; i += 1) expect((await verify({ challenge_id: id, recovery_code: 'aaaaa-aaaaa' })).status).toBe(400);

    const right = await verify({ challenge_id: id, code: await codeAt(u.secret) });
    expect(right.status).toBe(429);
    expect(right.body.status).toBe('error');
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(right.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    // A fresh challenge and a recovery code fare no better: the cap is the account's.
    expect((await verify({ challenge_id: await challengeFor(u), recovery_code: u.recovery[0] })).status).toBe(429);

    const mail = await t.mail.waitFor(u.email, 2);
    expect(mail.subject).toBe(lockedSubject.fr);
    expect(mail.text).toContain('15 prochaines minutes');
    await mailQueueDrained(t.app);
    expect(lockedMails(u.email)).toHaveLength(1);

    // 15 minutes after the wrong codes, the right one signs in again.
    t.clock.advance(15 * 60 * 1000);
    const again = await verify({ challenge_id: await challengeFor(u), code: await codeAt(u.secret) });
    expect(again.status).toBe(200);
  });

  it('counts wrong codes to turn 2FA off with those of sign-in, and a right answer is not counted', async () => {
    const u = await withTotp();
    const wrong = (await codeAt(u.secret, 600)) as string;
    for (let i = 0; i < 5; i += 1) expect((await call('DELETE', '/me/2fa/totp', { code: wrong }, u.token)).status).toBe(400);
    // A right answer in between leaves the count where it was.
    expect((await verify({ challenge_id: await challengeFor(u), code: await codeAt(u.secret) })).status).toBe(200);
    nextStep();
    const id = await challengeFor(u);
    for (let i = 0; i < 4; i += 1) expect((await verify({ challenge_id: id, code: wrong })).status).toBe(400);
    // The 10th wrong answer fills the cap: the owner is told at once.
    expect((await call('DELETE', '/me/2fa/totp', { recovery_code: 'aaaaa-aaaaa' }, u.token)).status).toBe(400);
    expect((await t.mail.waitFor(u.email, 2)).subject).toBe(lockedSubject.en);
    const off = await call('DELETE', '/me/2fa/totp', { code: await codeAt(u.secret) }, u.token);
    expect(off.status).toBe(429);
    expect(off.headers['retry-after']).toBeDefined();
    expect((await call('GET', '/me/2fa', undefined, u.token)).body.data.totp_enabled).toBe(true);
    expect((await verify({ challenge_id: id, code: await codeAt(u.secret) })).status).toBe(429);
  });
});

describe('contract', () => {
  it('documents exactly the declared two-factor operations', async () => {
    await expectOperationsMatch(t.app, { 'two-factor': twoFactorEndpoints });
  });
});

describe('logs', () => {
  it('hold no TOTP secret, code, recovery code or token through enrol, sign-in and turning off', async () => {
    const logged = await buildTestApp({ captureLogs: true });
    try {
      const loggedApi = caller(() => logged, { prefix: '/api/v1' });
      const req = async (method: 'POST' | 'DELETE', url: string, payload?: object, token?: string) =>
        (await loggedApi(method, url, token, payload)).body as { data: Record<string, unknown> };
      const at = (secret: string, offset = 0) =>
        generate({ secret, epoch: Math.floor(logged.clock.now().getTime() / 1000) + offset });
      const u = await signUp(logged);
      const secret = (await req('POST', '/me/2fa/totp', undefined, u.token)).data.secret as string;
      const first = await at(secret);
      const codes = (await req('POST', '/me/2fa/totp/confirm', { code: first }, u.token)).data.recovery_codes as string[];
      const challenge = (await req('POST', '/auth/login', { email: u.email, password: u.password })).data.challenge_id as string;
      const wrong = await at(secret, 900);
      await req('POST', '/auth/2fa/verify', { challenge_id: challenge, code: wrong, extra: 'x' });
      await req('POST', '/auth/2fa/verify', { challenge_id: challenge, code: wrong });
      const token = (await req('POST', '/auth/2fa/verify', { challenge_id: challenge, recovery_code: codes[0] })).data
        .auth_token as string;
      logged.clock.advance(30_000);
      const off = await at(secret);
      await req('DELETE', '/me/2fa/totp', { code: off }, token);
      const text = logged.logs.join('\n');
      expect(logged.logs.length).toBeGreaterThan(0);
      for (const s of [secret, first, wrong, off, token, ...codes]) expect(text).not.toContain(s);
    } finally {
      await logged.close();
    }
  });
});
