import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '#src/core/db/client.js';
import { passkeys, userIdentities, users } from '#src/core/db/schema/index.js';
import type { NewUserRow, UserRow } from '../users/users.repo.js';

export type IdentityRow = typeof userIdentities.$inferSelect;
export type NewIdentityRow = Omit<typeof userIdentities.$inferInsert, 'id' | 'userId'>;

/** A passkey as the sign-in methods list shows it (no key material). */
export interface PasskeySummary {
  id: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** The identities of accounts (user_identities) and a read of their passkeys for the sign-in methods list. */
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

    /** Remembers the last sign-in and what the provider now says about the email and phone. */
    async touch(id: string, patch: { email: string | null; phone: string | null; lastUsedAt: Date }): Promise<void> {
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

    async listPasskeys(userId: string): Promise<PasskeySummary[]> {
      return db
        .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
        .from(passkeys)
        .where(eq(passkeys.userId, userId))
        .orderBy(asc(passkeys.createdAt));
    },

    /** Removes one passkey of the account (the sign-in methods page); false when it has none with this id. */
    async deletePasskey(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(passkeys)
        .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
        .returning({ id: passkeys.id });
      return rows.length > 0;
    },
  };
}

export type IdentityRepo = ReturnType<typeof createIdentityRepo>;
