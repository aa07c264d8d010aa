import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '#src/core/db/client.js';
import { userIdentities, users } from '#src/core/db/schema/index.js';
import { isUniqueViolation, type NewUserRow, type UserRow } from '../users/index.js';

export type IdentityRow = typeof userIdentities.$inferSelect;
export type NewIdentityRow = Omit<typeof userIdentities.$inferInsert, 'id' | 'userId'>;
/** What a linked identity may add to its account: a verified email, a phone. */
export type AccountPatch = Pick<Partial<NewUserRow>, 'email' | 'emailVerifiedAt' | 'phone'> & { updatedAt: Date };

/**
 * The identities of accounts (user_identities: Firebase users and OIDC subjects, for the identity and
 * OIDC modules). Passkeys are the passkeys repo's (the sign-in methods list reads them from there).
 */
export function createIdentityRepo(db: Db) {
  return {
    async find(kind: string, issuer: string, subject: string): Promise<IdentityRow | undefined> {
      const [row] = await db
        .select()
        .from(userIdentities)
        .where(and(eq(userIdentities.kind, kind), eq(userIdentities.issuer, issuer), eq(userIdentities.subject, subject)))
        .limit(1);
      return row;
    },

    async listForUser(userId: string): Promise<IdentityRow[]> {
      return db.select().from(userIdentities).where(eq(userIdentities.userId, userId)).orderBy(asc(userIdentities.createdAt));
    },

    /** Joins an identity to an account (unique per kind, issuer and subject: a race loses with 23505). */
    async insert(userId: string, values: NewIdentityRow): Promise<IdentityRow> {
      const [row] = await db
        .insert(userIdentities)
        .values({ ...values, userId })
        .returning();
      return row!;
    },

    /**
     * Joins an identity to an existing account and gives the account what the identity brought
     * (`patch`), in one transaction: either both are saved or neither. When another account took that
     * email or phone meanwhile (a unique violation) the identity is joined all the same, without it
     * (the account update runs in a savepoint); `patched` tells whether the account changed. A
     * unique violation of the identity itself (a race) rolls everything back and is thrown.
     */
    async insertWithPatch(
      userId: string,
      values: NewIdentityRow,
      patch: AccountPatch | undefined,
    ): Promise<{ row: IdentityRow; patched: boolean }> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(userIdentities)
          .values({ ...values, userId })
          .returning();
        if (!patch) return { row: row!, patched: false };
        try {
          await tx.transaction(async (savepoint) => {
            await savepoint.update(users).set(patch).where(eq(users.id, userId));
          });
          return { row: row!, patched: true };
        } catch (err) {
          if (!isUniqueViolation(err)) throw err;
          return { row: row!, patched: false };
        }
      });
    },

    /** Remembers the last sign-in and, when given, what the provider now says about the email and phone. */
    async touch(id: string, patch: { email?: string | null; phone?: string | null; lastUsedAt: Date }): Promise<void> {
      await db.update(userIdentities).set(patch).where(eq(userIdentities.id, id));
    },

    /** A new account made from an identity, with the identity joined, in one transaction. */
    async createUserWithIdentity(user: NewUserRow, identity: NewIdentityRow): Promise<UserRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(users).values(user).returning();
        await tx.insert(userIdentities).values({ ...identity, userId: row!.id });
        return row!;
      });
    },

    /** Removes one identity of the account; false when the account has no identity with this id. */
    async deleteForUser(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(userIdentities)
        .where(and(eq(userIdentities.id, id), eq(userIdentities.userId, userId)))
        .returning({ id: userIdentities.id });
      return rows.length > 0;
    },
  };
}

export type IdentityRepo = ReturnType<typeof createIdentityRepo>;
