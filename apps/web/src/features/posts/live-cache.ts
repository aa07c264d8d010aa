import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Comment, Page } from '@tribes/shared';
import { postKeys } from '../../lib/query-keys';
import { dropPostFrom, patchPostIn } from './post-cache';

type CommentPages = InfiniteData<Page<Comment>>;

/**
 * A comment pushed live, added to a loaded comment list (oldest first) once: at the end when the
 * last page is loaded, otherwise it comes with that page later.
 */
export function appendComment(data: CommentPages | undefined, comment: Comment): CommentPages | undefined {
  if (!data || data.pages.length === 0) return data;
  if (data.pages.some((p) => p.items.some((c) => c.id === comment.id))) return data;
  const last = data.pages[data.pages.length - 1]!;
  if (last.next_cursor) return data;
  return { ...data, pages: [...data.pages.slice(0, -1), { ...last, items: [...last.items, comment] }] };
}

/** '.comment.created': the count on every cached copy of the post, and the comment in its list. */
export function applyLiveComment(client: QueryClient, comment: Comment, commentCount: number, meId: string | null): void {
  client.setQueriesData({ queryKey: postKeys.all }, (data: unknown) =>
    patchPostIn(data, comment.post_id, (p) => ({ ...p, comment_count: commentCount })),
  );
  // The server presents the comment for its author; another reader may not delete it.
  const mine = comment.author.id === meId;
  const seen = { ...comment, can_delete: comment.can_delete && mine, can_edit: comment.can_edit && mine };
  client.setQueryData<CommentPages>(postKeys.comments(comment.post_id), (data) => appendComment(data, seen));
}

/** '.post.deleted': the post leaves every cached list. */
export function applyLivePostDeleted(client: QueryClient, postId: string): void {
  client.setQueriesData({ queryKey: postKeys.all }, (data: unknown) => dropPostFrom(data, postId));
  client.removeQueries({ queryKey: postKeys.comments(postId) });
}
