import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '#src/core/db/client.js';
import { recoveryCodes, totpFactors, twoFactorChallenges } from '#src/core/db/schema/index.js';

export type TotpFactorRow = typeof totpFactors.$inferSelect;
export type ChallengeRow = typeof twoFactorChallenges.$inferSelect;
type Conn = Db | Tx;

/** The only place that reads and writes TOTP factors, recovery codes and second-factor challenges. */
export function createTwoFactorRepo(db: Db) {
  return {
    async findFactor(userId: string, conn: Conn = db): Promise<TotpFactorRow | undefined> {
      const [row] = await conn.select().from(totpFactors).where(eq(totpFactors.userId, userId)).limit(1);
      return row;
    },

    /** The user's factor, locked until the transaction ends (two codes of one account are checked one after the other). */
    async lockFactor(tx: Tx, userId: string): Promise<TotpFactorRow | undefined> {
      const [row] = await tx.select().from(totpFactors).where(eq(totpFactors.userId, userId)).for('update').limit(1);
      return row;
    },

    /**
     * Puts a new pending secret in place of a pending one; does nothing when a confirmed factor is
     * there (false), so a racing confirm is never overwritten.
     */
    async savePending(userId: string, secretSealed: string, now: Date): Promise<boolean> {
      const rows = await db
        .insert(totpFactors)
        .values({ userId, secretSealed, createdAt: now })
        .onConflictDoUpdate({
          target: totpFactors.userId,
          set: { secretSealed, createdAt: now, lastStep: null },
          setWhere: isNull(totpFactors.confirmedAt),
        })
        .returning({ userId: totpFactors.userId });
      return rows.length > 0;
    },

    /** Confirms the pending factor with its first accepted step; false when it is no longer pending. */
    async markConfirmed(tx: Tx, userId: string, step: number, now: Date): Promise<boolean> {
      const done = await tx
        .update(totpFactors)
        .set({ confirmedAt: now, lastStep: step })
        .where(and(eq(totpFactors.userId, userId), isNull(totpFactors.confirmedAt)))
        .returning({ userId: totpFactors.userId });
      return done.length > 0;
    },

    /** The user's recovery codes become these (hashed) ones. */
    async replaceRecoveryCodes(tx: Tx, userId: string, codeHashes: string[], now: Date): Promise<void> {
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      await tx.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash, createdAt: now })));
    },

    async setLastStep(userId: string, step: number, conn: Conn = db): Promise<void> {
      await conn.update(totpFactors).set({ lastStep: step }).where(eq(totpFactors.userId, userId));
    },

    /** Marks one unused recovery code of the user used; false when none has this hash. */
    async spendRecoveryCode(userId: string, codeHash: string, now: Date, conn: Conn = db): Promise<boolean> {
      const rows = await conn
        .update(recoveryCodes)
        .set({ usedAt: now })
        .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
        .returning({ id: recoveryCodes.id });
      return rows.length > 0;
    },

    async unusedRecoveryCodes(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
      return Number(row?.n ?? 0);
    },

    /** Turns 2FA off: the factor, its recovery codes and any challenge waiting for it. */
    async removeAll(userId: string, conn: Conn = db): Promise<void> {
      await conn.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      await conn.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId));
      await conn.delete(totpFactors).where(eq(totpFactors.userId, userId));
    },

    async insertChallenge(values: {
      userId: string;
      deviceName: string | null;
      userAgent: string | null;
      expiresAt: Date;
      createdAt: Date;
    }): Promise<string> {
      const [row] = await db.insert(twoFactorChallenges).values(values).returning({ id: twoFactorChallenges.id });
      return row!.id;
    },

    /** The challenge as it is now (not locked): a first look before the passkey is checked. */
    async findChallenge(id: string): Promise<ChallengeRow | undefined> {
      const [row] = await db.select().from(twoFactorChallenges).where(eq(twoFactorChallenges.id, id)).limit(1);
      return row;
    },

    /** The challenge, locked until the transaction ends: racing attempts are counted one after the other. */
    async lockChallenge(tx: Tx, id: string): Promise<ChallengeRow | undefined> {
      const [row] = await tx.select().from(twoFactorChallenges).where(eq(twoFactorChallenges.id, id)).for('update').limit(1);
      return row;
    },

    async countWrongTry(tx: Tx, id: string): Promise<number> {
      const [row] = await tx
        .update(twoFactorChallenges)
        .set({ tries: sql`${twoFactorChallenges.tries} + 1` })
        .where(eq(twoFactorChallenges.id, id))
        .returning({ tries: twoFactorChallenges.tries });
      return row?.tries ?? 0;
    },

    async consumeChallenge(tx: Tx, id: string, now: Date): Promise<void> {
      await tx.update(twoFactorChallenges).set({ consumedAt: now }).where(eq(twoFactorChallenges.id, id));
    },
  };
}

export type TwoFactorRepo = ReturnType<typeof createTwoFactorRepo>;
