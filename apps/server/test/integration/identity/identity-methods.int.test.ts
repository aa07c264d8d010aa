import { identityEndpoints as api, type EndpointData } from '@tribes/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passkeys } from '#src/core/db/schema/index.js';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { bearer, signUp } from '#test/factories.js';

type Methods = EndpointData<typeof api.list>;

/**
 * The sign-in methods list (DESIGN 10.2) without Firebase: a password account's password, email codes and
 * passkeys, read and removed through the passkeys module's own repo.
 */
describe('GET and DELETE /v1/me/identities: passkeys among the methods', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  const addPasskey = async (userId: string, name: string, createdAt: Date) => {
    const [row] = await t.database.db
      .insert(passkeys)
      .values({ userId, name, credentialId: `cred-${name}-${userId}`, publicKey: 'pk', createdAt })
      .returning();
    return row!;
  };
  const list = async (token: string) => {
    const res = await t.app.inject({ url: '/api/v1/me/identities', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    return (res.json().data as Methods).identities;
  };

  it('lists passkeys in the order they were added, removes the owner’s one, and 404s on another’s', async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const first = await addPasskey(owner.user.id, 'Laptop', new Date('2026-01-01T00:00:00Z'));
    const second = await addPasskey(owner.user.id, 'Phone', new Date('2026-02-01T00:00:00Z'));
    const foreign = await addPasskey(other.user.id, 'Theirs', new Date('2026-01-15T00:00:00Z'));

    const before = await list(owner.token);
    expect(before.map((m) => m.kind)).toEqual(['password', 'email', 'passkey', 'passkey']);
    expect(before.filter((m) => m.kind === 'passkey').map((m) => [m.id, m.name])).toEqual([
      [first.id, 'Laptop'],
      [second.id, 'Phone'],
    ]);

    const theirs = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/me/identities/${foreign.id}`,
      headers: bearer(owner.token),
    });
    expect(theirs.statusCode).toBe(404);
    expect((await list(other.token)).some((m) => m.id === foreign.id)).toBe(true);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/me/identities/${first.id}`,
      headers: bearer(owner.token),
    });
    expect(removed.statusCode).toBe(200);
    expect((await list(owner.token)).filter((m) => m.kind === 'passkey').map((m) => m.id)).toEqual([second.id]);
  });
});
