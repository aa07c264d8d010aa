import type { Clock } from '#src/core/clock.js';
import type { Db } from '#src/core/db/client.js';
import { createCryptoWalletsService } from './crypto.service.js';

/** Wires the crypto module: linked wallets (Sign-In with Ethereum). */
export function createCryptoModule(deps: { db: Db; clock: Clock; publicUrl: URL }) {
  return { cryptoWallets: createCryptoWalletsService(deps) };
}
