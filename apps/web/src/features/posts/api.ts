import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Comment, ExplorePage, ModerationEntry, Page, Post, PostReport } from '@tribes/shared';
import { api } from '../../app/api';
import type { FieldErrorsHandler } from '../../lib/api-client';
import { tribeKeys } from '../tribes/api';
import { applyMark, dropPostFrom, patchPostIn, type PostMark } from './post-cache';

/** Query keys: every list of posts sits under 'posts', so one write can refresh or patch them all. */
export const postKeys = {
  all: ['posts'] as const,
  feed: ['posts', 'feed'] as const,
  explore: (q: string) => ['posts', 'explore', q] as const,
  tribe: (ref: string) => ['posts', 'tribe', ref] as const,
  user: (id: string) => ['posts', 'user', id] as const,
  favourites: ['posts', 'favourites'] as const,
  hidden: ['posts', 'hidden'] as const,
  comments: (postId: string) => ['comments', postId] as const,
  allReports: ['reports'] as const,
  reports: (tribeRef: string, status: ReportStatus) => ['reports', tribeRef, status] as const,
  log: (tribeRef: string) => ['reports', tribeRef, 'log'] as const,
};

export type ReportStatus = PostReport['status'];

export type { ExplorePage, ModerationEntry } from '@tribes/shared';

const PAGE_SIZE = 10;
const enc = encodeURIComponent;

function query(params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) search.set(k, v);
  const s = search.toString();
  return s ? `?${s}` : '';
}

/** An infinite list of posts from a cursor-paged endpoint. */
function usePostPages<P extends Page<Post> = Page<Post>>(
  key: readonly unknown[],
  path: string,
  params: Record<string, string | undefined> = {},
  enabled = true,
) {
  return useInfiniteQuery({
    queryKey: key,
    enabled,
    initialPageParam: '',
    queryFn: async ({ pageParam, signal }) =>
      (await api.request<P>(`${path}${query({ ...params, cursor: pageParam, limit: String(PAGE_SIZE) })}`, { signal })).data,
    getNextPageParam: (last: P) => last.next_cursor ?? undefined,
  });
}

export const useFeed = () => usePostPages(postKeys.feed, '/v1/feed');
export const useExplore = (q: string) => usePostPages<ExplorePage>(postKeys.explore(q), '/v1/explore', { q });
export const useTribePosts = (ref: string) => usePostPages(postKeys.tribe(ref), `/v1/tribes/${enc(ref)}/posts`);
export const useUserPosts = (id: string, enabled = true) =>
  usePostPages(postKeys.user(id), `/v1/users/${enc(id)}/posts`, {}, enabled);
export const useFavouritePosts = () => usePostPages(postKeys.favourites, '/v1/me/favourite_posts');
export const useHiddenPosts = () => usePostPages(postKeys.hidden, '/v1/me/hidden_posts');

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
      return (await api.request<{ post: Post }>('/v1/posts', { method: 'POST', form, onFieldErrors })).data.post;
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: postKeys.all }),
  });
}

export function useUpdatePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body, onFieldErrors }: { id: string; body: string; onFieldErrors?: FieldErrorsHandler }) =>
      (await api.request<{ post: Post }>(`/v1/posts/${enc(id)}`, { method: 'PATCH', body: { body }, onFieldErrors })).data.post,
    onSuccess: (post) => storePost(client, post),
  });
}

export function useDeletePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => api.request<object>(`/v1/posts/${enc(id)}`, { method: 'DELETE' }),
    onSuccess: (_answer, id) => {
      client.setQueriesData({ queryKey: postKeys.all }, (data: unknown) => dropPostFrom(data, id));
      void client.invalidateQueries({ queryKey: postKeys.allReports });
    },
  });
}

/**
 * Like, favourite or hide (POST to set, DELETE to clear), shown at once in every list; rolled back
 * if the server refuses, then replaced by the server's post.
 */
export function useMarkPost(kind: PostMark) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ post, on }: { post: Post; on: boolean }) =>
      (
        await api.request<{ post: Post }>(`/v1/posts/${enc(post.id)}/${kind}`, {
          method: on ? 'POST' : 'DELETE',
          notifySuccess: false,
        })
      ).data.post,
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
        await api.request<Page<Comment>>(`/v1/posts/${enc(postId)}/comments${query({ cursor: pageParam, limit: '20' })}`, {
          signal,
        })
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
      (
        await api.request<{ comment: Comment }>(`/v1/posts/${enc(postId)}/comments`, {
          method: 'POST',
          body: { body },
          onFieldErrors,
          notifySuccess: false,
        })
      ).data.comment,
    onSuccess: () => {
      bumpComments(client, postId, 1);
      void client.invalidateQueries({ queryKey: postKeys.comments(postId) });
    },
  });
}

export function useDeleteComment(postId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => api.request<object>(`/v1/comments/${enc(id)}`, { method: 'DELETE' }),
    onSuccess: () => {
      bumpComments(client, postId, -1);
      void client.invalidateQueries({ queryKey: postKeys.comments(postId) });
    },
  });
}

export function useReportPost() {
  return useMutation({
    mutationFn: async ({ id, reason, onFieldErrors }: { id: string; reason: string; onFieldErrors?: FieldErrorsHandler }) =>
      api.request<object>(`/v1/posts/${enc(id)}/report`, { method: 'POST', body: { reason }, onFieldErrors }),
  });
}

/** GET /v1/tribes/{id}/reports?status= (leaders and moderators). */
export function useReports(tribeRef: string, status: ReportStatus) {
  return useInfiniteQuery({
    queryKey: postKeys.reports(tribeRef, status),
    initialPageParam: '',
    queryFn: async ({ pageParam, signal }) =>
      (
        await api.request<Page<PostReport>>(
          `/v1/tribes/${enc(tribeRef)}/reports${query({ status, cursor: pageParam, limit: '20' })}`,
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
      api.request<object>(`/v1/reports/${enc(id)}/resolve`, { method: 'POST', body: { action, note } }),
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
    queryFn: async ({ signal }) =>
      (await api.request<Page<ModerationEntry>>(`/v1/tribes/${enc(tribeRef)}/moderation_log`, { signal })).data.items,
  });
}
