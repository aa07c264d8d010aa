import type { Clock } from '#src/core/clock.js';
import type { Db } from '#src/core/db/client.js';
import { createTransact } from '#src/core/db/transaction.js';
import type { Storage } from '#src/core/storage.js';
import type { NotificationsService } from '../notifications/index.js';
import type { TribeReads } from '../tribes/index.js';
import type { CampaignReads, LedgerAccounts, DonationsService } from '../wallet/index.js';
import type { Jobs } from '#src/core/jobs/jobs.js';
import type { UserAccounts } from '../users/index.js';
import { createPledgesRepo } from './pledges.repo.js';
import { RUN_PLEDGES_QUEUE, createPledgesService } from './pledges.service.js';
import { FORMER_RECEIPTS_FOLDER } from './receipt-files.js';
import { createReceipts } from './receipts.js';
import { createTreasuryRepo } from './treasury.repo.js';
import { createExpenseViews, type StepUp } from './expense-views.js';
import { createExpensesService } from './expenses.service.js';
import { createFundsService } from './funds.service.js';

/**
 * Wires the treasury over the wallet's ledger and campaigns and the tribes' roles: expenses (proposals
 * and decisions), funds (balances, payouts, refunds), monthly pledges and donor receipts.
 */
export function createTreasuryModule(deps: {
  db: Db;
  ledger: LedgerAccounts;
  tribes: TribeReads;
  campaigns: Pick<CampaignReads, 'find' | 'titlesOf'>;
  clock: Clock;
  storage: Storage;
  twoFactor: StepUp;
  notifications: Pick<NotificationsService, 'notify'>;
  donations: Pick<DonationsService, 'donate'>;
  users: Pick<UserAccounts, 'findById'>;
  /** The durable queue: the pledges due are taken every 15 minutes (DESIGN 10.4). */
  jobs?: Pick<Jobs, 'enabled' | 'define'>;
}) {
  const repo = createTreasuryRepo(deps.db);
  const pledges = createPledgesService({ ...deps, repo: createPledgesRepo(deps.db) });
  if (deps.jobs?.enabled) {
    deps.jobs.define(RUN_PLEDGES_QUEUE, {
      cron: '*/15 * * * *',
      handler: async () => {
        await pledges.runDue(deps.clock.now());
      },
    });
  }
  const receipts = createReceipts({ repo, clock: deps.clock });
  // One view of an expense (its approval state, its answer, who is told) for the expenses and funds services.
  const views = createExpenseViews({ repo, ...deps });
  const shared = {
    repo,
    views,
    tribes: deps.tribes,
    transact: createTransact(deps.db),
    clock: deps.clock,
    storage: deps.storage,
    twoFactor: deps.twoFactor,
  };
  return {
    repo,
    pledges,
    receipts,
    expenses: createExpensesService({ ...shared, campaigns: deps.campaigns }),
    funds: createFundsService({ ...shared, ledger: deps.ledger, campaigns: deps.campaigns, notifications: deps.notifications }),
    /** Media folders that were public once: expense receipts before issue 35 (DESIGN 11.7). */
    formerlyPublicMedia: [FORMER_RECEIPTS_FOLDER],
  };
}
