import type { Clock } from '#src/core/clock.js';
import type { NotificationsService } from '../notifications/index.js';
import type { UserRow } from '../users/index.js';
import { matchMentions, mentionCandidates } from './mentions.js';
import type { PostRow, PostsRepo } from './posts.repo.js';

/** A post's body as a notification's title: its first 80 characters. */
export const excerpt = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);

/** Telling people a post or a comment @mentions them (the posts and comments services share it). */
export function createMentionNotices({
  repo,
  notifications,
  clock,
}: {
  repo: Pick<PostsRepo, 'mentionable' | 'markMentioned'>;
  notifications: Pick<NotificationsService, 'notify'>;
  clock: Clock;
}) {
  /**
   * Tells the people a post's or comment's body @mentions (mentions.ts) who may see the post: its
   * tribe's active members, anyone for a post without a tribe; never the writer, nobody across a block
   * with the writer or the post's author, each person once per post or comment (an edit does not tell
   * them again). Answers who was told now.
   */
  return async function notifyMentions(text: string, post: PostRow, writer: UserRow, sourceId: string): Promise<Set<string>> {
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
  };
}

export type NotifyMentions = ReturnType<typeof createMentionNotices>;
