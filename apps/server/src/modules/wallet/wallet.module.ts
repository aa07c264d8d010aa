import type { Clock } from '#src/core/clock.js';
import type { Config } from '#src/core/config.js';
import type { Db } from '#src/core/db/client.js';
import { createTransact } from '#src/core/db/transaction.js';
import type { Jobs } from '#src/core/jobs/jobs.js';
import type { Mailer } from '#src/core/mail/mailer.js';
import type { Storage } from '#src/core/storage.js';
import type { Realtime } from '#src/realtime/realtime.js';
import type { NotificationsService } from '../notifications/index.js';
import type { TribeReads } from '../tribes/index.js';
import { createCampaignsRepo } from './campaigns.repo.js';
import { createCampaignsService } from './campaigns.service.js';
import type { CampaignReads } from './wallet.ports.js';
import { createDonationsRepo } from './donations.repo.js';
import { createDonationsService } from './donations.service.js';
import { createLedgerView } from './ledger-view.service.js';
import { createLedger } from './ledger.repo.js';
import { createPurchasesRepo } from './purchases.repo.js';
import { createStripeProvider, noProvider, sandboxProvider, type PaymentProvider } from './payment-providers.js';
import { createWalletService } from './wallet.service.js';

/** The queue of the every-minute job that closes campaigns past `ends_at`. */
export const CLOSE_ENDED_CAMPAIGNS_QUEUE = 'campaigns.close-ended';

/**
 * Wires the wallet module: one repo per aggregate (the ledger's accounts and entries, purchases,
 * campaigns, donations), the services over them, and the ledger's public view. The ledger repo is
 * also handed out (tests check its invariants); services get transactions from `transact`.
 */
export function createWalletModule({
  db,
  config,
  tribes,
  storage,
  clock,
  mailer,
  realtime,
  notifications,
  jobs,
}: {
  db: Db;
  config: Config;
  tribes: TribeReads;
  storage: Storage;
  clock: Clock;
  mailer: Mailer;
  realtime: Realtime;
  notifications: Pick<NotificationsService, 'notify' | 'notifyMany'>;
  /** The durable queue: campaigns past their deadline are closed by a job every minute (DESIGN 10.3). */
  jobs?: Pick<Jobs, 'enabled' | 'define'>;
}) {
  const ledger = createLedger(db);
  const campaignsRepo = createCampaignsRepo(db);
  const transact = createTransact(db);
  const campaigns = createCampaignsService({ ledger, repo: campaignsRepo, transact, tribes, storage, clock, notifications });
  if (jobs?.enabled) {
    jobs.define(CLOSE_ENDED_CAMPAIGNS_QUEUE, {
      cron: '* * * * *',
      handler: async () => {
        await campaigns.closeEnded(clock.now());
      },
    });
  }
  const providers: Record<Config['payment']['provider'], () => PaymentProvider> = {
    stripe: () => createStripeProvider(config),
    sandbox: () => sandboxProvider,
    none: () => noProvider,
  };
  const provider = providers[config.payment.provider]();
  return {
    ledger,
    /** The treasury reads campaigns (and pays from their accounts) through this. */
    campaignReads: campaignsRepo as CampaignReads,
    wallet: createWalletService({
      ledger,
      purchases: createPurchasesRepo(db),
      transact,
      clock,
      tokenPriceCents: config.payment.tokenPriceCents,
      provider,
      stripeWebhookSecret: config.payment.stripeWebhookSecret,
      publicUrl: config.publicUrl,
    }),
    campaigns,
    donations: createDonationsService({
      ledger,
      repo: createDonationsRepo(db),
      campaigns: campaignsRepo,
      transact,
      tribes,
      clock,
      mailer,
      realtime,
      notifications,
    }),
    ledgerView: createLedgerView({ ledger, campaigns: campaignsRepo, tribes }),
  };
}
