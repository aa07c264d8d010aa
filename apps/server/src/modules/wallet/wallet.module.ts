import type { Clock } from '#src/core/clock.js';
import type { Config } from '#src/core/config.js';
import type { Db } from '#src/core/db/client.js';
import type { Mailer } from '#src/core/mail/mailer.js';
import type { Storage } from '#src/core/storage.js';
import type { Realtime } from '#src/realtime/realtime.js';
import type { TribesRepo } from '../tribes/tribes.repo.js';
import { createCampaignsService } from './campaigns.service.js';
import { createDonationsService } from './donations.service.js';
import { createLedgerView } from './ledger-view.service.js';
import { createLedger } from './ledger.repo.js';
import { createStripeProvider, sandboxProvider } from './payment-providers.js';
import { createWalletService } from './wallet.service.js';

/** Wires the wallet module: the ledger, purchases, campaigns, donations and the ledger's public view. */
export function createWalletModule({
  db,
  config,
  tribes,
  storage,
  clock,
  mailer,
  realtime,
}: {
  db: Db;
  config: Config;
  tribes: TribesRepo;
  storage: Storage;
  clock: Clock;
  mailer: Mailer;
  realtime: Realtime;
}) {
  const ledger = createLedger(db);
  const provider = config.payment.provider === 'stripe' ? createStripeProvider(config) : sandboxProvider;
  return {
    ledger,
    wallet: createWalletService({
      ledger,
      clock,
      tokenPriceCents: config.payment.tokenPriceCents,
      provider,
      publicUrl: config.publicUrl,
    }),
    campaigns: createCampaignsService({ ledger, tribes, storage, clock }),
    donations: createDonationsService({ ledger, tribes, clock, mailer, realtime }),
    ledgerView: createLedgerView({ ledger, tribes }),
  };
}
