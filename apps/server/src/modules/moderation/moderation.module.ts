import type { Clock } from '#src/core/clock.js';
import type { Db } from '#src/core/db/client.js';
import { createTransact } from '#src/core/db/transaction.js';
import type { Storage } from '#src/core/storage.js';
import type { AdminService } from '../admin/index.js';
import type { NotificationsService } from '../notifications/index.js';
import type { ContentModeration } from '../posts/index.js';
import { createModerationRepo } from './moderation.repo.js';
import { createModerationService } from './moderation.service.js';

/** Wires accountable moderation (DESIGN 11.2): reports to the operators, notices, appeals. */
export function createModerationModule(deps: {
  db: Db;
  clock: Clock;
  storage: Pick<Storage, 'url'>;
  content: ContentModeration;
  admin: Pick<AdminService, 'suspendUser' | 'unsuspendUser' | 'suspendTribe' | 'unsuspendTribe' | 'noticeView'>;
  notifications: Pick<NotificationsService, 'notify'>;
}) {
  const repo = createModerationRepo(deps.db);
  const moderation = createModerationService({ ...deps, repo, transact: createTransact(deps.db) });
  return { moderation };
}
