import type { Clock } from '#src/core/clock.js';
import type { Mailer } from '#src/core/mail/mailer.js';
import type { Db } from '#src/core/db/client.js';
import type { Storage } from '#src/core/storage.js';
import type { BlockSource } from '#src/realtime/blocks.js';
import type { Realtime } from '#src/realtime/realtime.js';
import type { UserAccounts } from '../users/index.js';
import { createNotificationsRepo } from './notifications.repo.js';
import { createNotificationsService } from './notifications.service.js';

/** Wires the notifications module (tribes, villages and posts notify through its service). */
export function createNotificationsModule(deps: {
  db: Db;
  users: UserAccounts;
  storage: Storage;
  realtime: Realtime;
  clock: Clock;
  mailer: Pick<Mailer, 'enqueue'>;
  publicUrl: URL | string;
  appSecret: string;
  /** Blocks (the people module): no notification crosses one. */
  blocks: BlockSource;
}) {
  const { db, ...rest } = deps;
  return { notifications: createNotificationsService({ repo: createNotificationsRepo(db), ...rest }) };
}
