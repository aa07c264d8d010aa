import { identityEndpoints as api, type EndpointData } from '@tribes/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { bearer, DEFAULT_PASSWORD, post, signUp, uniqueEmail } from '#test/factories.js';
import { startFirebaseEmulator, unsignedIdToken, type FirebaseEmulator } from '#test/firebase-emulator.js';

type Identities = EndpointData<typeof api.list>['identities'];

/**
 * Firebase identities against the real Auth emulator (firebase-tools, offline, project demo-tribes):
 * POST /v1/auth/identity and its linking rules (DESIGN 10.2), the refusals of bad tokens, the sign-in
 * methods list, its removals and linking. The emulator starts once for the file (about 30 s).
 * `prod` is a second server on the same database configured for the same project WITHOUT the
 * emulator: it must refuse the emulator's unsigned tokens, as production would.
 */
describe('Firebase identities (emulator)', () => {
  let emu: FirebaseEmulator;
  let t: TestApp;
  let prod: TestApp;
  let phoneCounter = 0;
  const nextPhone = () =>
    `+2126${String(Date.now() % 1e7)
      .padStart(7, '0')
      .slice(0, 5)}${String(++phoneCounter).padStart(3, '0')}`;

  beforeAll(async () => {
    emu = await startFirebaseEmulator();
    t = await buildTestApp({ env: emu.env });
    prod = await buildTestApp({
      database: t.database,
      env: { FIREBASE_PROJECT_ID: emu.projectId, FIREBASE_API_KEY: 'AIzaTest' },
    });
  }, 240_000);
  afterAll(async () => {
    await prod?.close();
    await t?.close();
    await emu?.stop();
  });

  const identitySignIn = (idToken: string, app: TestApp = t, extra: Record<string, unknown> = {}) =>
    post(app, '/api/v1/auth/identity', { id_token: idToken, ...extra }, { 'user-agent': 'Mozilla/5.0 (Android 14) Chrome/120' });
  const me = async (token: string) => (await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(token) })).json();
  const identities = async (token: string): Promise<Identities> => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/me/identities', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    return res.json().data.identities;
  };
  const remove = (token: string, id: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/v1/me/identities/${encodeURIComponent(id)}`, headers: bearer(token) });

  it('tells the web app to use the emulator', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/providers' });
    expect(res.json().data.firebase).toMatchObject({
      project_id: 'demo-tribes',
      emulator_host: emu.host,
      providers: ['google', 'phone'],
    });
  });

  it('makes a new phone account: phone set, no email, onboarding goes on after the verified step', async () => {
    const phone = nextPhone();
    const { uid, idToken } = await emu.signInWithPhone(phone);
    const res = await identitySignIn(idToken, t, { device_name: 'My phone' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'success', data: { created: true } });
    const { user, auth_token } = res.body.data;
    expect(user).toMatchObject({ phone, email: null, email_verified: false, profile: { last_step: 'email-verified' } });
    expect(user.name).toBe(phone);
    expect((await me(auth_token)).data.user.id).toBe(user.id);

    // The same Firebase user again: the same account, not a new one.
    const again = await identitySignIn((await emu.signInWithPhone(phone)).idToken);
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ created: false, user: { id: user.id } });

    const list = await identities(auth_token);
    expect(list).toEqual([expect.objectContaining({ kind: 'firebase', provider: 'phone', phone, email: null })]);
    expect(list[0]!.id).not.toBe(uid);
  });

  it('joins a Google identity with a verified email to the password account of that email', async () => {
    const owner = await signUp(t);
    const { idToken } = await emu.signInWithIdp('google.com', {
      sub: `google-${owner.email}`,
      email: owner.email,
      email_verified: true,
      name: 'Google Name',
    });
    const res = await identitySignIn(idToken);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      created: false,
      user: { id: owner.user.id, email: owner.email, name: owner.user.name },
    });
    const kinds = (await identities(owner.token)).map((i) => [i.kind, i.provider]);
    expect(kinds).toEqual([
      ['password', null],
      ['email', null],
      ['firebase', 'google.com'],
    ]);
  });

  it('does not join an identity whose email the provider did not verify: a new account without that email', async () => {
    const owner = await signUp(t);
    const { idToken } = await emu.signInWithIdp('facebook.com', {
      sub: `fb-${owner.email}`,
      email: owner.email,
      email_verified: false,
      name: 'Someone Else',
    });
    const res = await identitySignIn(idToken);
    expect(res.status).toBe(200);
    expect(res.body.data.created).toBe(true);
    expect(res.body.data.user.id).not.toBe(owner.user.id);
    expect(res.body.data.user).toMatchObject({ email: null, email_verified: false, name: 'Someone Else' });
    // The owner's account is untouched: still only its own methods.
    expect((await identities(owner.token)).map((i) => i.kind)).toEqual(['password', 'email']);
  });

  it('does not join a verified email to an account that never verified it (no pre-registered takeover)', async () => {
    const email = uniqueEmail('squatter');
    const reg = await post(t, '/api/v1/auth/register', {
      name: 'Squatter',
      email,
      password: DEFAULT_PASSWORD,
      password_confirmation: DEFAULT_PASSWORD,
    });
    expect(reg.status).toBe(201);
    const { idToken } = await emu.signInWithIdp('google.com', { sub: `google-${email}`, email, email_verified: true });
    const res = await identitySignIn(idToken);
    expect(res.body.data.created).toBe(true);
    expect(res.body.data.user.id).not.toBe(reg.body.data.user.id);
    expect(res.body.data.user.email).toBeNull();
  });

  it('gives a new account a provider-verified email that nobody has, marked verified', async () => {
    const email = uniqueEmail('google');
    const { idToken } = await emu.signInWithIdp('google.com', {
      sub: `google-${email}`,
      email,
      email_verified: true,
      name: 'Amina',
    });
    const res = await identitySignIn(idToken);
    expect(res.body.data).toMatchObject({ created: true, user: { email, email_verified: true, name: 'Amina', phone: null } });
  });

  describe('refuses bad tokens with 401 identity.invalid_token', () => {
    const expectRefused = (res: { status: number; body: Record<string, unknown> }) => {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        status: 'error',
        message: 'This sign-in could not be verified. Please sign in again.',
        error_type: 'identity.invalid_token',
      });
    };

    it('an expired token', async () => {
      const past = Math.floor(Date.now() / 1000) - 7200;
      expectRefused(await identitySignIn(unsignedIdToken(emu.projectId, { iat: past, auth_time: past, exp: past + 3600 })));
    });

    it('a token of another project', async () => {
      expectRefused(await identitySignIn(unsignedIdToken('demo-elsewhere')));
    });

    it('malformed tokens', async () => {
      for (const bad of ['not-a-token', 'a.b.c', `${Buffer.from('{}').toString('base64url')}..`])
        expectRefused(await identitySignIn(bad));
    });

    it('an unsigned (emulator) token on a server without the emulator, as in production', async () => {
      const { idToken } = await emu.signInWithPhone(nextPhone());
      expectRefused(await identitySignIn(idToken, prod));
      // The same token is good where the emulator is configured.
      expect((await identitySignIn(idToken)).status).toBe(200);
    });

    it('a token of a user disabled in Firebase', async () => {
      const session = await emu.signInWithPhone(nextPhone());
      await emu.setDisabled(session.uid, true);
      expectRefused(await identitySignIn(session.idToken));
    });

    it('answers the message in the caller language and never logs the token', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/identity',
        payload: { id_token: 'a.b.c' },
        headers: { 'accept-language': 'fr' },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Cette connexion n’a pas pu être vérifiée. Veuillez vous reconnecter.');
    });
  });

  it('refuses a missing, empty or extra body field with 400 in the envelope', async () => {
    for (const payload of [{}, { id_token: '' }, { id_token: 'x', admin: true }, { id_token: 'x'.repeat(9000) }]) {
      const res = await post(t, '/api/v1/auth/identity', payload);
      expect(res.status).toBe(400);
      expect(res.body.status).toBe('error');
    }
  });

  describe('sign-in methods', () => {
    it('refuses the list, removal and linking without a session', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/me/identities' })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'DELETE', url: '/api/v1/me/identities/password' })).statusCode).toBe(401);
      expect((await post(t, '/api/v1/me/identities/firebase', { id_token: 'x' })).status).toBe(401);
    });

    it('never removes the last way in (409 identity.last_method)', async () => {
      const { idToken } = await emu.signInWithPhone(nextPhone());
      const token = (await identitySignIn(idToken)).body.data.auth_token as string;
      const [only] = await identities(token);
      const res = await remove(token, only!.id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ status: 'error', error_type: 'identity.last_method' });
      expect(res.json().message).toContain('cannot be removed');
      expect(await identities(token)).toHaveLength(1);
    });

    it('removes the password, then an identity, keeping the email; answers 404 for what the account lacks', async () => {
      const owner = await signUp(t);
      const google = await emu.signInWithIdp('google.com', {
        sub: `g2-${owner.email}`,
        email: owner.email,
        email_verified: true,
      });
      expect((await identitySignIn(google.idToken)).body.data.user.id).toBe(owner.user.id);

      expect((await remove(owner.token, 'password')).statusCode).toBe(200);
      // The password no longer signs in.
      const login = await post(t, '/api/v1/auth/login', { email: owner.email, password: owner.password });
      expect(login.status).toBe(400);
      expect((await remove(owner.token, 'password')).statusCode).toBe(404);

      const email = await remove(owner.token, 'email');
      expect(email.statusCode).toBe(409);
      expect(email.json().error_type).toBe('identity.email_not_removable');

      const list = await identities(owner.token);
      const firebase = list.find((i) => i.kind === 'firebase')!;
      expect((await remove(owner.token, firebase.id)).statusCode).toBe(200);
      expect((await identities(owner.token)).map((i) => i.kind)).toEqual(['email']);
      expect((await remove(owner.token, 'email')).json().error_type).toBe('identity.last_method');

      // Unknown ids, another account's identity and nonsense: 404, never a 500.
      const other = await identitySignIn((await emu.signInWithPhone(nextPhone())).idToken);
      const othersId = (await identities(other.body.data.auth_token))[0]!.id;
      for (const id of [othersId, '00000000-0000-4000-8000-000000000000', 'nonsense', 'PASSWORD']) {
        const res = await remove(owner.token, id);
        expect(res.statusCode, id).toBe(404);
        expect(res.json().status).toBe('error');
      }
      expect(await identities(other.body.data.auth_token)).toHaveLength(1);
    });

    it('links a Firebase identity to the signed-in account, once; another account’s is a 409', async () => {
      const owner = await signUp(t);
      const phone = nextPhone();
      const session = await emu.signInWithPhone(phone);
      const link = () => post(t, '/api/v1/me/identities/firebase', { id_token: session.idToken }, bearer(owner.token));
      const res = await link();
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ status: 'success', data: { identity: { kind: 'firebase', provider: 'phone', phone } } });
      // The account takes the verified phone it lacked, and signing in with that phone finds it.
      expect((await me(owner.token)).data.user.phone).toBe(phone);
      expect((await identitySignIn(session.idToken)).body.data).toMatchObject({ created: false, user: { id: owner.user.id } });
      // Again: the same identity, not a second one.
      expect((await link()).body.data.identity.id).toBe(res.body.data.identity.id);
      expect((await identities(owner.token)).filter((i) => i.kind === 'firebase')).toHaveLength(1);

      const stranger = await signUp(t);
      const taken = await post(t, '/api/v1/me/identities/firebase', { id_token: session.idToken }, bearer(stranger.token));
      expect(taken.status).toBe(409);
      expect(taken.body).toMatchObject({ status: 'error', error_type: 'identity.linked_elsewhere' });

      const bad = await post(t, '/api/v1/me/identities/firebase', { id_token: 'a.b.c' }, bearer(owner.token));
      expect(bad.status).toBe(401);
      expect(bad.body.error_type).toBe('identity.invalid_token');
    });
  });

  describe('an account without a password', () => {
    const phoneAccount = async () => {
      const res = await identitySignIn((await emu.signInWithPhone(nextPhone())).idToken);
      return res.body.data.auth_token as string;
    };

    it('sets its first password without a current one; from then on the current one is asked', async () => {
      const token = await phoneAccount();
      const newPassword = 'a first passphrase of mine';
      const set = await post(
        t,
        '/api/v1/me/password',
        { password: newPassword, password_confirmation: newPassword },
        bearer(token),
      );
      expect(set.status).toBe(200);
      expect((await identities(token)).map((i) => i.kind)).toEqual(['password', 'firebase']);
      const again = await post(
        t,
        '/api/v1/me/password',
        { password: 'another passphrase here', password_confirmation: 'another passphrase here' },
        bearer(token),
      );
      expect(again.status).toBe(400);
      expect(again.body.errors.current_password).toBeDefined();
    });

    it('deletes the account without a password', async () => {
      const token = await phoneAccount();
      const res = await t.app.inject({ method: 'DELETE', url: '/api/v1/me', payload: {}, headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(token) })).statusCode).toBe(401);
    });

    it('still asks a password account for its password to delete it', async () => {
      const owner = await signUp(t);
      const res = await t.app.inject({ method: 'DELETE', url: '/api/v1/me', payload: {}, headers: bearer(owner.token) });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.password).toBeDefined();
    });
  });
});
