import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { queryRows, type Db, type Statement, type Tx } from '#src/core/db/client.js';
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
import type { TimeCursor } from '#src/core/cursor.js';
import { olderThan } from '#src/core/db/keyset.js';
import { markOnce } from '#src/core/db/once-marks.js';

export type PostRow = typeof posts.$inferSelect;
export type PostImageRow = typeof postImages.$inferSelect;
export type CommentRow = typeof comments.$inferSelect;
type Conn = Db | Tx;

/** SQL: a block stands between the viewer and the author, either way. */
export const blockedBetween = (viewerId: string, otherColumn: SQL | typeof posts.authorId) =>
  sql`exists (select 1 from ${userBlocks} where (${userBlocks.blockerId} = ${viewerId} and ${userBlocks.blockedId} = ${otherColumn}) or (${userBlocks.blockerId} = ${otherColumn} and ${userBlocks.blockedId} = ${viewerId}))`;

/**
 * What decides what a reader may see, read once per request: the tribes they are an active member
 * of (and those they moderate), and everyone on either side of a block with them. Passing these as
 * arrays keeps the list queries plain filters over the newest-first index, so a page of the feed
 * reads a few dozen rows whatever the size of the table.
 */
export interface ViewerScope {
  id: string;
  tribeIds: string[];
  moderatedTribeIds: string[];
  blockedIds: string[];
}

const uuidArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/**
 * Who may see a post: anyone for public posts, the tribe's active members for tribe posts, never a
 * deleted post; with a viewer, never across a block. Lists also drop the viewer's hidden posts.
 */
export function visibleTo(scope: ViewerScope | null, opts: { dropHidden?: boolean } = {}): SQL {
  const where: SQL[] = [isNull(posts.deletedAt)];
  if (!scope) {
    where.push(eq(posts.visibility, 'public'));
  } else {
    where.push(
      scope.tribeIds.length
        ? or(eq(posts.visibility, 'public'), sql`${posts.tribeId} = any(${uuidArray(scope.tribeIds)})`)!
        : eq(posts.visibility, 'public'),
    );
    if (scope.blockedIds.length) where.push(sql`${posts.authorId} <> all(${uuidArray(scope.blockedIds)})`);
    if (opts.dropHidden) {
      where.push(
        sql`not exists (select 1 from ${postHides} where ${postHides.postId} = ${posts.id} and ${postHides.userId} = ${scope.id})`,
      );
    }
  }
  return and(...where)!;
}

/** A post of the feed with everything its presentation needs, as the one feed statement returns it. */
export interface FeedRow {
  id: string;
  author_id: string;
  tribe_id: string | null;
  visibility: string;
  body: string;
  lang: string | null;
  like_count: number;
  comment_count: number;
  created_at: Date;
  edited_at: Date | null;
  author_name: string | null;
  author_avatar_key: string | null;
  tribe_name: string | null;
  tribe_slug: string | null;
  images: { key: string; width: number; height: number; alt: string; variant_widths: number[] }[];
  liked: boolean;
  favourited: boolean;
  /** The reader leads or moderates the post's tribe. */
  moderates: boolean;
}

/** Before any real post: the keyset start of the first page. */
const FEED_START = { at: 'infinity', id: 'ffffffff-ffff-ffff-ffff-ffffffffffff' };

/**
 * The reader's feed page in one round trip: the same rules as visibleTo(scope, { dropHidden: true })
 * with the reader's scope read inside the statement (uncorrelated sub-selects, evaluated once), a
 * keyset walk down posts_created_idx, then the page's authors, tribes, images and the reader's own
 * likes, favourites and moderation rights. $1 reader, $2/$3 keyset position.
 *
 * The limit is written into the text, one prepared statement per page size (a validated integer,
 * at most PAGINATION.maxLimit + 1): with LIMIT $n PostgreSQL guesses a generic plan reads 10 % of
 * the table, so it re-plans the statement on every execution (about 1.5 ms of its CPU) instead of
 * reusing the plan.
 */
const feedPage = (limit: number): Statement => {
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > 1000) throw new Error(`bad feed limit ${limit}`);
  return { name: `posts_feed_page_v2_${limit}`, text: feedPageText(limit) };
};
const feedPageText = (limit: number) => `
with page as (
  select p.id, p.author_id, p.tribe_id, p.visibility, p.body, p.lang, p.like_count, p.comment_count, p.created_at, p.edited_at
  from posts p
  where p.deleted_at is null
    and (p.visibility = 'public'
      or p.tribe_id = any (array(select m.tribe_id from tribe_members m where m.user_id = $1 and m.status = 'active')))
    and p.author_id <> all (array(
      select case when b.blocker_id = $1 then b.blocked_id else b.blocker_id end
      from user_blocks b where b.blocker_id = $1 or b.blocked_id = $1))
    and not exists (select 1 from post_hides h where h.post_id = p.id and h.user_id = $1)
    and (p.created_at, p.id) < ($2::timestamptz, $3::uuid)
  order by p.created_at desc, p.id desc
  limit ${limit}
)
select p.*,
  u.name as author_name, u.avatar_key as author_avatar_key,
  t.name as tribe_name, t.slug as tribe_slug,
  coalesce((select json_agg(json_build_object('key', i.key, 'width', i.width, 'height', i.height, 'alt', i.alt, 'variant_widths', i.variant_widths) order by i.position)
    from post_images i where i.post_id = p.id), '[]'::json) as images,
  exists (select 1 from post_likes l where l.post_id = p.id and l.user_id = $1) as liked,
  exists (select 1 from post_favourites f where f.post_id = p.id and f.user_id = $1) as favourited,
  exists (select 1 from tribe_members m where m.tribe_id = p.tribe_id and m.user_id = $1
    and m.status = 'active' and m.role in ('leader', 'moderator')) as moderates
from page p
left join users u on u.id = p.author_id
left join tribes t on t.id = p.tribe_id
order by p.created_at desc, p.id desc`;

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
    /** The reader's memberships and blocks, in two small queries. */
    async scopeOf(viewerId: string): Promise<ViewerScope> {
      const rows = await unionAll(
        db
          .select({ kind: sql<string>`'member'::text`.as('kind'), id: tribeMembers.tribeId, role: tribeMembers.role })
          .from(tribeMembers)
          .where(and(eq(tribeMembers.userId, viewerId), eq(tribeMembers.status, 'active'))),
        db
          .select({
            kind: sql<string>`'block'::text`.as('kind'),
            id: sql<string>`case when ${userBlocks.blockerId} = ${viewerId} then ${userBlocks.blockedId} else ${userBlocks.blockerId} end`.as(
              'id',
            ),
            role: sql<string>`''::text`.as('role'),
          })
          .from(userBlocks)
          .where(or(eq(userBlocks.blockerId, viewerId), eq(userBlocks.blockedId, viewerId))),
      );
      const memberships = rows.filter((r) => r.kind === 'member');
      return {
        id: viewerId,
        tribeIds: memberships.map((m) => m.id),
        moderatedTribeIds: memberships.filter((m) => m.role === 'leader' || m.role === 'moderator').map((m) => m.id),
        blockedIds: rows.filter((r) => r.kind === 'block').map((r) => r.id),
      };
    },
    async findVisible(id: string, scope: ViewerScope | null): Promise<PostRow | undefined> {
      const [row] = await db
        .select()
        .from(posts)
        .where(and(eq(posts.id, id), visibleTo(scope)))
        .limit(1);
      return row;
    },
    async updatePost(id: string, patch: Partial<typeof posts.$inferInsert>, conn: Conn = db): Promise<PostRow> {
      const [row] = await conn.update(posts).set(patch).where(eq(posts.id, id)).returning();
      return row!;
    },

    /** The reader's feed, newest first, decorated for them: one statement (see FEED_PAGE). */
    feed: (viewerId: string, after: TimeCursor | undefined, limit: number) => {
      const at = after ?? FEED_START;
      return queryRows<FeedRow>(db, feedPage(limit), [viewerId, at.at, at.id]);
    },
    tribePosts: (tribeId: string, scope: ViewerScope | null, after: TimeCursor | undefined, limit: number) =>
      newestFirst(
        [eq(posts.tribeId, tribeId), visibleTo(scope, { dropHidden: true }), before(after, posts.createdAt, posts.id)],
        limit,
      ),
    userPosts: (authorId: string, scope: ViewerScope | null, after: TimeCursor | undefined, limit: number) =>
      newestFirst(
        [eq(posts.authorId, authorId), visibleTo(scope, { dropHidden: true }), before(after, posts.createdAt, posts.id)],
        limit,
      ),

    /** Posts the user marked (favourites or hidden), newest mark first, still visible to them. */
    async marked(kind: 'favourite' | 'hide', scope: ViewerScope, after: TimeCursor | undefined, limit: number) {
      const table = kind === 'favourite' ? postFavourites : postHides;
      const userId = scope.id;
      const cursor = olderThan(table.createdAt, table.postId, after);
      const rows = await db
        .select({ post: posts, markedAt: table.createdAt })
        .from(table)
        .innerJoin(posts, eq(posts.id, table.postId))
        .where(and(eq(table.userId, userId), visibleTo(scope), cursor))
        .orderBy(desc(table.createdAt), desc(table.postId))
        .limit(limit);
      return rows;
    },

    /** Public posts of the last 30 days ranked by engagement that decays with age; optional text or #tag search. */
    async explore(
      scope: ViewerScope | null,
      q: string | undefined,
      offset: number,
      limit: number,
      now: Date,
    ): Promise<PostRow[]> {
      const where: SQL[] = [visibleTo(scope, { dropHidden: true }), eq(posts.visibility, 'public')];
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
      // The reader's likes, favourites and hides of these posts, in one round trip.
      const mark = (table: typeof postLikes | typeof postFavourites | typeof postHides, kind: string) =>
        db
          .select({ id: table.postId, kind: sql<string>`${kind}::text`.as('kind') })
          .from(table)
          .where(and(eq(table.userId, viewerId!), inArray(table.postId, ids)));
      const markRows = viewerId
        ? await unionAll(mark(postLikes, 'like'), mark(postFavourites, 'favourite'), mark(postHides, 'hide'))
        : [];
      const marked = (kind: string) => new Set(markRows.filter((m) => m.kind === kind).map((m) => m.id));
      const [liked, favourited, hidden] = [marked('like'), marked('favourite'), marked('hide')];
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
    async setMark(kind: 'like' | 'favourite' | 'hide', postId: string, userId: string, on: boolean, now: Date): Promise<boolean> {
      const table = kind === 'like' ? postLikes : kind === 'favourite' ? postFavourites : postHides;
      return db.transaction(async (tx) => {
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
        return changed.length > 0;
      });
    },

    /** A comment and its post's count, in the caller's transaction. */
    async insertComment(values: typeof comments.$inferInsert, tx: Tx): Promise<CommentRow> {
      const [row] = await tx.insert(comments).values(values).returning();
      await tx
        .update(posts)
        .set({ commentCount: sql`${posts.commentCount} + 1` })
        .where(eq(posts.id, values.postId));
      return row!;
    },
    async findCommentById(id: string, conn: Conn = db): Promise<CommentRow | undefined> {
      const [row] = await conn.select().from(comments).where(eq(comments.id, id)).limit(1);
      return row;
    },
    async findComment(id: string): Promise<CommentRow | undefined> {
      const [row] = await db
        .select()
        .from(comments)
        .where(and(eq(comments.id, id), isNull(comments.deletedAt)))
        .limit(1);
      return row;
    },
    async setCommentLang(id: string, lang: string | null): Promise<void> {
      await db.update(comments).set({ lang }).where(eq(comments.id, id));
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
    /** Puts a removed comment back and counts it again (an operator's removal overturned on appeal). */
    async restoreComment(id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(comments)
          .set({ deletedAt: null })
          .where(and(eq(comments.id, id), isNotNull(comments.deletedAt)))
          .returning({ postId: comments.postId });
        if (row) {
          await tx
            .update(posts)
            .set({ commentCount: sql`${posts.commentCount} + 1` })
            .where(eq(posts.id, row.postId));
        }
      });
    },
    /** A post's comments, oldest first, without those across a block with the viewer. */
    async listComments(postId: string, scope: ViewerScope | null, after: TimeCursor | undefined, limit: number) {
      const where: (SQL | undefined)[] = [eq(comments.postId, postId), isNull(comments.deletedAt)];
      if (scope?.blockedIds.length) where.push(sql`${comments.authorId} <> all(${uuidArray(scope.blockedIds)})`);
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
    /**
     * The people an @mention may name (modules/posts/mentions.ts): those whose folded name is one of
     * `names`, among the active members of the post's tribe (anyone for a post without a tribe), never
     * across a block with any of `people` (the post's author and the writer).
     */
    async mentionable(names: string[], tribeId: string | null, people: string[]): Promise<{ id: string; name: string }[]> {
      if (!names.length) return [];
      const where: SQL[] = [
        sql`lower(${users.name}) in (select lower(n) from json_array_elements_text(${JSON.stringify(names)}::json) n)`,
      ];
      if (tribeId)
        where.push(
          sql`exists (select 1 from ${tribeMembers} where ${tribeMembers.tribeId} = ${tribeId} and ${tribeMembers.userId} = ${users.id} and ${tribeMembers.status} = 'active')`,
        );
      for (const person of people) where.push(sql`not ${blockedBetween(person, sql`${users.id}`)}`);
      return db
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(and(...where))
        .limit(200);
    },
    /** Marks that a post or comment told a person of their mention; false when it already had (an edit does not re-tell). */
    markMentioned(sourceId: string, userId: string, at: Date): Promise<boolean> {
      return markOnce(db, `mention:${sourceId}:${userId}`, at);
    },
  };
}

export type PostsRepo = ReturnType<typeof createPostsRepo>;
