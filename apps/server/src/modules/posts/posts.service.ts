import type { Comment, CreatePostFields, Page, Post } from '@tribes/shared';
import { POST_LIMITS } from '@tribes/shared';
import { CHANNELS } from '@tribes/shared';
import type { Clock } from '#src/core/clock.js';
import type { Realtime } from '#src/realtime/realtime.js';
import type { NotificationsService } from '../notifications/index.js';
import { encodeCursor, readCursor, readTimeCursor, timeCursor } from '#src/core/cursor.js';
import { fieldError, forbidden, notFound } from '#src/core/errors.js';
import type { Storage } from '#src/core/storage.js';
import { type TribeReads, canModerate, refuseBanned } from '../tribes/index.js';
import type { UserRow } from '../users/index.js';
import { removeStoredImage, storePostImage, type StoredImage } from './images.js';
import { matchMentions, mentionCandidates } from './mentions.js';
import type { ModerationRepo } from './moderation.repo.js';
import { presentComment, presentFeedRow, presentPost } from './posts.presenter.js';
import type { PostRow, PostsRepo, ViewerScope } from './posts.repo.js';
import type { Transact } from '#src/core/db/transaction.js';
import { onceIfKeyed, requestHash, type Answer } from '#src/core/db/idempotency.js';
import { createHash } from 'node:crypto';

interface Deps {
  /** Transactions (core/db): the repos never hand their connection out. */
  transact: Transact;
  realtime: Pick<Realtime, 'emit'>;
  notifications: Pick<NotificationsService, 'notify'>;
  repo: PostsRepo;
  moderation: ModerationRepo;
  tribes: TribeReads;
  storage: Storage;
  clock: Clock;
}

/** Posts, reactions and comments, with who may see and do what. */
export function createPostsService({ repo, moderation, tribes, storage, clock, realtime, notifications, transact }: Deps) {
  const excerpt = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);
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

  /**
   * Tells the people a post's or comment's body @mentions (mentions.ts) who may see the post: its
   * tribe's active members, anyone for a post without a tribe; never the writer, nobody across a block
   * with the writer or the post's author, each person once per post or comment (an edit does not tell
   * them again). Answers who was told now.
   */
  async function notifyMentions(text: string, post: PostRow, writer: UserRow, sourceId: string): Promise<Set<string>> {
    const told = new Set<string>();
    const candidates = mentionCandidates(text);
    if (!candidates.length) return told;
    const people = await repo.mentionable(candidates, post.tribeId, [...new Set([writer.id, post.authorId])]);
    for (const id of matchMentions(text, people)) {
      if (id === writer.id || !(await repo.markMentioned(sourceId, id, clock.now()))) continue;
      await notifications.notify(id, 'mention', writer, {
        type: 'post',
        id: post.id,
        title: excerpt(post.body),
        tribe_id: post.tribeId,
      });
      told.add(id);
    }
    return told;
  }

  return {
    present,
    visible,

    /**
     * Publishes a post. With an Idempotency-Key (the web's offline outbox sends one), a replay
     * answers the post the first request made: nothing is published twice, nobody is told twice.
     */
    async create(
      user: UserRow,
      fields: CreatePostFields,
      files: Buffer[],
      opts: { socketId?: string; key?: string } = {},
    ): Promise<{ post: Post; status: number }> {
      if (files.length > POST_LIMITS.maxImages)
        throw fieldError('images', 'validation.too_many_images', { max: POST_LIMITS.maxImages, count: POST_LIMITS.maxImages });
      if (!fields.body && files.length === 0) throw fieldError('body', 'validation.required');
      if (fields.tribe_id) {
        const tribe = await tribes.findByRef(fields.tribe_id);
        if (!tribe) throw fieldError('tribe_id', 'validation.invalid');
        if ((await tribes.membership(tribe.id, user.id))?.status !== 'active') throw forbidden();
      }
      const privateToTribe = fields.visibility === 'tribe';
      const stored: StoredImage[] = [];
      const cleanUp = () => Promise.all(stored.map((s) => removeStoredImage(storage, s)));
      const now = clock.now();
      let answer: Answer<{ post_id: string }>;
      try {
        for (const file of files) stored.push(await storePostImage(storage, file, privateToTribe));
        answer = await transact((tx) =>
          onceIfKeyed(
            tx,
            {
              userId: user.id,
              key: opts.key,
              hash: () => requestHash('post', { fields, images: files.map((f) => createHash('sha256').update(f).digest('hex')) }),
              now,
              status: 201,
            },
            async () => {
              const row = await repo.insertPost(
                {
                  authorId: user.id,
                  tribeId: fields.tribe_id ?? null,
                  visibility: fields.visibility,
                  body: fields.body,
                  createdAt: now,
                },
                stored.map((s, i) => ({
                  key: s.key,
                  width: s.width,
                  height: s.height,
                  variantWidths: s.variantWidths,
                  alt: fields.alt[i] ?? '',
                  position: i,
                })),
                tx,
              );
              return { post_id: row.id };
            },
          ),
        );
      } catch (err) {
        await cleanUp();
        throw err;
      }
      if (answer.replayed) await cleanUp();
      const row = await repo.findPost(answer.body.post_id);
      if (!row) throw notFound();
      if (!answer.replayed) {
        // Announced after the commit, to the tribe's channel, with a presentation that is nobody's own.
        if (row.tribeId)
          realtime.emit(CHANNELS.tribe(row.tribeId), 'post.created', { post: (await present([row], null))[0]! }, opts.socketId);
        await notifyMentions(row.body, row, user, row.id);
      }
      return { post: (await present([row], user))[0]!, status: answer.status };
    },

    async get(id: string, viewer: UserRow | null): Promise<Post> {
      return (await present([await visible(id, viewer)], viewer))[0]!;
    },

    async update(id: string, user: UserRow, body: string): Promise<Post> {
      const post = await visible(id, user);
      if (post.authorId !== user.id) throw forbidden();
      // A member banned from the post's tribe may delete the post, no longer change it.
      await refuseBanned(tribes, post.tribeId, user.id);
      const row = await repo.updatePost(post.id, { body, editedAt: clock.now() });
      // Only people the edit names for the first time hear of it.
      await notifyMentions(row.body, row, user, row.id);
      return (await present([row], user))[0]!;
    },

    /** The author deletes their post; a tribe's leaders and moderators delete any post of the tribe, and that is logged. */
    async remove(id: string, user: UserRow, reason = '', socketId?: string): Promise<void> {
      const post = await visible(id, user);
      const own = post.authorId === user.id;
      if (!own && !(await moderates(post, user))) throw forbidden();
      const now = clock.now();
      await transact(async (tx) => {
        await repo.updatePost(post.id, { deletedAt: now, deletedBy: user.id }, tx);
        if (!own && post.tribeId) {
          await moderation.log(
            {
              tribeId: post.tribeId,
              actorId: user.id,
              action: 'delete_post',
              postId: post.id,
              targetUserId: post.authorId,
              reason,
              createdAt: now,
            },
            tx,
          );
        }
      });
      if (post.tribeId)
        realtime.emit(CHANNELS.tribe(post.tribeId), 'post.deleted', { post_id: post.id, tribe_id: post.tribeId }, socketId, [
          post.authorId,
        ]);
    },

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

    /** Likes, favourites and hides of a post the user can see; idempotent both ways. */
    async mark(kind: 'like' | 'favourite' | 'hide', id: string, user: UserRow, on: boolean): Promise<Post> {
      const post = await visible(id, user);
      // Favourites and hides are the reader's own; a like speaks in the tribe, and taking one back is always allowed.
      if (kind === 'like' && on) await refuseBanned(tribes, post.tribeId, user.id);
      const changed = await repo.setMark(kind, post.id, user.id, on, clock.now());
      if (changed && kind === 'like' && on) {
        await notifications.notify(post.authorId, 'like', user, {
          type: 'post',
          id: post.id,
          title: excerpt(post.body),
          tribe_id: post.tribeId,
        });
      }
      return (await present([(await repo.findPost(post.id))!], user))[0]!;
    },

    async comments(id: string, viewer: UserRow | null, q: { cursor?: string; limit: number }): Promise<Page<Comment>> {
      const post = await visible(id, viewer);
      const mod = await moderates(post, viewer);
      const rows = await repo.listComments(post.id, await scopeFor(viewer), readTimeCursor(q.cursor), q.limit + 1);
      const items = rows.slice(0, q.limit);
      const last = items[items.length - 1];
      return {
        items: items.map((r) =>
          presentComment(r, storage, !!viewer && (mod || r.comment.authorId === viewer.id || post.authorId === viewer.id)),
        ),
        next_cursor: rows.length > q.limit && last ? timeCursor(last.comment.createdAt, last.comment.id) : null,
      };
    },
    /** Comments on a post; with an Idempotency-Key, a replay answers the first comment and tells nobody again. */
    async comment(
      id: string,
      user: UserRow,
      body: string,
      opts: { socketId?: string; key?: string } = {},
    ): Promise<{ comment: Comment; status: number }> {
      const post = await visible(id, user);
      await refuseBanned(tribes, post.tribeId, user.id);
      const now = clock.now();
      const answer = await transact((tx) =>
        onceIfKeyed(
          tx,
          { userId: user.id, key: opts.key, hash: () => requestHash('comment', { post: post.id, body }), now, status: 201 },
          async () => ({
            comment_id: (await repo.insertComment({ postId: post.id, authorId: user.id, body, createdAt: now }, tx)).id,
          }),
        ),
      );
      const row = await repo.findCommentById(answer.body.comment_id);
      if (!row) throw notFound();
      const author = { id: user.id, name: user.name, avatarKey: user.avatarKey };
      const comment = presentComment({ comment: row, author }, storage, true);
      if (answer.replayed) return { comment, status: answer.status };
      if (post.tribeId) {
        const count = (await repo.findPost(post.id))?.commentCount ?? post.commentCount + 1;
        realtime.emit(
          CHANNELS.tribe(post.tribeId),
          'comment.created',
          { comment: presentComment({ comment: row, author }, storage, false), comment_count: count },
          opts.socketId,
          // Nobody across a block with the post's author hears of comments under it either.
          [post.authorId],
        );
      }
      // The post's author named in the comment hears of it once, as a mention (the more direct of the two).
      const mentioned = await notifyMentions(body, post, user, row.id);
      if (!mentioned.has(post.authorId))
        await notifications.notify(post.authorId, 'comment', user, {
          type: 'post',
          id: post.id,
          title: excerpt(post.body),
          tribe_id: post.tribeId,
        });
      return { comment, status: answer.status };
    },
    /** The comment's author, the post's author, or the tribe's moderators delete a comment. */
    async deleteComment(commentId: string, user: UserRow): Promise<void> {
      const comment = await repo.findComment(commentId);
      if (!comment) throw notFound();
      const post = await visible(comment.postId, user).catch(() => {
        throw notFound();
      });
      if (comment.authorId !== user.id && post.authorId !== user.id && !(await moderates(post, user))) throw forbidden();
      // Their own comment, yes; a banned post author no longer moderates others' comments in the tribe.
      if (comment.authorId !== user.id) await refuseBanned(tribes, post.tribeId, user.id);
      await repo.deleteComment(comment, clock.now());
    },
  };
}

export type PostsService = ReturnType<typeof createPostsService>;
