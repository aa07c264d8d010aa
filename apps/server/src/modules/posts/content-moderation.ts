import type { ContentSnapshot } from '@tribes/shared';
import type { Clock } from '#src/core/clock.js';
import type { UserRow } from '../users/index.js';
import type { PostsRepo } from './posts.repo.js';
import type { PostReading } from './post-reading.js';

/**
 * The posts module's port for the site's operators (DESIGN 11.2): what a post or a comment looks like
 * now (the snapshot a report keeps), and their removal and restoration. Removal is the posts' own
 * soft delete (`deleted_at`), so a restored post or comment is the same row, back in its place.
 */
export function createContentModeration({ repo, reading, clock }: { repo: PostsRepo; reading: PostReading; clock: Clock }) {
  return {
    async postSnapshot(
      id: string,
      authorName: (id: string) => Promise<string>,
    ): Promise<(ContentSnapshot & { author: { id: string; name: string } }) | undefined> {
      const post = await repo.findPost(id);
      if (!post || post.deletedAt) return undefined;
      return {
        type: 'post',
        id: post.id,
        author: { id: post.authorId, name: await authorName(post.authorId) },
        title: null,
        text: post.body,
        image_urls: [],
        tribe_id: post.tribeId,
        post_id: post.id,
        created_at: post.createdAt.toISOString(),
      };
    },
    /** A comment the viewer may see (404 otherwise), as it is now, with its author's name, its post and tribe. */
    async commentSnapshot(id: string, viewer: UserRow, authorName: (id: string) => Promise<string>) {
      const comment = await repo.findComment(id);
      if (!comment) return undefined;
      const post = await reading.visible(comment.postId, viewer);
      const snapshot: ContentSnapshot & { author: { id: string; name: string } } = {
        type: 'comment',
        id: comment.id,
        author: { id: comment.authorId, name: await authorName(comment.authorId) },
        title: null,
        text: comment.body,
        image_urls: [],
        tribe_id: post.tribeId,
        post_id: post.id,
        created_at: comment.createdAt.toISOString(),
      };
      return snapshot;
    },
    /** Removes a post or a comment (an operator's act); false when it was gone already. */
    async remove(type: 'post' | 'comment', id: string, by: string): Promise<boolean> {
      const now = clock.now();
      if (type === 'post') {
        const post = await repo.findPost(id);
        if (!post || post.deletedAt) return false;
        await repo.updatePost(id, { deletedAt: now, deletedBy: by });
        return true;
      }
      const comment = await repo.findComment(id);
      if (!comment) return false;
      await repo.deleteComment(comment, now);
      return true;
    },
    /** Puts a removed post or comment back (an appeal overturned). */
    async restore(type: 'post' | 'comment', id: string): Promise<void> {
      if (type === 'post') {
        const post = await repo.findPost(id);
        if (post?.deletedAt) await repo.updatePost(id, { deletedAt: null, deletedBy: null });
        return;
      }
      await repo.restoreComment(id);
    },
  };
}

export type ContentModeration = ReturnType<typeof createContentModeration>;
