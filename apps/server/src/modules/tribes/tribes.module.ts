import type { Clock } from '#src/core/clock.js';
import type { Db } from '#src/core/db/client.js';
import { createTransact } from '#src/core/db/transaction.js';
import type { Storage } from '#src/core/storage.js';
import type { Realtime } from '#src/realtime/realtime.js';
import type { BlockSource } from '#src/realtime/blocks.js';
import type { NotificationsService } from '../notifications/index.js';
import type { UserAccounts } from '../users/index.js';
import { createInvitesRepo } from './invites.repo.js';
import { createInvitesService } from './invites.service.js';
import type { TribeReads } from './tribes.ports.js';
import { createTribesRepo } from './tribes.repo.js';
import { createTribesService } from './tribes.service.js';

/** Wires the tribes module: the tribes service, invite links, and `reads` (tribes and memberships, which most modules read). */
export function createTribesModule({
  db,
  users,
  storage,
  clock,
  notifications,
  realtime,
  blocks,
  publicUrl,
  expensesAwaiting,
}: {
  db: Db;
  users: UserAccounts;
  storage: Storage;
  clock: Clock;
  notifications: NotificationsService;
  /** Ends a member's live channels when their membership ends (the demo seed has none to end). */
  realtime?: Pick<Realtime, 'membershipEnded'>;
  /** Blocks (the people module): the members list hides people across one. */
  blocks: BlockSource;
  /** The web app's origin, for invite links (the demo seed, which makes none, may leave it out). */
  publicUrl?: URL;
  /** How many proposed expenses a person may decide on now (the treasury module, bound after it is made). */
  expensesAwaiting?: (tribeId: string, userId: string) => Promise<number>;
}) {
  const repo = createTribesRepo(db);
  const transact = createTransact(db);
  const reads: TribeReads = repo;
  return {
    /** What other modules read of tribes and memberships (the repo stays inside the module). */
    reads,
    tribes: createTribesService({ repo, users, storage, clock, notifications, realtime, transact, blocks, expensesAwaiting }),
    invites: createInvitesService({
      transact,
      invites: createInvitesRepo(db),
      tribes: repo,
      users,
      storage,
      clock,
      publicUrl: publicUrl ?? new URL('http://localhost:3000'),
      notifications,
    }),
  };
}
