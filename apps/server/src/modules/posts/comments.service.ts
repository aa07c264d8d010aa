import type { Comment, ContentLang, Page } from '@tribes/shared';
import { detectLanguage } from '#src/core/language.js';
import { CHANNELS } from '@tribes/shared';
import type { Clock } from '#src/core/clock.js';
import { readTimeCursor, timeCursor } from '#src/core/cursor.js';
import { onceIfKeyed, requestHash } from '#src/core/db/idempotency.js';
import type { Transact } from '#src/core/db/transaction.js';
import { forbidden, notFound } from '#src/core/errors.js';
import type { Storage } from '#src/core/storage.js';
import type { Realtime } from '#src/realtime/realtime.js';
import type { NotificationsService } from '../notifications/index.js';
import { type TribeReads, refuseBanned } from '../tribes/index.js';
import type { UserRow } from '../users/index.js';
import { excerpt, type NotifyMentions } from './post-mentions.js';
import type { PostReading } from './post-reading.js';
import { presentComment } from './posts.presenter.js';
import type { PostsRepo } from './posts.repo.js';

interface Deps {
  /** Transactions (core/db): the repos never hand their connection out. */
  transact: Transact;
  realtime: Pick<Realtime, 'emit'>;
  notifications: Pick<NotificationsService, 'notify'>;
  notifyMentions: NotifyMentions;
  repo: PostsRepo;
  /** Who may see a post and who moderates its tribe (shared with the feed and posts services). */
  reading: PostReading;
  tribes: TribeReads;
  storage: Storage;
  clock: Clock;
}

/** Comments under posts: reading them, writing one (and who hears of it), deleting one. */
export function createCommentsService({
  repo,
  reading,
  tribes,
  storage,
  clock,
  realtime,
  notifications,
  notifyMentions,
  transact,
}: Deps) {
  const { visible, moderates, scopeFor } = reading;
  return {
    async comments(id: string, viewer: UserRow | null, q: { cursor?: string; limit: number }): Promise<Page<Comment>> {
      const post = await visible(id, viewer);
      const mod = await moderates(post, viewer);
      const rows = await repo.listComments(post.id, await scopeFor(viewer), readTimeCursor(q.cursor), q.limit + 1);
      const items = rows.slice(0, q.limit);
      const last = items[items.length - 1];
      return {
        items: items.map((r) =>
          presentComment(
            r,
            storage,
            !!viewer && (mod || r.comment.authorId === viewer.id || post.authorId === viewer.id),
            !!viewer && r.comment.authorId === viewer.id,
          ),
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
            comment_id: (
              await repo.insertComment(
                { postId: post.id, authorId: user.id, body, lang: detectLanguage(body), createdAt: now },
                tx,
              )
            ).id,
          }),
        ),
      );
      const row = await repo.findCommentById(answer.body.comment_id);
      if (!row) throw notFound();
      const author = { id: user.id, name: user.name, avatarKey: user.avatarKey };
      const comment = presentComment({ comment: row, author }, storage, true, true);
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
    /** The comment's author corrects its detected language (null: unknown). */
    async setCommentLang(commentId: string, user: UserRow, lang: ContentLang | null): Promise<Comment> {
      const comment = await repo.findComment(commentId);
      if (!comment) throw notFound();
      const post = await visible(comment.postId, user).catch(() => {
        throw notFound();
      });
      if (comment.authorId !== user.id) throw forbidden();
      await refuseBanned(tribes, post.tribeId, user.id);
      await repo.setCommentLang(comment.id, lang);
      const row = await repo.findCommentById(comment.id);
      if (!row) throw notFound();
      const author = { id: user.id, name: user.name, avatarKey: user.avatarKey };
      return presentComment({ comment: row, author }, storage, true, true);
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

export type CommentsService = ReturnType<typeof createCommentsService>;
