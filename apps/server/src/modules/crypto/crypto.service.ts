import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import { getAddress, isAddress, verifyMessage, type Hex } from 'viem';
import { generateSiweNonce, parseSiweMessage } from 'viem/siwe';
import type { Clock } from '#src/core/clock.js';
import type { Db } from '#src/core/db/client.js';
import { cryptoWallets, siweNonces } from '#src/core/db/schema/index.js';
import { fieldError, HttpError, notFound } from '#src/core/errors.js';
import { isUniqueViolation, type UserRow } from '../users/users.repo.js';

/** Chains a wallet may be linked from: Ethereum, Optimism, Polygon, Base, Arbitrum and Sepolia for testing. */
export const ALLOWED_CHAIN_IDS = [1, 10, 137, 8453, 42161, 11155111];
const NONCE_TTL_MS = 10 * 60 * 1000;
/** Clock skew tolerated on issuedAt. */
const SKEW_MS = 5 * 60 * 1000;

interface Deps {
  db: Db;
  clock: Clock;
  publicUrl: URL;
}

/**
 * Sign-In with Ethereum (EIP-4361) to link wallets: the server always checks the domain (from
 * PUBLIC_URL), the single-use nonce it issued to this user, the chain, the times and the signature.
 */
export function createCryptoWalletsService({ db, clock, publicUrl }: Deps) {
  const present = (w: typeof cryptoWallets.$inferSelect) => ({
    id: w.id,
    address: getAddress(w.address),
    chain_id: w.chainId,
    created_at: w.createdAt.toISOString(),
  });

  return {
    async list(user: UserRow) {
      const rows = await db
        .select()
        .from(cryptoWallets)
        .where(eq(cryptoWallets.userId, user.id))
        .orderBy(asc(cryptoWallets.createdAt));
      return { items: rows.map(present), next_cursor: null };
    },

    async nonce(user: UserRow) {
      const nonce = generateSiweNonce();
      await db.insert(siweNonces).values({ nonce, userId: user.id, expiresAt: new Date(clock.now().getTime() + NONCE_TTL_MS) });
      return { nonce, domain: publicUrl.host, uri: publicUrl.origin, chain_ids: ALLOWED_CHAIN_IDS };
    },

    async link(user: UserRow, message: string, signature: string) {
      const now = clock.now();
      const fields = parseSiweMessage(message);
      if (!fields.address || !fields.nonce || !fields.domain || !fields.chainId || !fields.version)
        throw fieldError('message', 'validation.siwe_message');
      if (fields.domain !== publicUrl.host) throw fieldError('message', 'validation.siwe_domain');
      if (fields.uri && new URL(fields.uri).origin !== publicUrl.origin) throw fieldError('message', 'validation.siwe_domain');
      if (!ALLOWED_CHAIN_IDS.includes(fields.chainId)) throw fieldError('message', 'validation.siwe_chain');
      if (fields.expirationTime && fields.expirationTime <= now) throw fieldError('message', 'validation.siwe_expired');
      if (fields.notBefore && fields.notBefore > now) throw fieldError('message', 'validation.siwe_expired');
      if (fields.issuedAt && fields.issuedAt.getTime() > now.getTime() + SKEW_MS)
        throw fieldError('message', 'validation.siwe_expired');
      if (!isAddress(fields.address) || !/^0x[0-9a-fA-F]+$/.test(signature))
        throw fieldError('signature', 'validation.siwe_signature');
      const valid = await verifyMessage({ address: fields.address, message, signature: signature as Hex }).catch(() => false);
      if (!valid) throw fieldError('signature', 'validation.siwe_signature');
      // The nonce is spent only by a message that passed every other check, and only once.
      const spent = await db
        .update(siweNonces)
        .set({ usedAt: now })
        .where(
          and(
            eq(siweNonces.nonce, fields.nonce),
            eq(siweNonces.userId, user.id),
            isNull(siweNonces.usedAt),
            gt(siweNonces.expiresAt, now),
          ),
        )
        .returning();
      if (spent.length === 0) throw fieldError('message', 'validation.siwe_nonce');
      const address = fields.address.toLowerCase();
      const [existing] = await db.select().from(cryptoWallets).where(eq(cryptoWallets.address, address)).limit(1);
      if (existing) {
        if (existing.userId === user.id) return present(existing);
        throw new HttpError(409, 'crypto.address_taken');
      }
      try {
        const [row] = await db
          .insert(cryptoWallets)
          .values({ userId: user.id, address, chainId: fields.chainId, createdAt: now })
          .returning();
        return present(row!);
      } catch (err) {
        if (isUniqueViolation(err)) throw new HttpError(409, 'crypto.address_taken');
        throw err;
      }
    },

    async unlink(user: UserRow, id: string) {
      const removed = await db
        .delete(cryptoWallets)
        .where(and(eq(cryptoWallets.id, id), eq(cryptoWallets.userId, user.id)))
        .returning();
      if (removed.length === 0) throw notFound();
    },
  };
}

export type CryptoWalletsService = ReturnType<typeof createCryptoWalletsService>;
