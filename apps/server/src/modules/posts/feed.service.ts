import type { Page, Post } from '@tribes/shared';
import type { Clock } from '#src/core/clock.js';
import { encodeCursor, readCursor, readTimeCursor, timeCursor } from '#src/core/cursor.js';
import { fieldError, notFound } from '#src/core/errors.js';
import type { Storage } from '#src/core/storage.js';
import type { TribeReads } from '../tribes/index.js';
import type { UserRow } from '../users/index.js';
import type { PostReading } from './post-reading.js';
import { presentFeedRow } from './posts.presenter.js';
import type { PostsRepo } from './posts.repo.js';

interface Deps {
  repo: PostsRepo;
  /** Who may see what, and presenting for one viewer (shared with the posts and comments services). */
  reading: PostReading;
  tribes: Pick<TribeReads, 'findByRef'>;
  storage: Storage;
  clock: Clock;
}

/** Lists of posts: the reader's feed, a tribe's and a person's posts, favourites and hides, explore. */
export function createFeedService({ repo, reading, tribes, storage, clock }: Deps) {
  const { scopeFor, present, page } = reading;
  return {
    /** The hot path: one statement reads the reader's scope, the page and its decorations. */
    async feed(user: UserRow, q: { cursor?: string; limit: number }): Promise<Page<Post>> {
      const rows = await repo.feed(user.id, readTimeCursor(q.cursor), q.limit + 1);
      const items = rows.slice(0, q.limit);
      const last = items[items.length - 1];
      return {
        items: items.map((r) => presentFeedRow(r, user.id, storage)),
        next_cursor: rows.length > q.limit && last ? timeCursor(last.created_at, last.id) : null,
      };
    },
    async tribePosts(tribeRef: string, viewer: UserRow | null, q: { cursor?: string; limit: number }) {
      const tribe = await tribes.findByRef(tribeRef);
      if (!tribe) throw notFound();
      const scope = await scopeFor(viewer);
      const rows = await repo.tribePosts(tribe.id, scope, readTimeCursor(q.cursor), q.limit + 1);
      return page(rows, q.limit, viewer, (r) => timeCursor(r.createdAt, r.id), scope);
    },
    async userPosts(authorId: string, viewer: UserRow | null, q: { cursor?: string; limit: number }) {
      const scope = await scopeFor(viewer);
      const rows = await repo.userPosts(authorId, scope, readTimeCursor(q.cursor), q.limit + 1);
      return page(rows, q.limit, viewer, (r) => timeCursor(r.createdAt, r.id), scope);
    },
    async marked(kind: 'favourite' | 'hide', user: UserRow, q: { cursor?: string; limit: number }) {
      const scope = await repo.scopeOf(user.id);
      const rows = await repo.marked(kind, scope, readTimeCursor(q.cursor), q.limit + 1);
      const items = rows.slice(0, q.limit);
      const last = items[items.length - 1];
      return {
        items: await present(
          items.map((r) => r.post),
          user,
          scope,
        ),
        next_cursor: rows.length > q.limit && last ? timeCursor(last.markedAt, last.post.id) : null,
      };
    },
    async explore(viewer: UserRow | null, q: { q?: string; cursor?: string; limit: number }) {
      const offset = Number(readCursor(q.cursor, { o: 'int' })?.o ?? 0);
      if (offset > 10_000) throw fieldError('cursor', 'validation.invalid');
      const scope = await scopeFor(viewer);
      const rows = await repo.explore(scope, q.q || undefined, offset, q.limit + 1, clock.now());
      return page(rows, q.limit, viewer, () => encodeCursor({ o: String(offset + q.limit) }), scope);
    },
  };
}

export type FeedService = ReturnType<typeof createFeedService>;
