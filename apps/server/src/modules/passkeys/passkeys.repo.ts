import { and, count, desc, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '#src/core/db/client.js';
import { passkeys, webauthnChallenges } from '#src/core/db/schema/index.js';

export type PasskeyRow = typeof passkeys.$inferSelect;
export type WebAuthnChallengeRow = typeof webauthnChallenges.$inferSelect;
/**
 * What a WebAuthn challenge is for: 'register' (a signed-in user adds a passkey), 'login' (a
 * passwordless sign-in with a discoverable credential), 'second_factor' (a sign-in with 2FA on
 * answers its challenge with one of the account's passkeys). A challenge serves only its purpose.
 */
export type ChallengePurpose = 'register' | 'login' | 'second_factor' | 'reauth';

/** The only place that reads and writes passkeys and their WebAuthn challenges. */
export function createPasskeysRepo(db: Db) {
  return {
    /** A user's passkeys, newest first. */
    async listOf(userId: string): Promise<PasskeyRow[]> {
      return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(desc(passkeys.createdAt));
    },

    async findByCredentialId(credentialId: string): Promise<PasskeyRow | undefined> {
      const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).limit(1);
      return row;
    },

    /** How many passkeys the user has. */
    async countOf(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
      return Number(row?.n ?? 0);
    },

    /** Throws the database's unique violation when the credential is already registered. */
    async insert(values: typeof passkeys.$inferInsert): Promise<PasskeyRow> {
      const [row] = await db.insert(passkeys).values(values).returning();
      return row!;
    },

    /** Removes one of the user's passkeys; false when the user has none with this id. */
    async remove(id: string, userId: string): Promise<boolean> {
      const removed = await db
        .delete(passkeys)
        .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
        .returning({ id: passkeys.id });
      return removed.length > 0;
    },

    /** After a sign-in: the authenticator's new counter and when it was used. */
    async markUsed(id: string, counter: number, backedUp: boolean, now: Date): Promise<void> {
      await db.update(passkeys).set({ counter, backedUp, lastUsedAt: now }).where(eq(passkeys.id, id));
    },

    async addChallenge(values: {
      userId: string | null;
      challenge: string;
      purpose: ChallengePurpose;
      expiresAt: Date;
    }): Promise<WebAuthnChallengeRow> {
      const [row] = await db.insert(webauthnChallenges).values(values).returning();
      return row!;
    },

    /** Forgets challenges that expired before `before` (they can no longer be spent). */
    async pruneChallenges(before: Date): Promise<void> {
      await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, before));
    },

    /**
     * Spends a live challenge once, atomically: by its id, or by its value when no id is given; for
     * registration only the user's own. Undefined when it is unknown, expired, spent, of another
     * purpose or another user's, or when another request spent it first.
     */
    async spendChallenge(
      find: { id?: string; challenge: string; purpose: ChallengePurpose; userId?: string },
      now: Date,
    ): Promise<WebAuthnChallengeRow | undefined> {
      const where = [
        find.id ? eq(webauthnChallenges.id, find.id) : eq(webauthnChallenges.challenge, find.challenge),
        eq(webauthnChallenges.purpose, find.purpose),
        isNull(webauthnChallenges.consumedAt),
        gt(webauthnChallenges.expiresAt, now),
      ];
      if (find.userId) where.push(eq(webauthnChallenges.userId, find.userId));
      const [row] = await db
        .update(webauthnChallenges)
        .set({ consumedAt: now })
        .where(and(...where))
        .returning();
      return row;
    },
  };
}

export type PasskeysRepo = ReturnType<typeof createPasskeysRepo>;
