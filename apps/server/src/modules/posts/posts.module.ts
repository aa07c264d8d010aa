import type { Clock } from '#src/core/clock.js';
import type { Db } from '#src/core/db/client.js';
import { createTransact } from '#src/core/db/transaction.js';
import type { Storage } from '#src/core/storage.js';
import type { Realtime } from '#src/realtime/realtime.js';
import type { NotificationsService } from '../notifications/index.js';
import type { TribesRepo, TribesService } from '../tribes/index.js';
import { createContentModeration } from './content-moderation.js';
import { createModerationRepo } from './moderation.repo.js';
import { createPostsRepo } from './posts.repo.js';
import { createPostsService } from './posts.service.js';
import { createReportsService } from './reports.service.js';

/** Wires the posts module: posts, comments and likes, and the reports tribes' moderators work. */
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
  tribesRepo: TribesRepo;
  tribes: TribesService;
  storage: Storage;
  clock: Clock;
  realtime: Realtime;
  notifications: NotificationsService;
}) {
  const transact = createTransact(db);
  const repo = createPostsRepo(db);
  const moderation = createModerationRepo(db);
  const posts = createPostsService({ repo, moderation, tribes: tribesRepo, storage, clock, realtime, notifications, transact });
  const reports = createReportsService({ moderation, posts: repo, postsService: posts, tribesRepo, tribes, clock, transact });
  // The operators' port (DESIGN 11.2): snapshots of posts and comments, their removal and restoration.
  const content = createContentModeration({ repo, posts, clock });
  return { repo, posts, reports, content };
}
