import type { Clock } from '#src/core/clock.js';
import type { Db } from '#src/core/db/client.js';
import { createCryptoRepo } from './crypto.repo.js';
import { createCryptoWalletsService } from './crypto.service.js';

/** Wires the crypto module: linked wallets (Sign-In with Ethereum). */
export function createCryptoModule({ db, clock, publicUrl }: { db: Db; clock: Clock; publicUrl: URL }) {
  return { cryptoWallets: createCryptoWalletsService({ repo: createCryptoRepo(db), clock, publicUrl }) };
}
