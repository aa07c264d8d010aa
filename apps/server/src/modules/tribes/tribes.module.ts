import type { Clock } from '#src/core/clock.js';
import type { Db } from '#src/core/db/client.js';
import { createTransact } from '#src/core/db/transaction.js';
import type { Storage } from '#src/core/storage.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { UsersRepo } from '../users/users.repo.js';
import { createTribesRepo } from './tribes.repo.js';
import { createTribesService } from './tribes.service.js';

/** Wires the tribes module: its repo (memberships, which most modules read) and the tribes service. */
export function createTribesModule({
  db,
  users,
  storage,
  clock,
  notifications,
}: {
  db: Db;
  users: UsersRepo;
  storage: Storage;
  clock: Clock;
  notifications: NotificationsService;
}) {
  const repo = createTribesRepo(db);
  return { repo, tribes: createTribesService({ repo, users, storage, clock, notifications, transact: createTransact(db) }) };
}
