import type { Clock } from '#src/core/clock.js';
import type { Db } from '#src/core/db/client.js';
import { createTransact } from '#src/core/db/transaction.js';
import type { Storage } from '#src/core/storage.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { TribesRepo } from '../tribes/tribes.repo.js';
import type { CampaignsRepo } from '../wallet/campaigns.repo.js';
import type { Ledger } from '../wallet/ledger.repo.js';
import { createTreasuryRepo } from './treasury.repo.js';
import { createTreasuryService, type StepUp } from './treasury.service.js';

/** Wires the treasury (expenses) over the wallet's ledger and campaigns and the tribes' roles. */
export function createTreasuryModule(deps: {
  db: Db;
  ledger: Ledger;
  tribes: TribesRepo;
  campaigns: Pick<CampaignsRepo, 'find' | 'titlesOf'>;
  clock: Clock;
  storage: Storage;
  twoFactor: StepUp;
  notifications: Pick<NotificationsService, 'notify'>;
}) {
  const repo = createTreasuryRepo(deps.db);
  return { repo, treasury: createTreasuryService({ ...deps, repo, transact: createTransact(deps.db) }) };
}
