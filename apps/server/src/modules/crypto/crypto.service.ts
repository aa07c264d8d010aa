import type { Hex } from 'viem';
import type { Clock } from '#src/core/clock.js';
import { fieldError, HttpError, notFound } from '#src/core/errors.js';
import { isUniqueViolation, type UserRow } from '../users/index.js';
import { presentCryptoWallet as present } from './crypto.presenter.js';
import type { CryptoRepo } from './crypto.repo.js';
import { loadViem } from './viem.js';

/** Chains a wallet may be linked from: Ethereum, Optimism, Polygon, Base, Arbitrum and Sepolia for testing. */
export const ALLOWED_CHAIN_IDS = [1, 10, 137, 8453, 42161, 11155111];
const NONCE_TTL_MS = 10 * 60 * 1000;
/** Clock skew tolerated on issuedAt. */
const SKEW_MS = 5 * 60 * 1000;

interface Deps {
  repo: CryptoRepo;
  clock: Clock;
  publicUrl: URL;
}

/**
 * Sign-In with Ethereum (EIP-4361) to link wallets: the server always checks the domain (from
 * PUBLIC_URL), the single-use nonce it issued to this user, the chain, the times and the signature.
 */
export function createCryptoWalletsService({ repo, clock, publicUrl }: Deps) {
  return {
    async list(user: UserRow) {
      const viem = await loadViem();
      const rows = await repo.listOf(user.id);
      return { items: rows.map((row) => present(row, viem)), next_cursor: null };
    },

    async nonce(user: UserRow) {
      const nonce = (await loadViem()).generateSiweNonce();
      await repo.addNonce({ nonce, userId: user.id, expiresAt: new Date(clock.now().getTime() + NONCE_TTL_MS) });
      return { nonce, domain: publicUrl.host, uri: publicUrl.origin, chain_ids: ALLOWED_CHAIN_IDS };
    },

    async link(user: UserRow, message: string, signature: string) {
      const viem = await loadViem();
      const now = clock.now();
      const fields = viem.parseSiweMessage(message);
      if (!fields.address || !fields.nonce || !fields.domain || !fields.chainId || !fields.version)
        throw fieldError('message', 'validation.siwe_message');
      // The parser takes any text for the URI and marks a time it cannot read as an Invalid Date: neither is a message.
      if (fields.uri !== undefined && !URL.canParse(fields.uri)) throw fieldError('message', 'validation.siwe_message');
      if ([fields.issuedAt, fields.expirationTime, fields.notBefore].some((d) => d && Number.isNaN(d.getTime())))
        throw fieldError('message', 'validation.siwe_message');
      if (fields.domain !== publicUrl.host) throw fieldError('message', 'validation.siwe_domain');
      if (fields.uri && new URL(fields.uri).origin !== publicUrl.origin) throw fieldError('message', 'validation.siwe_domain');
      if (!ALLOWED_CHAIN_IDS.includes(fields.chainId)) throw fieldError('message', 'validation.siwe_chain');
      if (fields.expirationTime && fields.expirationTime <= now) throw fieldError('message', 'validation.siwe_expired');
      if (fields.notBefore && fields.notBefore > now) throw fieldError('message', 'validation.siwe_expired');
      if (fields.issuedAt && fields.issuedAt.getTime() > now.getTime() + SKEW_MS)
        throw fieldError('message', 'validation.siwe_expired');
      if (!viem.isAddress(fields.address) || !/^0x[0-9a-fA-F]+$/.test(signature))
        throw fieldError('signature', 'validation.siwe_signature');
      const valid = await viem
        .verifyMessage({ address: fields.address, message, signature: signature as Hex })
        .catch(() => false);
      if (!valid) throw fieldError('signature', 'validation.siwe_signature');
      // The nonce is spent only by a message that passed every other check, and only once.
      const spent = await repo.spendNonce(fields.nonce, user.id, now);
      if (!spent) throw fieldError('message', 'validation.siwe_nonce');
      const address = fields.address.toLowerCase();
      const existing = await repo.findByAddress(address);
      if (existing) {
        if (existing.userId === user.id) return present(existing, viem);
        throw new HttpError(409, 'crypto.address_taken');
      }
      try {
        return present(await repo.insert({ userId: user.id, address, chainId: fields.chainId, createdAt: now }), viem);
      } catch (err) {
        if (isUniqueViolation(err)) throw new HttpError(409, 'crypto.address_taken');
        throw err;
      }
    },

    async unlink(user: UserRow, id: string) {
      if (!(await repo.remove(id, user.id))) throw notFound();
    },
  };
}

export type CryptoWalletsService = ReturnType<typeof createCryptoWalletsService>;
