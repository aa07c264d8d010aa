import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/core/db/client.js';
import { users } from '#src/core/db/schema/index.js';
import { createTestDatabase } from '#test/test-database.js';
import { uniqueEmail } from '#test/factories.js';
import { isUniqueViolation } from '#src/modules/users/index.js';
import { createIdentityRepo, type NewIdentityRow } from '#src/modules/identity/identity.repo.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

let n = 0;
const at = new Date('2025-01-01T00:00:00Z');
const identity = (): NewIdentityRow => ({
  kind: 'firebase',
  issuer: 'demo-tribes',
  subject: `uid-${++n}-${Date.now()}`,
  provider: 'google.com',
  email: null,
  phone: null,
  createdAt: at,
  lastUsedAt: at,
});
// Accounts are written and read straight in the table: the users repo is the users module's own.
const account = async (email: string | null = null) => {
  const [row] = await database.db
    .insert(users)
    .values({ name: 'Someone', email, passwordHash: null, createdAt: at, updatedAt: at })
    .returning();
  return row!;
};
const accountOf = async (id: string) => (await database.db.select().from(users).where(eq(users.id, id)))[0];

/** Linking an identity and adding what it brought to the account (POST /v1/me/identities/firebase). */
describe('identity repo: insertWithPatch', () => {
  it('joins the identity and gives the account the email, together', async () => {
    const repo = createIdentityRepo(database.db);
    const user = await account();
    const email = uniqueEmail('linked');
    const values = identity();
    const { row, patched } = await repo.insertWithPatch(user.id, values, { email, emailVerifiedAt: at, updatedAt: at });
    expect(patched).toBe(true);
    expect(row.userId).toBe(user.id);
    expect((await repo.find('firebase', 'demo-tribes', values.subject))?.id).toBe(row.id);
    expect((await accountOf(user.id))?.email).toBe(email);
  });

  it('still joins the identity when another account took the email meanwhile, without the email', async () => {
    const repo = createIdentityRepo(database.db);
    const taken = uniqueEmail('taken');
    await account(taken);
    const user = await account();
    const values = identity();
    const { patched } = await repo.insertWithPatch(user.id, values, { email: taken, emailVerifiedAt: at, updatedAt: at });
    expect(patched).toBe(false);
    expect((await repo.find('firebase', 'demo-tribes', values.subject))?.userId).toBe(user.id);
    expect((await accountOf(user.id))?.email).toBeNull();
  });

  it('leaves no identity behind when the account update fails (one transaction, never half done)', async () => {
    const repo = createIdentityRepo(database.db);
    const user = await account();
    const values = identity();
    // An invalid date cannot be written: the account update fails after the identity was inserted.
    await expect(
      repo.insertWithPatch(user.id, values, { phone: '+212600000001', updatedAt: new Date(Number.NaN) }),
    ).rejects.toThrow();
    expect(await repo.find('firebase', 'demo-tribes', values.subject)).toBeUndefined();
    expect((await accountOf(user.id))?.phone).toBeNull();
  });

  it('rolls back and throws the unique violation when the identity is already joined', async () => {
    const repo = createIdentityRepo(database.db);
    const first = await account();
    const second = await account();
    const values = identity();
    await repo.insertWithPatch(first.id, values, undefined);
    const email = uniqueEmail('second');
    await expect(repo.insertWithPatch(second.id, values, { email, emailVerifiedAt: at, updatedAt: at })).rejects.toSatisfy(
      isUniqueViolation,
    );
    expect((await accountOf(second.id))?.email).toBeNull();
  });
});
