import type { Clock } from '#src/core/clock.js';
import type { Db } from '#src/core/db/client.js';
import { createTransact } from '#src/core/db/transaction.js';
import type { Storage } from '#src/core/storage.js';
import type { Realtime } from '#src/realtime/realtime.js';
import type { NotificationsService } from '../notifications/index.js';
import type { TribeReads, TribesService } from '../tribes/index.js';
import { createContentModeration } from './content-moderation.js';
import { createModerationRepo } from './moderation.repo.js';
import { createPostsRepo } from './posts.repo.js';
import { createCommentsService } from './comments.service.js';
import { createFeedService } from './feed.service.js';
import { createMentionNotices } from './post-mentions.js';
import { createPostReading } from './post-reading.js';
import { createPostsService } from './posts.service.js';
import { createReportsService } from './reports.service.js';

/** Wires the posts module: the feed and other lists, posts and likes, comments, and the reports tribes' moderators work. */
export function createPostsModule({
  db,
  tribesRepo,
  tribes,
  storage,
  clock,
  realtime,
  notifications,
}: {
  db: Db;
  tribesRepo: TribeReads;
  tribes: TribesService;
  storage: Storage;
  clock: Clock;
  realtime: Realtime;
  notifications: NotificationsService;
}) {
  const transact = createTransact(db);
  const repo = createPostsRepo(db);
  const moderation = createModerationRepo(db);
  // One reading (visibility, moderation rights, presenting) and one mention notice, shared by the services.
  const reading = createPostReading({ repo, tribes: tribesRepo, storage });
  const notifyMentions = createMentionNotices({ repo, notifications, clock });
  const shared = { repo, reading, tribes: tribesRepo, storage, clock, realtime, notifications, notifyMentions, transact };
  return {
    repo,
    feed: createFeedService(shared),
    posts: createPostsService({ ...shared, moderation }),
    comments: createCommentsService(shared),
    reports: createReportsService({ moderation, posts: repo, reading, tribesRepo, tribes, clock, transact }),
    // The operators' port (DESIGN 11.2): snapshots of posts and comments, their removal and restoration.
    content: createContentModeration({ repo, reading, clock }),
  };
}
