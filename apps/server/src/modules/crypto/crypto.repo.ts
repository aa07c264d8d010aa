import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '#src/core/db/client.js';
import { cryptoWallets, siweNonces } from '#src/core/db/schema/index.js';

export type CryptoWalletRow = typeof cryptoWallets.$inferSelect;

/** The only place that reads and writes linked crypto wallets and their SIWE nonces. */
export function createCryptoRepo(db: Db) {
  return {
    /** A user's linked wallets, oldest first. */
    async listOf(userId: string): Promise<CryptoWalletRow[]> {
      return db.select().from(cryptoWallets).where(eq(cryptoWallets.userId, userId)).orderBy(asc(cryptoWallets.createdAt));
    },

    async addNonce(nonce: { nonce: string; userId: string; expiresAt: Date }): Promise<void> {
      await db.insert(siweNonces).values(nonce);
    },

    /** Marks the user's unused, unexpired nonce used; false when there is none (spent, expired, another user's). */
    async spendNonce(nonce: string, userId: string, now: Date): Promise<boolean> {
      const spent = await db
        .update(siweNonces)
        .set({ usedAt: now })
        .where(
          and(
            eq(siweNonces.nonce, nonce),
            eq(siweNonces.userId, userId),
            isNull(siweNonces.usedAt),
            gt(siweNonces.expiresAt, now),
          ),
        )
        .returning();
      return spent.length > 0;
    },

    /** By lower-case address. */
    async findByAddress(address: string): Promise<CryptoWalletRow | undefined> {
      const [row] = await db.select().from(cryptoWallets).where(eq(cryptoWallets.address, address)).limit(1);
      return row;
    },

    /** Throws the database's unique violation when the address is already linked. */
    async insert(wallet: { userId: string; address: string; chainId: number; createdAt: Date }): Promise<CryptoWalletRow> {
      const [row] = await db.insert(cryptoWallets).values(wallet).returning();
      return row!;
    },

    /** Removes one of the user's wallets; false when the user has no wallet with this id. */
    async remove(id: string, userId: string): Promise<boolean> {
      const removed = await db
        .delete(cryptoWallets)
        .where(and(eq(cryptoWallets.id, id), eq(cryptoWallets.userId, userId)))
        .returning();
      return removed.length > 0;
    },
  };
}

export type CryptoRepo = ReturnType<typeof createCryptoRepo>;
