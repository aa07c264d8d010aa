import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { ECHO_CHANNELS, type Post } from '@tribes/shared';
import { useCallback, useMemo, useState } from 'react';
import { useSession } from '../../lib/session/session-store';
import { postKeys } from '../../lib/query-keys';
import { applyLiveComment, applyLivePostDeleted } from './live-cache';
import { useRealtimeEvent } from '../../lib/realtime/use-realtime-event';

/**
 * Live updates of the user's tribes: new posts are collected (not pushed into the list under the
 * reader's eyes) until `showNew` refreshes the list they belong to (`feedKey`: the home feed, or a
 * tribe's posts); comments and deletions apply to the caches at once.
 */
export function useTribeLiveFeed(tribeIds: readonly string[], feedKey: QueryKey = postKeys.feed) {
  const client = useQueryClient();
  const meId = useSession().userData?.id ?? null;
  const [pending, setPending] = useState<Post[]>([]);
  const channels = useMemo(() => tribeIds.filter(Boolean).map((id) => ECHO_CHANNELS.tribe(id)), [tribeIds]);

  useRealtimeEvent(channels, 'post.created', ({ post }) => {
    if (post.author.id === meId) return;
    setPending((list) => (list.some((p) => p.id === post.id) ? list : [post, ...list]));
  });
  useRealtimeEvent(channels, 'post.deleted', ({ post_id }) => {
    setPending((list) => list.filter((p) => p.id !== post_id));
    applyLivePostDeleted(client, post_id);
  });
  useRealtimeEvent(channels, 'comment.created', ({ comment, comment_count }) => {
    applyLiveComment(client, comment, comment_count, meId);
  });

  /** Shows the new posts: the feed is fetched again from its start. */
  const showNew = useCallback(async () => {
    setPending([]);
    await client.resetQueries({ queryKey: feedKey });
    void client.invalidateQueries({ queryKey: postKeys.all, refetchType: 'none' });
  }, [client, feedKey]);

  return { newPosts: pending, count: pending.length, showNew };
}
