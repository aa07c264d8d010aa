import type { Clock } from '#src/core/clock.js';
import type { Db } from '#src/core/db/client.js';
import { createTransact } from '#src/core/db/transaction.js';
import type { TokensService } from '../auth/index.js';
import type { NotificationsService } from '../notifications/index.js';
import type { PasskeyAssertions } from '../passkeys/index.js';
import type { TwoFactorService } from '../twofactor/index.js';
import { createAdminRepo } from './admin.repo.js';
import { createAdminService, type SiteLive } from './admin.service.js';
import { createOperators } from './operators.js';
import { createAdminStatsRepo } from './stats.repo.js';

/**
 * Wires the operators' console (DESIGN 11.2) in two steps: the operators and the sign-in gate first (the
 * auth module's sign-in takes `gate` as its AccountGate, so auth never imports admin), then the console,
 * which needs the tokens, notifications and the second factor made after it.
 */
export function createAdminModule({ db, clock, operatorEmails }: { db: Db; clock: Clock; operatorEmails: readonly string[] }) {
  const repo = createAdminRepo(db);
  const transact = createTransact(db);
  const operators = createOperators({ repo, transact, clock, operatorEmails });
  return {
    operators,
    withServices(deps: {
      tokens: Pick<TokensService, 'revokeAll' | 'userChanged'>;
      notifications: Pick<NotificationsService, 'notify'>;
      twoFactor: Pick<TwoFactorService, 'isOn'>;
      passkeys: Pick<PasskeyAssertions, 'count'>;
      live: SiteLive;
    }) {
      return { admin: createAdminService({ repo, statsRepo: createAdminStatsRepo(db), transact, clock, ...deps }) };
    },
  };
}
