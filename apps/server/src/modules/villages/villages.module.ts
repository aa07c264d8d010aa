import type { Clock } from '#src/core/clock.js';
import type { Db } from '#src/core/db/client.js';
import { createTransact } from '#src/core/db/transaction.js';
import type { NotificationsService } from '../notifications/index.js';
import type { TribeReads } from '../tribes/index.js';
import { createVillagesRepo } from './villages.repo.js';
import { createVillagesService } from './villages.service.js';

/** Wires the villages module. */
export function createVillagesModule(deps: { db: Db; tribes: TribeReads; clock: Clock; notifications: NotificationsService }) {
  const { db, ...rest } = deps;
  return { villages: createVillagesService({ repo: createVillagesRepo(db), transact: createTransact(db), ...rest }) };
}
