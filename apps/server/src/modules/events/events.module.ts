import type { Clock } from '#src/core/clock.js';
import type { Db } from '#src/core/db/client.js';
import { createTransact } from '#src/core/db/transaction.js';
import type { Jobs } from '#src/core/jobs/jobs.js';
import type { Storage } from '#src/core/storage.js';
import type { BlockSource } from '#src/realtime/blocks.js';
import type { NotificationsService } from '../notifications/index.js';
import type { TribeReads } from '../tribes/index.js';
import type { UserAccounts } from '../users/index.js';
import { createCalendarsService } from './calendars.service.js';
import { createEventNotices } from './event-notices.js';
import { createEventReading } from './event-reading.js';
import { createEventListsService } from './event-lists.service.js';
import { createEventsRepo } from './events.repo.js';
import { createEventsService } from './events.service.js';
import { createRsvpsService } from './rsvps.service.js';

/** Wires the events module (DESIGN 11.3): its repo, its services, its reminder jobs. */
export function createEventsModule(deps: {
  db: Db;
  tribes: TribeReads;
  users: Pick<UserAccounts, 'findById'>;
  clock: Clock;
  storage: Pick<Storage, 'url' | 'put' | 'delete'>;
  notifications: Pick<NotificationsService, 'notify'>;
  blocks: BlockSource;
  jobs?: Pick<Jobs, 'enabled' | 'define' | 'send'>;
  publicUrl: URL;
  appSecret: string;
}) {
  const { db, tribes, users, clock, storage, notifications, blocks, jobs } = deps;
  const repo = createEventsRepo(db);
  const transact = createTransact(db);
  const media = (key: string) => storage.url(key);
  const reading = createEventReading({ repo, tribes, media });
  const notices = createEventNotices({ repo, users, notifications, clock, jobs });
  notices.defineJobs();
  return {
    events: createEventsService({ repo, reading, tribes, transact, clock, notices, storage, media }),
    eventLists: createEventListsService({ repo, tribes, clock, media }),
    rsvps: createRsvpsService({ repo, reading, tribes, transact, clock, notices, blocks, media }),
    calendars: createCalendarsService({ repo, reading, users, clock, publicUrl: deps.publicUrl, appSecret: deps.appSecret }),
    /** Sends the reminders due at a moment (the queue's jobs call it; tests call it with their clock). */
    eventReminders: { remind: (now: Date) => notices.remind(now) },
  };
}
