import { randomBytes } from 'node:crypto';
import { generate } from 'otplib';
import type { User } from '@tribes/shared';
import type { TestApp } from './build-test-app.js';

export const DEFAULT_PASSWORD = 'a long enough passphrase';

let counter = 0;
/** A unique email for this test run. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${counter}.${randomBytes(3).toString('hex')}@example.test`;
}

/** Registration fields with overrides. */
export function buildRegistration(
  overrides: Partial<{ name: string; email: string; password: string; password_confirmation: string; locale: string }> = {},
) {
  const password = overrides.password ?? DEFAULT_PASSWORD;
  return {
    name: 'Test Person',
    email: uniqueEmail(),
    password,
    password_confirmation: password,
    ...overrides,
  };
}

/** POST helper returning status and parsed envelope. */
export async function post(t: TestApp, url: string, payload?: unknown, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'POST', url, payload: payload as object, headers });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Signs a new user up through the real flow (register → code from the mail → verify) and returns the token. */
export async function signUp(
  t: TestApp,
  overrides: Parameters<typeof buildRegistration>[0] = {},
): Promise<{ token: string; user: User; email: string; password: string }> {
  const reg = buildRegistration(overrides);
  const res = await post(t, '/api/v1/auth/register', reg);
  if (res.status !== 201) throw new Error(`register failed: ${JSON.stringify(res.body)}`);
  const code = await t.mail.codeFor(reg.email);
  const verified = await post(t, '/api/v1/auth/email/otp/verify', { email: reg.email, code, purpose: 'email-verification' });
  if (verified.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verified.body)}`);
  return { token: verified.body.data.auth_token, user: verified.body.data.user, email: reg.email, password: reg.password };
}

/** A second session of a signed-up user (password sign-in): its token. */
export async function logIn(t: TestApp, user: { email: string; password: string }): Promise<string> {
  const res = await post(t, '/api/v1/auth/login', { email: user.email, password: user.password });
  if (res.status !== 200) throw new Error(`login failed: ${JSON.stringify(res.body)}`);
  return res.body.data.auth_token as string;
}

/** The id of a session of the user other than the one of `token` (from GET /me/sessions). */
export async function otherSessionId(t: TestApp, token: string): Promise<string> {
  const res = await t.app.inject({ url: '/api/v1/me/sessions', headers: bearer(token) });
  const other = (res.json().data.items as { id: string; current: boolean }[]).find((s) => !s.current);
  if (!other) throw new Error(`no other session: ${res.body}`);
  return other.id;
}

/** A signed-up user who chose the leader role. */
export async function signUpLeader(t: TestApp, overrides: Parameters<typeof buildRegistration>[0] = {}) {
  const user = await signUp(t, overrides);
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/v1/me/role',
    payload: { role: 'leader' },
    headers: bearer(user.token),
  });
  if (res.statusCode !== 200) throw new Error(`role failed: ${res.body}`);
  return user;
}

let tribeCounter = 0;
/** Tribe fields with overrides: a unique name, Rabat's coordinates. */
export function buildTribe(overrides: Record<string, unknown> = {}) {
  tribeCounter += 1;
  return {
    name: `Tribe ${tribeCounter} ${randomBytes(2).toString('hex')}`,
    description: 'A tribe for tests',
    lat: 34.02,
    lng: -6.84,
    region: 'Rabat-Salé-Kénitra',
    visibility: 'open',
    ...overrides,
  };
}

/** Creates a tribe as a leader and returns its presented form. */
export async function createTribe(t: TestApp, leaderToken: string, overrides: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/tribes',
    payload: buildTribe(overrides),
    headers: bearer(leaderToken),
  });
  if (res.statusCode !== 201) throw new Error(`create tribe failed: ${res.body}`);
  return res.json().data.tribe as { id: string; slug: string; name: string; member_count: number };
}

/** A new leader and the tribe they created: the start of most tribe, money and realtime tests. */
export async function leaderWithTribe(t: TestApp, overrides: Record<string, unknown> = {}) {
  const leader = await signUpLeader(t);
  const tribe = await createTribe(t, leader.token, overrides);
  return { leader, tribe };
}

/** Creates a post through the API (JSON, no images) and returns it. */
export async function createPost(
  t: TestApp,
  token: string,
  fields: { body?: string; tribe_id?: string; visibility?: 'public' | 'tribe' } = {},
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/posts',
    payload: { body: 'Hello tribe', ...fields },
    headers: bearer(token),
  });
  if (res.statusCode !== 201) throw new Error(`create post failed: ${res.body}`);
  return res.json().data.post as { id: string; images: { url: string }[]; like_count: number; comment_count: number };
}

/** Comments on a post through the API; throws unless it is created. */
export async function addComment(t: TestApp, token: string, postId: string, body: string) {
  const res = await post(t, `/api/v1/posts/${postId}/comments`, { body }, bearer(token));
  if (res.status !== 201) throw new Error(`comment failed: ${JSON.stringify(res.body)}`);
  return res.body.data.comment as { id: string };
}

let keyCounter = 0;
/** A fresh Idempotency-Key. */
export const newKey = () => `key-${Date.now()}-${++keyCounter}-${randomBytes(4).toString('hex')}`;

/** Buys tokens through the sandbox checkout (start, then confirm as the payer) and returns the new balance. */
export async function buyTokens(t: TestApp, token: string, tokens: number): Promise<number> {
  const start = await t.app.inject({
    method: 'POST',
    url: '/api/v1/wallet/purchases',
    payload: { tokens },
    headers: { ...bearer(token), 'idempotency-key': newKey() },
  });
  if (start.statusCode !== 201) throw new Error(`purchase failed: ${start.body}`);
  const id = start.json().data.payment_id as string;
  const done = await t.app.inject({
    method: 'POST',
    url: `/api/v1/payments/sandbox/${id}/complete`,
    payload: { outcome: 'succeeded' },
    headers: bearer(token),
  });
  if (done.statusCode !== 200) throw new Error(`complete failed: ${done.body}`);
  return done.json().data.balance as number;
}

/** A campaign of a tribe, created by one of its leaders. */
export async function createCampaign(t: TestApp, leaderToken: string, tribeId: string, overrides: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/tribes/${tribeId}/campaigns`,
    payload: {
      title: 'New well',
      description: 'Clean water',
      goal: 1000,
      ends_at: new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString(),
      ...overrides,
    },
    headers: bearer(leaderToken),
  });
  if (res.statusCode !== 201) throw new Error(`campaign failed: ${res.body}`);
  return res.json().data.campaign as { id: string; raised: number; donor_count: number; status: string };
}

/** Joins an open tribe as a user; throws unless the join took. */
export async function joinTribe(t: TestApp, token: string, tribeId: string): Promise<void> {
  const res = await t.app.inject({ method: 'POST', url: `/api/v1/tribes/${tribeId}/join`, headers: bearer(token) });
  if (res.statusCode >= 300) throw new Error(`join failed: ${res.body}`);
}

/** Makes an active member a moderator, as a leader of the tribe; throws unless it took. */
export async function makeModerator(t: TestApp, leaderToken: string, tribeId: string, userId: string): Promise<void> {
  const res = await t.app.inject({
    method: 'PATCH',
    url: `/api/v1/tribes/${tribeId}/members/${userId}`,
    payload: { role: 'moderator' },
    headers: bearer(leaderToken),
  });
  if (res.statusCode !== 200) throw new Error(`moderator failed: ${res.body}`);
}

/** Turns TOTP on for an account (a fresh session, right after sign-up, may do it). */
export async function enableTotp(t: TestApp, token: string): Promise<void> {
  const enrol = await post(t, '/api/v1/me/2fa/totp', undefined, bearer(token));
  if (enrol.status >= 300) throw new Error(`2fa enrol failed: ${JSON.stringify(enrol.body)}`);
  const code = await generate({ secret: enrol.body.data.secret as string, epoch: Math.floor(t.clock.now().getTime() / 1000) });
  const confirmed = await post(t, '/api/v1/me/2fa/totp/confirm', { code }, bearer(token));
  if (confirmed.status !== 200) throw new Error(`2fa confirm failed: ${JSON.stringify(confirmed.body)}`);
}

/** A signed-up operator of the site (DESIGN 11.2) with two-factor on: one who may use /v1/admin/*. */
export async function signUpOperator(t: TestApp, overrides: Parameters<typeof buildRegistration>[0] = {}) {
  const user = await signUp(t, overrides);
  const granted = await t.app.ctx.operators.grant(user.email);
  if (!granted.ok) throw new Error(`operator grant failed: ${granted.reason}`);
  await enableTotp(t, user.token);
  return user;
}
