import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { oidcEndpoints } from '@tribes/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { bearer, signUp, uniqueEmail } from '#test/factories.js';
import { startOidcIssuer, type LocalIssuer } from '#test/oidc-issuer.js';

/**
 * OpenID Connect sign-in (DESIGN 10.2) against a real issuer: oidc-provider 9 on 127.0.0.1, driven
 * like a browser (dev login form, consent). The issuer is the same on both database legs, so this
 * file runs the code flow on api-pglite only; the joining rules are plain SQL through the repo.
 */
const PUBLIC_URL = 'http://localhost:3000';
const CALLBACK = `${PUBLIC_URL}/api/v1/auth/oidc/local/callback`;

let issuer: LocalIssuer;
let t: TestApp;

beforeAll(async () => {
  issuer = await startOidcIssuer({ redirectUris: [CALLBACK] });
  t = await buildTestApp({
    captureLogs: true,
    env: {
      PUBLIC_URL,
      OIDC_PROVIDERS: JSON.stringify([
        { id: 'local', name: 'Local ID', issuer: issuer.issuer, client_id: issuer.clientId, client_secret: issuer.clientSecret },
        // Nothing listens there: discovery fails, the app still starts and answers.
        { id: 'down', name: 'Down', issuer: 'http://127.0.0.1:9', client_id: 'x', client_secret: 'y' },
      ]),
    },
  });
});

afterAll(async () => {
  await t?.close();
  await issuer?.close();
});

/**
 * The test's browser: the binding cookie (`name=value`) of its latest start, which it sends back to
 * the callback (the cookie's path) as a browser would.
 */
let browserCookie = '';
const keepCookie = (res: { headers: Record<string, unknown> }) => {
  browserCookie = String(res.headers['set-cookie']).split(';')[0]!;
};

/** GET start: the redirect to the issuer. */
async function start(query = '') {
  const res = await t.app.inject({ url: `/api/v1/auth/oidc/local/start${query}` });
  expect(res.statusCode, res.body).toBe(302);
  keepCookie(res);
  return res.headers.location as string;
}

/** The callback as the browser sends it (the issuer's redirect, path and query, and its cookie). */
const callback = (url: URL, cookie = browserCookie) =>
  t.app.inject({
    url: `${url.pathname}${url.search}`,
    headers: { 'user-agent': 'OidcTest/1.0', ...(cookie ? { cookie } : {}) },
  });

/** A whole sign-in as `sub`: start, issuer, callback; the callback's Location. */
async function signInAs(sub: string, query = '') {
  const back = await issuer.authorize(await start(query), sub);
  const res = await callback(back);
  expect(res.statusCode, res.body).toBe(302);
  return { location: res.headers.location as string, back };
}

const tokenOf = (location: string) => new URLSearchParams(location.split('#')[1]).get('token');
const me = (token: string) => t.app.inject({ url: '/api/v1/me', headers: bearer(token) });
const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

describe('OIDC start', () => {
  it('redirects to the issuer with PKCE S256, state, nonce and the openid email profile scope', async () => {
    const url = new URL(await start());
    expect(url.origin).toBe(issuer.issuer);
    const q = url.searchParams;
    expect(q.get('client_id')).toBe(issuer.clientId);
    expect(q.get('redirect_uri')).toBe(CALLBACK);
    expect(q.get('response_type')).toBe('code');
    expect(q.get('scope')).toBe('openid email profile');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(q.get('state')).toBeTruthy();
    expect(q.get('nonce')).toBeTruthy();
    const [stored] = await rows<{ nonce: string; code_verifier: string }>(
      sql`select nonce, code_verifier from oidc_states where state = ${q.get('state')}`,
    );
    expect(stored!.nonce).toBe(q.get('nonce'));
    // The verifier stays on the server: only its S256 challenge travels.
    expect(url.href).not.toContain(stored!.code_verifier);
  });

  it('answers 404 in the envelope for a provider that is not configured', async () => {
    for (const path of ['start', 'callback?state=x&code=y']) {
      const res = await t.app.inject({ url: `/api/v1/auth/oidc/nope/${path}`, headers: { 'accept-language': 'fr' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 'error', message: 'Aucun fournisseur de connexion de ce nom n’est configuré.' });
    }
  });

  it('sends the browser back to /sign-in with oidc_unavailable when the issuer cannot be reached', async () => {
    const res = await t.app.inject({ url: '/api/v1/auth/oidc/down/start' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/sign-in?error=oidc_unavailable');
  });

  it('keeps only same-site paths as return_to (an open redirect is refused)', async () => {
    const cases: [string, string | null][] = [
      ['/tribes/atlas?tab=posts', '/tribes/atlas?tab=posts'],
      ['//evil.example/x', null],
      ['/\\evil.example', null],
      ['https://evil.example/', null],
      ['javascript:alert(1)', null],
      ['tribes', null],
    ];
    for (const [given, kept] of cases) {
      const state = new URL(await start(`?return_to=${encodeURIComponent(given)}`)).searchParams.get('state');
      const [row] = await rows<{ return_to: string | null }>(sql`select return_to from oidc_states where state = ${state}`);
      expect(row!.return_to, given).toBe(kept);
    }
  });
});

describe('OIDC callback', () => {
  it('signs a new person in: a token that works on GET /v1/me, return_to carried in the fragment', async () => {
    const email = uniqueEmail('oidc');
    await issuer.setAccount('new-person', { email, email_verified: true, name: 'Ada Issuer' });
    const { location } = await signInAs('new-person', '?return_to=%2Ftribes');
    expect(location).toMatch(/^\/sign-in\/complete#token=[^&]+&return_to=%2Ftribes$/);
    const res = await me(tokenOf(location)!);
    expect(res.statusCode).toBe(200);
    const user = res.json().data.user;
    expect(user.name).toBe('Ada Issuer');
    expect(user.email).toBe(email);
    expect(user.email_verified).toBe(true);
    expect(user.profile.last_step).toBe('email-verified');
    // Signing in again finds the same account through the joined subject.
    const again = await me(tokenOf((await signInAs('new-person')).location)!);
    expect(again.json().data.user.id).toBe(user.id);
    const [session] = await rows<{ user_agent: string }>(
      sql`select user_agent from auth_tokens where user_id = ${user.id} order by created_at desc limit 1`,
    );
    expect(session!.user_agent).toBe('OidcTest/1.0');
  });

  it('joins an existing account through an email the issuer marks verified', async () => {
    const existing = await signUp(t);
    await issuer.setAccount('verified-twin', { email: existing.email.toUpperCase(), email_verified: true, name: 'Twin' });
    const res = await me(tokenOf((await signInAs('verified-twin')).location)!);
    expect(res.json().data.user.id).toBe(existing.user.id);
  });

  it('does not join through an unverified email: a new account without email', async () => {
    const existing = await signUp(t);
    await issuer.setAccount('unverified-twin', { email: existing.email, email_verified: false, name: 'Not Me' });
    const res = await me(tokenOf((await signInAs('unverified-twin')).location)!);
    const user = res.json().data.user;
    expect(user.id).not.toBe(existing.user.id);
    expect(user.email).toBeNull();
    expect(user.name).toBe('Not Me');
  });

  it('does not join an account that never verified its email (pre-registered by someone else)', async () => {
    const email = uniqueEmail('squatted');
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: {
        name: 'Squatter',
        email,
        password: 'a long enough passphrase',
        password_confirmation: 'a long enough passphrase',
      },
    });
    expect(reg.statusCode).toBe(201);
    await issuer.setAccount('real-owner', { email, email_verified: true, name: 'Real Owner' });
    const user = (await me(tokenOf((await signInAs('real-owner')).location)!)).json().data.user;
    expect(user.id).not.toBe(reg.json().data.user.id);
    expect(user.email).toBeNull();
  });

  it('answers the 2FA challenge, not a token, for an account with TOTP on', async () => {
    const person = await signUp(t);
    const enrol = await t.app.inject({ method: 'POST', url: '/api/v1/me/2fa/totp', headers: bearer(person.token) });
    const secret = enrol.json().data.secret as string;
    const code = await generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/2fa/totp/confirm',
      headers: bearer(person.token),
      payload: { code },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await issuer.setAccount('with-2fa', { email: person.email, email_verified: true });
    const { location } = await signInAs('with-2fa');
    expect(location).toMatch(/^\/sign-in\?challenge=[0-9a-f-]{36}$/);
    expect(location).not.toContain('token');
  });

  it('refuses a wrong state', async () => {
    await issuer.setAccount('wrong-state', { email: uniqueEmail(), email_verified: true });
    const back = await issuer.authorize(await start(), 'wrong-state');
    back.searchParams.set('state', 'not-a-state-we-made');
    const res = await callback(back);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/sign-in?error=oidc_state');
  });

  it('binds the state to the browser that started: an httpOnly, SameSite=Lax cookie for the callback only, cleared there', async () => {
    const res = await t.app.inject({ url: '/api/v1/auth/oidc/local/start' });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^tribes_oidc=[0-9a-f]{64}; /);
    expect(cookie).toContain('Path=/api/v1/auth/oidc/local/callback');
    expect(cookie).toContain('Max-Age=600');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toContain('Secure'); // PUBLIC_URL is http here
    keepCookie(res);
    await issuer.setAccount('cookie-owner', { email: uniqueEmail(), email_verified: true });
    const done = await callback(await issuer.authorize(res.headers.location as string, 'cookie-owner'));
    expect(done.headers.location).toMatch(/^\/sign-in\/complete#token=/);
    expect(String(done.headers['set-cookie'])).toMatch(/^tribes_oidc=; Path=\/api\/v1\/auth\/oidc\/local\/callback; Max-Age=0/);
  });

  it("refuses a valid state without its browser's cookie or with another browser's, and leaves it to its own browser", async () => {
    await issuer.setAccount('csrf-target', { email: uniqueEmail(), email_verified: true });
    // An attacker's own authorization, finished in the victim's browser (login CSRF).
    const back = await issuer.authorize(await start(), 'csrf-target');
    const attackersCookie = browserCookie;
    await start(); // the victim's browser started a flow of its own: it holds another cookie
    const victimsCookie = browserCookie;
    for (const cookie of ['', victimsCookie, 'tribes_oidc=not-hex', `tribes_oidc=${'0'.repeat(64)}`]) {
      const res = await callback(back, cookie);
      expect(res.statusCode, cookie).toBe(302);
      expect(res.headers.location, cookie).toBe('/sign-in?error=oidc_state');
    }
    // Refused before it was spent: the browser that started it still finishes it.
    const own = await callback(back, attackersCookie);
    expect(own.headers.location).toMatch(/^\/sign-in\/complete#token=/);
  });

  it('refuses a replayed callback (same code and state)', async () => {
    await issuer.setAccount('replay', { email: uniqueEmail(), email_verified: true });
    const { location, back } = await signInAs('replay');
    expect(tokenOf(location)).toBeTruthy();
    const replay = await callback(back);
    expect(replay.statusCode).toBe(302);
    expect(replay.headers.location).toBe('/sign-in?error=oidc_state');
  });

  it('refuses an expired state (10 minutes)', async () => {
    await issuer.setAccount('slow', { email: uniqueEmail(), email_verified: true });
    const back = await issuer.authorize(await start(), 'slow');
    t.clock.advance(10 * 60 * 1000 + 1000);
    const res = await callback(back);
    expect(res.headers.location).toBe('/sign-in?error=oidc_state');
  });

  it('refuses an ID token whose nonce is not the one sent', async () => {
    await issuer.setAccount('nonce', { email: uniqueEmail(), email_verified: true });
    const back = await issuer.authorize(await start(), 'nonce');
    await t.database.db.execute(
      sql`update oidc_states set nonce = 'another-nonce' where state = ${back.searchParams.get('state')}`,
    );
    const before = t.logs.length;
    const res = await callback(back);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/sign-in?error=oidc_failed');
    // The failure is logged, without the code or the state.
    const logged = t.logs.slice(before).join('\n');
    expect(logged).toContain('oidc sign-in failed');
    expect(logged).not.toContain(back.searchParams.get('code')!);
    expect(logged).not.toContain(back.searchParams.get('state')!);
  });

  it('forgets authorizations an hour after they expired, at the next start', async () => {
    const old = new URL(await start()).searchParams.get('state');
    t.clock.advance(10 * 60 * 1000 + 60 * 60 * 1000 + 1000);
    const fresh = new URL(await start()).searchParams.get('state');
    const states = await rows<{ state: string }>(sql`select state from oidc_states where state in (${old}, ${fresh})`);
    expect(states.map((r) => r.state)).toEqual([fresh]);
  });

  it('sends the user back with oidc_denied when they refuse at the issuer', async () => {
    await issuer.setAccount('refuses', { email: uniqueEmail(), email_verified: true });
    const back = await issuer.authorize(await start(), 'refuses', { abort: true });
    expect(back.searchParams.get('error')).toBe('access_denied');
    const res = await callback(back);
    expect(res.headers.location).toBe('/sign-in?error=oidc_denied');
  });

  it('answers oidc_state, never a 500, for a callback with nothing in it', async () => {
    const res = await t.app.inject({ url: '/api/v1/auth/oidc/local/callback' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/sign-in?error=oidc_state');
  });
});

describe('OIDC linking from settings', () => {
  it('joins the subject to the signed-in account and lands on return_to', async () => {
    const person = await signUp(t);
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/identities/oidc/local/start',
      headers: bearer(person.token),
      payload: { return_to: '/setting/sign-in-methods' },
    });
    expect(started.statusCode, started.body).toBe(200);
    keepCookie(started);
    await issuer.setAccount('linked-sub', { email: uniqueEmail(), email_verified: false });
    const res = await callback(await issuer.authorize(started.json().data.url as string, 'linked-sub'));
    expect(res.headers.location).toBe('/setting/sign-in-methods?linked=local');
    // From now on that subject signs in to this account.
    const signedIn = await me(tokenOf((await signInAs('linked-sub')).location)!);
    expect(signedIn.json().data.user.id).toBe(person.user.id);
  });

  it('refuses a subject another account already has', async () => {
    await issuer.setAccount('taken-sub', { email: uniqueEmail(), email_verified: true });
    await signInAs('taken-sub');
    const person = await signUp(t);
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/identities/oidc/local/start',
      headers: bearer(person.token),
      payload: {},
    });
    keepCookie(started);
    const res = await callback(await issuer.authorize(started.json().data.url as string, 'taken-sub'));
    expect(res.headers.location).toBe('/setting/sign-in-methods?error=oidc_linked_elsewhere');
  });

  it('needs a signed-in caller, a known provider and a reachable issuer', async () => {
    const person = await signUp(t);
    const url = '/api/v1/me/identities/oidc/local/start';
    expect((await t.app.inject({ method: 'POST', url, payload: {} })).statusCode).toBe(401);
    const other = { method: 'POST' as const, headers: bearer(person.token), payload: {} };
    expect((await t.app.inject({ ...other, url: '/api/v1/me/identities/oidc/nope/start' })).statusCode).toBe(404);
    const down = await t.app.inject({ ...other, url: '/api/v1/me/identities/oidc/down/start' });
    expect(down.statusCode).toBe(503);
    expect(down.json().status).toBe('error');
    const bad = await t.app.inject({ ...other, url, payload: { return_to: 5 } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('OIDC contract', () => {
  it('documents start and callback as redirects and link in the envelope', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { tags?: string[]; responses: Record<string, Record<string, unknown>> }>>;
    };
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.tags?.includes('oidc'))
        .map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
    );
    const declared = Object.values(oidcEndpoints).map((e) => `${e.method} /api${e.path}`);
    expect(documented.map((d) => d.key).sort()).toEqual(declared.sort());
    for (const e of [oidcEndpoints.start, oidcEndpoints.callback]) {
      const op = documented.find((d) => d.key === `GET /api${e.path}`)!.op;
      expect(op.responses['302']!.headers).toHaveProperty('location');
      expect(op.responses['2XX']).toBeUndefined();
      expect(op.responses['404']).toBeDefined();
    }
    const link = documented.find((d) => d.key === `POST /api${oidcEndpoints.link.path}`)!.op;
    expect(link.responses['2XX']).toBeDefined();
    expect(link.responses['503']).toBeDefined();
  });
});
