import type { CryptoWallet } from '@tribes/shared';
import type { CryptoWalletRow } from './crypto.repo.js';
import type { Viem } from './viem.js';

/** A linked wallet as its owner sees it: the address in its checksummed form (viem, loaded by the caller). */
export function presentCryptoWallet(w: CryptoWalletRow, { getAddress }: Pick<Viem, 'getAddress'>): CryptoWallet {
  return { id: w.id, address: getAddress(w.address), chain_id: w.chainId, created_at: w.createdAt.toISOString() };
}
