import type { CreatePostFields, Post, UpdatePostBody } from '@tribes/shared';
import { detectLanguage } from '#src/core/language.js';
import { POST_LIMITS } from '@tribes/shared';
import { CHANNELS } from '@tribes/shared';
import type { Clock } from '#src/core/clock.js';
import type { Realtime } from '#src/realtime/realtime.js';
import type { NotificationsService } from '../notifications/index.js';
import { fieldError, forbidden, notFound } from '#src/core/errors.js';
import type { Storage } from '#src/core/storage.js';
import { type TribeReads, refuseBanned } from '../tribes/index.js';
import type { UserRow } from '../users/index.js';
import { removeStoredImage, storePostImage, type StoredImage } from './images.js';
import type { ModerationRepo } from './moderation.repo.js';
import { excerpt, type NotifyMentions } from './post-mentions.js';
import type { PostReading } from './post-reading.js';
import type { PostsRepo } from './posts.repo.js';
import type { Transact } from '#src/core/db/transaction.js';
import { onceIfKeyed, requestHash, type Answer } from '#src/core/db/idempotency.js';
import { createHash } from 'node:crypto';

interface Deps {
  /** Transactions (core/db): the repos never hand their connection out. */
  transact: Transact;
  realtime: Pick<Realtime, 'emit'>;
  notifications: Pick<NotificationsService, 'notify'>;
  notifyMentions: NotifyMentions;
  repo: PostsRepo;
  /** Who may see a post and who moderates its tribe (shared with the feed and comments services). */
  reading: PostReading;
  moderation: ModerationRepo;
  tribes: TribeReads;
  storage: Storage;
  clock: Clock;
}

/** One post: publishing, reading, editing and deleting it, and a reader's likes, favourites and hides of it. */
export function createPostsService({
  repo,
  reading,
  moderation,
  tribes,
  storage,
  clock,
  realtime,
  notifications,
  notifyMentions,
  transact,
}: Deps) {
  const { present, visible, moderates } = reading;
  return {
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
                  lang: detectLanguage(fields.body),
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

    /** The author changes the text (its language is detected again) and/or corrects its language. */
    async update(id: string, user: UserRow, patch: UpdatePostBody): Promise<Post> {
      const post = await visible(id, user);
      if (post.authorId !== user.id) throw forbidden();
      // A member banned from the post's tribe may delete the post, no longer change it.
      await refuseBanned(tribes, post.tribeId, user.id);
      const { body, lang } = patch;
      const text = body === undefined ? {} : { body, editedAt: clock.now(), lang: detectLanguage(body) };
      const row = await repo.updatePost(post.id, { ...text, ...(lang === undefined ? {} : { lang }) });
      // Only people the edit names for the first time hear of it.
      if (body !== undefined) await notifyMentions(row.body, row, user, row.id);
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
  };
}

export type PostsService = ReturnType<typeof createPostsService>;
