import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { postsEndpoints as endpoints, type ContentLang, type Post } from '@tribes/shared';
import { api } from '../../app/api';
import type { FieldErrorsHandler } from '../../lib/api-client';
import { dataSaverOn } from '../../lib/data-saver';
import { POST_PAGE_SIZE, readFeedPage } from '../../lib/feed-page';
import { viaOutbox, type DirectOptions } from '../../lib/offline/outbox';
import { tribeKeys } from '../../lib/query-keys';
import { applyMark, dropPostFrom, patchPostIn, type PostMark } from './post-cache';
import { postKeys, type ReportStatus } from '../../lib/query-keys';

/** The query keys live in lib/query-keys, where other features may read them too. */
export { postKeys, type ReportStatus };

export type { ExplorePage, ModerationEntry } from '@tribes/shared';

const PAGE_SIZE = POST_PAGE_SIZE;

/** The page a list asks for: after `cursor` (none for the first page), PAGE_SIZE posts. */
type PageAsk = { cursor: string | undefined; limit: number };

/** An infinite list of posts from a cursor-paged endpoint, each page read by `read`. */
function usePostPages<P extends { next_cursor: string | null }>(
  key: readonly unknown[],
  read: (page: PageAsk, signal: AbortSignal) => Promise<P>,
  enabled = true,
) {
  return useInfiniteQuery({
    queryKey: key,
    enabled,
    initialPageParam: '',
    // The data saver asks for half as many posts at a time (and so half as many photos).
    queryFn: ({ pageParam, signal }) =>
      read({ cursor: pageParam || undefined, limit: dataSaverOn() ? Math.ceil(PAGE_SIZE / 2) : PAGE_SIZE }, signal),
    getNextPageParam: (last: P) => last.next_cursor ?? undefined,
  });
}

// The same reader as the start's early ask of /home's first page (app/first-queries), which this list adopts.
export const useFeed = () => usePostPages(postKeys.feed, (query, signal) => readFeedPage(query.cursor, signal));
export const useExplore = (q: string) =>
  usePostPages(
    postKeys.explore(q),
    async (page, signal) => (await api.call(endpoints.explore, { query: { q: q || undefined, ...page } }, { signal })).data,
  );
export const useTribePosts = (ref: string) =>
  usePostPages(
    postKeys.tribe(ref),
    async (query, signal) => (await api.call(endpoints.tribePosts, { params: { id: ref }, query }, { signal })).data,
  );
export const useUserPosts = (id: string, enabled = true) =>
  usePostPages(
    postKeys.user(id),
    async (query, signal) => (await api.call(endpoints.userPosts, { params: { id }, query }, { signal })).data,
    enabled,
  );
export const useFavouritePosts = () =>
  usePostPages(postKeys.favourites, async (query, signal) => (await api.call(endpoints.favourites, { query }, { signal })).data);
export const useHiddenPosts = () =>
  usePostPages(postKeys.hidden, async (query, signal) => (await api.call(endpoints.hidden, { query }, { signal })).data);

/** Writes one post answered by the server into every cached list. */
export function storePost(client: QueryClient, post: Post) {
  client.setQueriesData({ queryKey: postKeys.all }, (data: unknown) => patchPostIn(data, post.id, () => post));
}

/** The new post, as POST /v1/posts takes it: multipart with files "images" and one "alt" per image. */
export interface NewPost {
  body: string;
  tribe_id?: string;
  visibility: 'public' | 'tribe';
  images: File[];
  alt: string[];
}

/**
 * Publishes a post; offline (or when the send gets no answer) it waits in the outbox with its photos
 * and answers null, to be sent with its Idempotency-Key once the network is back.
 */
export function useCreatePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ post, onFieldErrors }: { post: NewPost; onFieldErrors?: FieldErrorsHandler }) => {
      const form = new FormData();
      form.append('body', post.body);
      if (post.tribe_id) form.append('tribe_id', post.tribe_id);
      form.append('visibility', post.visibility);
      post.images.forEach((file, i) => {
        form.append('alt', post.alt[i] ?? '');
        form.append('images', file, file.name);
      });
      const write = {
        kind: 'post' as const,
        body: post.body,
        ...(post.tribe_id ? { tribe_id: post.tribe_id } : {}),
        visibility: post.visibility,
        photos: post.images.map((blob, i) => ({ blob, name: blob.name, alt: post.alt[i] ?? '' })),
      };
      return viaOutbox(write, async (o) => (await api.call(endpoints.create, { form }, { onFieldErrors, ...o })).data.post);
    },
    onSuccess: (post) => {
      if (post) void client.invalidateQueries({ queryKey: postKeys.all });
    },
  });
}

export function useUpdatePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body, onFieldErrors }: { id: string; body: string; onFieldErrors?: FieldErrorsHandler }) =>
      (await api.call(endpoints.update, { params: { id }, body: { body } }, { onFieldErrors })).data.post,
    onSuccess: (post) => storePost(client, post),
  });
}

export function useDeletePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => api.call(endpoints.remove, { params: { id } }),
    onSuccess: (_answer, id) => {
      client.setQueriesData({ queryKey: postKeys.all }, (data: unknown) => dropPostFrom(data, id));
      void client.invalidateQueries({ queryKey: postKeys.allReports });
    },
  });
}

/** The endpoints that set and clear each mark. */
const markEndpoints = {
  like: { on: endpoints.like, off: endpoints.unlike },
  favourite: { on: endpoints.favourite, off: endpoints.unfavourite },
  hide: { on: endpoints.hide, off: endpoints.unhide },
} as const;

/**
 * Like, favourite or hide (POST to set, DELETE to clear), shown at once in every list; rolled back
 * if the server refuses, then replaced by the server's post.
 */
export function useMarkPost(kind: PostMark) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ post, on }: { post: Post; on: boolean }) => {
      const direct = async (o?: DirectOptions) =>
        (await api.call(markEndpoints[kind][on ? 'on' : 'off'], { params: { id: post.id } }, { notifySuccess: false, ...o })).data
          .post;
      // A like waits in the outbox offline (shown at once, sent later); favourites and hides need the network.
      return kind === 'like' ? viaOutbox({ kind: 'like', post_id: post.id, on }, direct) : direct();
    },
    onMutate: async ({ post, on }) => {
      await client.cancelQueries({ queryKey: postKeys.all });
      const before = client.getQueriesData({ queryKey: postKeys.all });
      client.setQueriesData({ queryKey: postKeys.all }, (data: unknown) =>
        patchPostIn(data, post.id, (p) => applyMark(p, kind, on)),
      );
      return { before };
    },
    onError: (_err, _vars, context) => {
      for (const [key, data] of context?.before ?? []) client.setQueryData(key, data);
    },
    onSuccess: (post) => {
      // null: a like kept in the outbox; the list keeps showing it as given.
      if (!post) return;
      storePost(client, post);
      // Hiding changes which lists hold the post; favourites has its own list too.
      if (kind !== 'like') void client.invalidateQueries({ queryKey: postKeys.all, refetchType: 'inactive' });
      if (kind === 'favourite') void client.invalidateQueries({ queryKey: postKeys.favourites });
      if (kind === 'hide') void client.invalidateQueries({ queryKey: postKeys.hidden });
    },
  });
}

/** GET /v1/posts/{id}/comments, oldest first, page by page (only once the list is opened). */
export function useComments(postId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: postKeys.comments(postId),
    enabled,
    initialPageParam: '',
    queryFn: async ({ pageParam, signal }) =>
      (
        await api.call(
          endpoints.comments,
          { params: { id: postId }, query: { cursor: pageParam || undefined, limit: 20 } },
          { signal },
        )
      ).data,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

const bumpComments = (client: QueryClient, postId: string, by: number) =>
  client.setQueriesData({ queryKey: postKeys.all }, (data: unknown) =>
    patchPostIn(data, postId, (p) => ({ ...p, comment_count: Math.max(0, p.comment_count + by) })),
  );

export function useAddComment(postId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, onFieldErrors }: { body: string; onFieldErrors?: FieldErrorsHandler }) =>
      viaOutbox(
        { kind: 'comment', post_id: postId, body },
        async (o) =>
          (
            await api.call(
              endpoints.addComment,
              { params: { id: postId }, body: { body } },
              { onFieldErrors, notifySuccess: false, ...o },
            )
          ).data.comment,
      ),
    onSuccess: (comment) => {
      // null: kept in the outbox, shown under the post as waiting.
      if (!comment) return;
      bumpComments(client, postId, 1);
      void client.invalidateQueries({ queryKey: postKeys.comments(postId) });
    },
  });
}

export function useDeleteComment(postId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => api.call(endpoints.deleteComment, { params: { id } }),
    onSuccess: () => {
      bumpComments(client, postId, -1);
      void client.invalidateQueries({ queryKey: postKeys.comments(postId) });
    },
  });
}

export function useReportPost() {
  return useMutation({
    mutationFn: async ({ id, reason, onFieldErrors }: { id: string; reason: string; onFieldErrors?: FieldErrorsHandler }) =>
      api.call(endpoints.report, { params: { id }, body: { reason } }, { onFieldErrors }),
  });
}

/** GET /v1/tribes/{id}/reports?status= (leaders and moderators). */
export function useReports(tribeRef: string, status: ReportStatus) {
  return useInfiniteQuery({
    queryKey: postKeys.reports(tribeRef, status),
    initialPageParam: '',
    queryFn: async ({ pageParam, signal }) =>
      (
        await api.call(
          endpoints.reports,
          { params: { id: tribeRef }, query: { status, cursor: pageParam || undefined, limit: 20 } },
          { signal },
        )
      ).data,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

export type ReportAction = 'dismiss' | 'delete_post' | 'ban_author';

export function useResolveReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action, note }: { id: string; action: ReportAction; note: string }) =>
      api.call(endpoints.resolveReport, { params: { id }, body: { action, note } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: postKeys.allReports });
      void client.invalidateQueries({ queryKey: postKeys.all });
      void client.invalidateQueries({ queryKey: tribeKeys.all });
    },
  });
}

/** GET /v1/tribes/{id}/moderation_log. */
export function useModerationLog(tribeRef: string) {
  return useQuery({
    queryKey: postKeys.log(tribeRef),
    queryFn: async ({ signal }) => (await api.call(endpoints.moderationLog, { params: { id: tribeRef } }, { signal })).data.items,
  });
}

/** The author's correction of a post's detected language (PATCH /v1/posts/{id} { lang }; null: unknown). */
export function useSetPostLang() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, lang }: { id: string; lang: ContentLang | null }) =>
      (await api.call(endpoints.update, { params: { id }, body: { lang } })).data.post,
    onSuccess: (post) => storePost(client, post),
  });
}

/** The author's correction of a comment's detected language (PATCH /v1/comments/{id} { lang }). */
export function useSetCommentLang(postId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, lang }: { id: string; lang: ContentLang | null }) =>
      (await api.call(endpoints.updateComment, { params: { id }, body: { lang } })).data.comment,
    onSuccess: () => void client.invalidateQueries({ queryKey: postKeys.comments(postId) }),
  });
}
