import type { CryptoWallet } from '@tribes/shared';
import { getAddress } from 'viem';
import type { CryptoWalletRow } from './crypto.repo.js';

/** A linked wallet as its owner sees it: the address in its checksummed form. */
export function presentCryptoWallet(w: CryptoWalletRow): CryptoWallet {
  return { id: w.id, address: getAddress(w.address), chain_id: w.chainId, created_at: w.createdAt.toISOString() };
}
