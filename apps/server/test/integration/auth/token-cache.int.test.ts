import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { bearer, logIn, otherSessionId, post, signUp } from '#test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const me = (token: string) => t.app.inject({ url: '/api/v1/me', headers: bearer(token) });

/** Records the SQL text of every query the driver runs (PGlite and node-postgres both go through `query`). */
async function queriesDuring(run: () => Promise<void>): Promise<string[]> {
  const client = (t.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const original = client.query;
  const seen: string[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const q = args[0];
    seen.push(typeof q === 'string' ? q : String((q as { text?: string }).text));
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    client.query = original;
  }
  return seen;
}

describe('the token cache on one node', () => {
  it('answers an authenticated request without a token or user query once the token is cached', async () => {
    const user = await signUp(t);
    expect((await me(user.token)).statusCode).toBe(200);
    // The recorder does see the lookup when the token is not cached (so its silence below means something).
    const fresh = await logIn(t, user);
    const first = await queriesDuring(async () => void expect((await me(fresh)).statusCode).toBe(200));
    expect(first.filter((q) => q.includes('"auth_tokens"')).length).toBeGreaterThan(0);
    const cached = await queriesDuring(async () => {
      for (let i = 0; i < 3; i++) expect((await me(fresh)).statusCode).toBe(200);
    });
    expect(cached.filter((q) => q.includes('"auth_tokens"') || q.includes('"users"'))).toEqual([]);
  });

  it('refuses a token on the very next request after logout', async () => {
    const user = await signUp(t);
    expect((await me(user.token)).statusCode).toBe(200);
    expect((await post(t, '/api/v1/auth/logout', undefined, bearer(user.token))).status).toBe(200);
    expect((await me(user.token)).statusCode).toBe(401);
  });

  it('refuses a revoked session at once, and keeps the others', async () => {
    const user = await signUp(t);
    const other = await logIn(t, user);
    expect((await me(other)).statusCode).toBe(200);
    const target = await otherSessionId(t, user.token);
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/me/sessions/${target}`,
      headers: bearer(user.token),
    });
    expect(revoked.statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(user.token)).statusCode).toBe(200);
  });

  it('refuses every other token of the user at once after a password change', async () => {
    const user = await signUp(t);
    const other = await logIn(t, user);
    expect((await me(other)).statusCode).toBe(200);
    expect((await me(user.token)).statusCode).toBe(200);
    const changed = await post(
      t,
      '/api/v1/me/password',
      {
        current_password: user.password,
        password: 'another long passphrase 42',
        password_confirmation: 'another long passphrase 42',
      },
      bearer(user.token),
    );
    expect(changed.status).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(user.token)).statusCode).toBe(200);
  });

  it('shows a profile change at once through every cached token of the user', async () => {
    const user = await signUp(t);
    const other = await logIn(t, user);
    expect((await me(other)).json().data.user.name).toBe(user.user.name);
    const patched = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: bearer(user.token),
      payload: { name: 'Renamed Now' },
    });
    expect(patched.statusCode).toBe(200);
    expect((await me(other)).json().data.user.name).toBe('Renamed Now');
  });

  it('refuses the tokens of a deleted account at once', async () => {
    const user = await signUp(t);
    const other = await logIn(t, user);
    expect((await me(other)).statusCode).toBe(200);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/me',
      headers: bearer(user.token),
      payload: { password: user.password },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
  });
});
