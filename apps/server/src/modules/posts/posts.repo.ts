import { and, asc, desc, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '#src/core/db/client.js';
import {
  comments,
  postFavourites,
  postHides,
  postImages,
  postLikes,
  posts,
  tribeMembers,
  tribes,
  userBlocks,
  users,
} from '#src/core/db/schema/index.js';

export type PostRow = typeof posts.$inferSelect;
export type PostImageRow = typeof postImages.$inferSelect;
export type CommentRow = typeof comments.$inferSelect;
type Conn = Db | Tx;

/** Keyset position in newest-first lists. */
export interface TimeCursor {
  at: string;
  id: string;
}

/** SQL: the viewer is an active member of the post's tribe. */
const memberOfPostTribe = (viewerId: string) =>
  sql`${posts.tribeId} in (select ${tribeMembers.tribeId} from ${tribeMembers} where ${tribeMembers.userId} = ${viewerId} and ${tribeMembers.status} = 'active')`;

/** SQL: a block stands between the viewer and the author, either way. */
export const blockedBetween = (viewerId: string, otherColumn: SQL | typeof posts.authorId) =>
  sql`exists (select 1 from ${userBlocks} where (${userBlocks.blockerId} = ${viewerId} and ${userBlocks.blockedId} = ${otherColumn}) or (${userBlocks.blockerId} = ${otherColumn} and ${userBlocks.blockedId} = ${viewerId}))`;

/**
 * Who may see a post: anyone for public posts, the tribe's active members for tribe posts, never a
 * deleted post; with a viewer, never across a block. Lists also drop the viewer's hidden posts.
 */
export function visibleTo(viewerId: string | null, opts: { dropHidden?: boolean } = {}): SQL {
  const where: SQL[] = [isNull(posts.deletedAt)];
  if (!viewerId) {
    where.push(eq(posts.visibility, 'public'));
  } else {
    where.push(or(eq(posts.visibility, 'public'), memberOfPostTribe(viewerId))!);
    where.push(sql`not ${blockedBetween(viewerId, posts.authorId)}`);
    if (opts.dropHidden) {
      where.push(
        sql`not exists (select 1 from ${postHides} where ${postHides.postId} = ${posts.id} and ${postHides.userId} = ${viewerId})`,
      );
    }
  }
  return and(...where)!;
}

const before = (c: TimeCursor | undefined, at: typeof posts.createdAt, id: typeof posts.id) =>
  c ? or(lt(at, new Date(c.at)), and(eq(at, new Date(c.at)), lt(id, c.id))) : undefined;

/** The only place that reads and writes posts, their images, reactions and comments. */
export function createPostsRepo(db: Db) {
  const newestFirst = async (where: (SQL | undefined)[], limit: number) =>
    db
      .select()
      .from(posts)
      .where(and(...where.filter((w): w is SQL => w !== undefined)))
      .orderBy(desc(posts.createdAt), desc(posts.id))
      .limit(limit);

  return {
    db,
    async insertPost(
      values: typeof posts.$inferInsert,
      images: Omit<typeof postImages.$inferInsert, 'postId'>[],
      tx: Tx,
    ): Promise<PostRow> {
      const [row] = await tx.insert(posts).values(values).returning();
      if (images.length) await tx.insert(postImages).values(images.map((i) => ({ ...i, postId: row!.id })));
      return row!;
    },
    async findPost(id: string, conn: Conn = db): Promise<PostRow | undefined> {
      const [row] = await conn.select().from(posts).where(eq(posts.id, id)).limit(1);
      return row;
    },
    async findVisible(id: string, viewerId: string | null): Promise<PostRow | undefined> {
      const [row] = await db
        .select()
        .from(posts)
        .where(and(eq(posts.id, id), visibleTo(viewerId)))
        .limit(1);
      return row;
    },
    async updatePost(id: string, patch: Partial<typeof posts.$inferInsert>, conn: Conn = db): Promise<PostRow> {
      const [row] = await conn.update(posts).set(patch).where(eq(posts.id, id)).returning();
      return row!;
    },

    feed: (viewerId: string, after: TimeCursor | undefined, limit: number) =>
      newestFirst([visibleTo(viewerId, { dropHidden: true }), before(after, posts.createdAt, posts.id)], limit),
    tribePosts: (tribeId: string, viewerId: string | null, after: TimeCursor | undefined, limit: number) =>
      newestFirst(
        [eq(posts.tribeId, tribeId), visibleTo(viewerId, { dropHidden: true }), before(after, posts.createdAt, posts.id)],
        limit,
      ),
    userPosts: (authorId: string, viewerId: string | null, after: TimeCursor | undefined, limit: number) =>
      newestFirst(
        [eq(posts.authorId, authorId), visibleTo(viewerId, { dropHidden: true }), before(after, posts.createdAt, posts.id)],
        limit,
      ),

    /** Posts the user marked (favourites or hidden), newest mark first, still visible to them. */
    async marked(table: typeof postFavourites | typeof postHides, userId: string, after: TimeCursor | undefined, limit: number) {
      const cursor = after
        ? or(lt(table.createdAt, new Date(after.at)), and(eq(table.createdAt, new Date(after.at)), lt(table.postId, after.id)))
        : undefined;
      const rows = await db
        .select({ post: posts, markedAt: table.createdAt })
        .from(table)
        .innerJoin(posts, eq(posts.id, table.postId))
        .where(and(eq(table.userId, userId), visibleTo(userId), cursor))
        .orderBy(desc(table.createdAt), desc(table.postId))
        .limit(limit);
      return rows;
    },

    /** Public posts of the last 30 days ranked by engagement that decays with age; optional text or #tag search. */
    async explore(viewerId: string | null, q: string | undefined, offset: number, limit: number, now: Date): Promise<PostRow[]> {
      const where: SQL[] = [visibleTo(viewerId, { dropHidden: true }), eq(posts.visibility, 'public')];
      if (q) {
        const needle = q.toLowerCase();
        where.push(sql`lower(${posts.body}) like ${'%' + needle.replace(/[\\%_]/g, (c) => '\\' + c) + '%'}`);
      } else {
        where.push(sql`${posts.createdAt} > ${new Date(now.getTime() - 30 * 24 * 3600 * 1000)}`);
      }
      const ageHours = sql`greatest(extract(epoch from (${now}::timestamptz - ${posts.createdAt})) / 3600, 0)`;
      const score = sql`(${posts.likeCount} + 2 * ${posts.commentCount} + 1) / power(${ageHours} + 2, 1.5)`;
      return db
        .select()
        .from(posts)
        .where(and(...where))
        .orderBy(desc(score), desc(posts.createdAt), desc(posts.id))
        .offset(offset)
        .limit(limit);
    },

    /** Everything a list of posts needs to be presented to one viewer, in four queries. */
    async decorate(rows: PostRow[], viewerId: string | null) {
      const ids = rows.map((r) => r.id);
      if (ids.length === 0)
        return {
          authors: new Map(),
          tribes: new Map(),
          images: new Map(),
          liked: new Set<string>(),
          favourited: new Set<string>(),
          hidden: new Set<string>(),
        };
      const authorIds = [...new Set(rows.map((r) => r.authorId))];
      const tribeIds = [...new Set(rows.flatMap((r) => (r.tribeId ? [r.tribeId] : [])))];
      const [authorRows, tribeRows, imageRows] = await Promise.all([
        db.select({ id: users.id, name: users.name, avatarKey: users.avatarKey }).from(users).where(inArray(users.id, authorIds)),
        tribeIds.length
          ? db.select({ id: tribes.id, name: tribes.name, slug: tribes.slug }).from(tribes).where(inArray(tribes.id, tribeIds))
          : Promise.resolve([]),
        db.select().from(postImages).where(inArray(postImages.postId, ids)).orderBy(asc(postImages.position)),
      ]);
      const marks = async (table: typeof postLikes | typeof postFavourites | typeof postHides) =>
        viewerId
          ? new Set(
              (
                await db
                  .select({ id: table.postId })
                  .from(table)
                  .where(and(eq(table.userId, viewerId), inArray(table.postId, ids)))
              ).map((r) => r.id),
            )
          : new Set<string>();
      const [liked, favourited, hidden] = await Promise.all([marks(postLikes), marks(postFavourites), marks(postHides)]);
      const images = new Map<string, PostImageRow[]>();
      for (const img of imageRows) images.set(img.postId, [...(images.get(img.postId) ?? []), img]);
      return {
        authors: new Map(authorRows.map((a) => [a.id, a])),
        tribes: new Map(tribeRows.map((t) => [t.id, t])),
        images,
        liked,
        favourited,
        hidden,
      };
    },

    async imagesOf(postId: string): Promise<PostImageRow[]> {
      return db.select().from(postImages).where(eq(postImages.postId, postId)).orderBy(asc(postImages.position));
    },

    /**
     * Adds or removes a mark (like, favourite, hide) exactly once: the counter moves only when a
     * row was really inserted or deleted, so a like sent twice counts once and like/unlike races
     * end with the counter equal to the rows.
     */
    async setMark(kind: 'like' | 'favourite' | 'hide', postId: string, userId: string, on: boolean, now: Date): Promise<void> {
      const table = kind === 'like' ? postLikes : kind === 'favourite' ? postFavourites : postHides;
      await db.transaction(async (tx) => {
        const changed = on
          ? await tx
              .insert(table)
              .values({ postId, userId, createdAt: now })
              .onConflictDoNothing()
              .returning({ id: table.postId })
          : await tx
              .delete(table)
              .where(and(eq(table.postId, postId), eq(table.userId, userId)))
              .returning({ id: table.postId });
        if (kind === 'like' && changed.length > 0) {
          await tx
            .update(posts)
            .set({ likeCount: sql`${posts.likeCount} + ${on ? 1 : -1}` })
            .where(eq(posts.id, postId));
        }
      });
    },

    async insertComment(values: typeof comments.$inferInsert): Promise<CommentRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(comments).values(values).returning();
        await tx
          .update(posts)
          .set({ commentCount: sql`${posts.commentCount} + 1` })
          .where(eq(posts.id, values.postId));
        return row!;
      });
    },
    async findComment(id: string): Promise<CommentRow | undefined> {
      const [row] = await db
        .select()
        .from(comments)
        .where(and(eq(comments.id, id), isNull(comments.deletedAt)))
        .limit(1);
      return row;
    },
    async deleteComment(row: CommentRow, now: Date): Promise<void> {
      await db.transaction(async (tx) => {
        const done = await tx
          .update(comments)
          .set({ deletedAt: now })
          .where(and(eq(comments.id, row.id), isNull(comments.deletedAt)))
          .returning({ id: comments.id });
        if (done.length) {
          await tx
            .update(posts)
            .set({ commentCount: sql`greatest(${posts.commentCount} - 1, 0)` })
            .where(eq(posts.id, row.postId));
        }
      });
    },
    /** A post's comments, oldest first, without those across a block with the viewer. */
    async listComments(postId: string, viewerId: string | null, after: TimeCursor | undefined, limit: number) {
      const where: (SQL | undefined)[] = [eq(comments.postId, postId), isNull(comments.deletedAt)];
      if (viewerId) where.push(sql`not ${blockedBetween(viewerId, sql`${comments.authorId}`)}`);
      if (after)
        where.push(
          or(
            sql`${comments.createdAt} > ${new Date(after.at)}`,
            and(eq(comments.createdAt, new Date(after.at)), sql`${comments.id} > ${after.id}`),
          ),
        );
      return db
        .select({ comment: comments, author: { id: users.id, name: users.name, avatarKey: users.avatarKey } })
        .from(comments)
        .innerJoin(users, eq(users.id, comments.authorId))
        .where(and(...where.filter((w): w is SQL => w !== undefined)))
        .orderBy(asc(comments.createdAt), asc(comments.id))
        .limit(limit);
    },
  };
}

export type PostsRepo = ReturnType<typeof createPostsRepo>;
