import type { Page, Post } from '@tribes/shared';
import { notFound } from '#src/core/errors.js';
import type { Storage } from '#src/core/storage.js';
import { type TribeReads, canModerate } from '../tribes/index.js';
import type { UserRow } from '../users/index.js';
import { presentPost } from './posts.presenter.js';
import type { PostRow, PostsRepo, ViewerScope } from './posts.repo.js';

/**
 * What the feed, posts, comments and reports services share about reading posts: who may see a post,
 * who moderates its tribe, and presenting rows for one viewer with what they may do to each.
 */
export function createPostReading({
  repo,
  tribes,
  storage,
}: {
  repo: PostsRepo;
  tribes: Pick<TribeReads, 'membership'>;
  storage: Storage;
}) {
  /** Whether the viewer moderates the post's tribe. */
  const moderates = async (post: PostRow, viewer: UserRow | null) =>
    !!viewer && !!post.tribeId && canModerate(await tribes.membership(post.tribeId, viewer.id));

  const scopeFor = (viewer: UserRow | null) => (viewer ? repo.scopeOf(viewer.id) : Promise.resolve(null));

  /** Presents rows for one viewer, with what they may do to each (moderation rights from their scope). */
  async function present(rows: PostRow[], viewer: UserRow | null, scope?: ViewerScope | null): Promise<Post[]> {
    const [d, s] = await Promise.all([repo.decorate(rows, viewer?.id ?? null), scope === undefined ? scopeFor(viewer) : scope]);
    const moderated = new Set(s?.moderatedTribeIds ?? []);
    return rows.map((r) => {
      const mine = viewer?.id === r.authorId;
      return presentPost(r, d, storage, { canEdit: mine, canDelete: mine || (r.tribeId !== null && moderated.has(r.tribeId)) });
    });
  }

  /** One page of presented posts, the next cursor taken from the last row shown when there are more. */
  async function page(
    rows: PostRow[],
    limit: number,
    viewer: UserRow | null,
    cursorOf: (r: PostRow) => string,
    scope: ViewerScope | null,
  ): Promise<Page<Post>> {
    const items = rows.slice(0, limit);
    const last = items[items.length - 1];
    return { items: await present(items, viewer, scope), next_cursor: rows.length > limit && last ? cursorOf(last) : null };
  }

  /** The post if the viewer may see it, else 404 (a hidden post is not confirmed to exist). */
  async function visible(id: string, viewer: UserRow | null): Promise<PostRow> {
    const post = await repo.findVisible(id, await scopeFor(viewer));
    if (!post) throw notFound();
    return post;
  }

  return { moderates, scopeFor, present, page, visible };
}

export type PostReading = ReturnType<typeof createPostReading>;
