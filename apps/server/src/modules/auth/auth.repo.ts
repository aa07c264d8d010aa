import { and, desc, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '#src/core/db/client.js';
import { authTokens, otpCodes, resetTokens, users } from '#src/core/db/schema/index.js';

export type TokenRow = typeof authTokens.$inferSelect;
export type OtpRow = typeof otpCodes.$inferSelect;

/** Tokens, one-time codes and reset tokens: the only place that touches their tables. */
export function createAuthRepo(db: Db) {
  /**
   * Every authenticated request runs this: built once and prepared by name, so neither Drizzle nor
   * PostgreSQL (one plan per pooled connection) redo the work per request.
   */
  const liveToken = db
    .select({ token: authTokens, user: users })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(
      and(
        eq(authTokens.tokenHash, sql.placeholder('hash')),
        isNull(authTokens.revokedAt),
        gt(authTokens.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('auth_live_token_v2');
  return {
    async insertToken(values: typeof authTokens.$inferInsert): Promise<TokenRow> {
      const [row] = await db.insert(authTokens).values(values).returning();
      return row!;
    },
    /** A live token and its user, by the token's hash. */
    async findLiveToken(tokenHash: string, now: Date) {
      const [row] = await liveToken.execute({ hash: tokenHash, now: now.toISOString() });
      return row;
    },
    async touchToken(id: string, lastUsedAt: Date, expiresAt: Date): Promise<void> {
      await db.update(authTokens).set({ lastUsedAt, expiresAt }).where(eq(authTokens.id, id));
    },
    async setAuthenticatedAt(id: string, userId: string, at: Date): Promise<void> {
      await db
        .update(authTokens)
        .set({ authenticatedAt: at })
        .where(and(eq(authTokens.id, id), eq(authTokens.userId, userId)));
    },
    async revokeToken(id: string, userId: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(authTokens)
        .set({ revokedAt: now })
        .where(and(eq(authTokens.id, id), eq(authTokens.userId, userId), isNull(authTokens.revokedAt)))
        .returning({ id: authTokens.id });
      return rows.length > 0;
    },
    /** Revokes every live token of the user, except one when given; answers how many it revoked. */
    async revokeUserTokens(userId: string, now: Date, exceptId?: string): Promise<number> {
      const where = [eq(authTokens.userId, userId), isNull(authTokens.revokedAt)];
      if (exceptId) where.push(ne(authTokens.id, exceptId));
      const rows = await db
        .update(authTokens)
        .set({ revokedAt: now })
        .where(and(...where))
        .returning({ id: authTokens.id });
      return rows.length;
    },
    /** Which of these token ids are still live (not revoked, not expired, their user not deleted). */
    async liveTokenIds(ids: readonly string[], now: Date): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: authTokens.id })
        .from(authTokens)
        .where(and(inArray(authTokens.id, [...ids]), isNull(authTokens.revokedAt), gt(authTokens.expiresAt, now)));
      return rows.map((r) => r.id);
    },
    async listLiveTokens(userId: string, now: Date): Promise<TokenRow[]> {
      return db
        .select()
        .from(authTokens)
        .where(and(eq(authTokens.userId, userId), isNull(authTokens.revokedAt), gt(authTokens.expiresAt, now)))
        .orderBy(desc(authTokens.createdAt));
    },

    async insertOtp(values: typeof otpCodes.$inferInsert): Promise<void> {
      await db.insert(otpCodes).values(values);
    },
    /** The newest code for an email and purpose: a new code voids the older ones. */
    async latestOtp(email: string, purpose: string): Promise<OtpRow | undefined> {
      const [row] = await db
        .select()
        .from(otpCodes)
        .where(and(eq(otpCodes.email, email), eq(otpCodes.purpose, purpose)))
        .orderBy(desc(otpCodes.createdAt))
        .limit(1);
      return row;
    },
    /** Counts one try against a code, atomically; undefined when the code is spent or burnt. */
    async takeOtpTry(id: string, maxTries: number): Promise<OtpRow | undefined> {
      const [row] = await db
        .update(otpCodes)
        .set({ tries: sql`${otpCodes.tries} + 1` })
        .where(and(eq(otpCodes.id, id), isNull(otpCodes.consumedAt), lt(otpCodes.tries, maxTries)))
        .returning();
      return row;
    },
    /** Marks a code used, once: false when another request used it first. */
    async consumeOtp(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(otpCodes)
        .set({ consumedAt: now })
        .where(and(eq(otpCodes.id, id), isNull(otpCodes.consumedAt)))
        .returning({ id: otpCodes.id });
      return rows.length > 0;
    },

    async insertResetToken(values: typeof resetTokens.$inferInsert): Promise<void> {
      await db.insert(resetTokens).values(values);
    },
    /** Whether a reset token is live and belongs to the user (without spending it). */
    async hasLiveResetToken(tokenHash: string, userId: string, now: Date): Promise<boolean> {
      const rows = await db
        .select({ id: resetTokens.id })
        .from(resetTokens)
        .where(
          and(
            eq(resetTokens.tokenHash, tokenHash),
            eq(resetTokens.userId, userId),
            isNull(resetTokens.usedAt),
            gt(resetTokens.expiresAt, now),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },
    /** Marks a reset token used, once, if it is live and belongs to the user; returns whether it did. */
    async useResetToken(tokenHash: string, userId: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(resetTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(resetTokens.tokenHash, tokenHash),
            eq(resetTokens.userId, userId),
            isNull(resetTokens.usedAt),
            gt(resetTokens.expiresAt, now),
          ),
        )
        .returning({ id: resetTokens.id });
      return rows.length > 0;
    },
    async deleteResetTokens(userId: string): Promise<void> {
      await db.delete(resetTokens).where(eq(resetTokens.userId, userId));
    },
  };
}

export type AuthRepo = ReturnType<typeof createAuthRepo>;
