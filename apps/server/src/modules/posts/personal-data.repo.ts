import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '#src/core/db/client.js';
import { comments, postImages, posts } from '#src/core/db/schema/index.js';

/**
 * What the posts module holds of one member, for their data export (DESIGN 11.2): the posts they
 * wrote (deleted ones too: the site still keeps them), with their photos, and their comments.
 */
export function createPostsPersonalData(db: Db) {
  return {
    async collect(userId: string) {
      const mine = await db.select().from(posts).where(eq(posts.authorId, userId)).orderBy(asc(posts.createdAt));
      const images = mine.length
        ? await db
            .select()
            .from(postImages)
            .where(
              inArray(
                postImages.postId,
                mine.map((p) => p.id),
              ),
            )
            .orderBy(asc(postImages.position))
        : [];
      const said = await db.select().from(comments).where(eq(comments.authorId, userId)).orderBy(asc(comments.createdAt));
      return {
        sections: {
          posts: mine.map((p) => ({
            id: p.id,
            tribe_id: p.tribeId,
            visibility: p.visibility,
            body: p.body,
            created_at: p.createdAt.toISOString(),
            edited_at: p.editedAt?.toISOString() ?? null,
            deleted_at: p.deletedAt?.toISOString() ?? null,
            images: images
              .filter((i) => i.postId === p.id)
              .map((i) => ({ file: `media/${i.key}`, alt: i.alt, width: i.width, height: i.height })),
          })),
          comments: said.map((c) => ({
            id: c.id,
            post_id: c.postId,
            body: c.body,
            created_at: c.createdAt.toISOString(),
            deleted_at: c.deletedAt?.toISOString() ?? null,
          })),
        },
        media: images.map((i) => i.key),
      };
    },
  };
}
