import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { notificationsEndpoints as endpoints, type AppNotification, type EndpointData } from '@tribes/shared';
import { api } from '../../app/api';

/** GET /v1/notifications: a page of notifications and the unread count. */
export type NotificationPage = EndpointData<typeof endpoints.list>;
export type NotificationData = InfiniteData<NotificationPage, string>;

/** Per user: a later sign-in in the same tab never sees the previous user's list. */
export const notificationKeys = {
  all: ['notifications'] as const,
  user: (userId: string) => ['notifications', userId] as const,
};

/** The newest notifications first, page by page. */
export function useNotificationPages(userId: string | null) {
  return useInfiniteQuery({
    queryKey: notificationKeys.user(userId ?? ''),
    enabled: Boolean(userId),
    initialPageParam: '',
    queryFn: async ({ pageParam, signal }) =>
      (await api.call(endpoints.list, { query: { cursor: pageParam || undefined } }, { signal })).data,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/** A notification pushed live: first in the list (once), with the server's unread count. */
export function addNotification(
  data: NotificationData | undefined,
  n: AppNotification,
  unread: number,
): NotificationData | undefined {
  if (!data || data.pages.length === 0) return data;
  const known = data.pages.some((p) => p.items.some((i) => i.id === n.id));
  const [first, ...rest] = data.pages;
  return {
    ...data,
    pages: [{ ...first!, items: known ? first!.items : [n, ...first!.items], unread_count: unread }, ...rest],
  };
}

/** The list once some (or all, ids null) were read, with the server's unread count. */
export function markRead(
  data: NotificationData | undefined,
  ids: readonly string[] | null,
  unread: number,
): NotificationData | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((p, i) => ({
      ...p,
      items: p.items.map((n) => (ids === null || ids.includes(n.id) ? { ...n, read: true } : n)),
      unread_count: i === 0 ? unread : p.unread_count,
    })),
  };
}

const setData = (
  client: QueryClient,
  userId: string,
  update: (d: NotificationData | undefined) => NotificationData | undefined,
) => client.setQueryData<NotificationData>(notificationKeys.user(userId), update);

/** Records a live notification in the cache. */
export function storeLiveNotification(client: QueryClient, userId: string, n: AppNotification, unread: number): void {
  if (client.getQueryData(notificationKeys.user(userId))) setData(client, userId, (d) => addNotification(d, n, unread));
  else void client.invalidateQueries({ queryKey: notificationKeys.user(userId) });
}

/** POST /v1/notifications/read: {} for all, or { ids }. */
export function useMarkNotificationsRead(userId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (ids: string[] | null) =>
      (await api.call(endpoints.read, { body: ids ? { ids } : {} }, { notifySuccess: false })).data.unread_count,
    onSuccess: (unread, ids) => {
      if (userId) setData(client, userId, (d) => markRead(d, ids, unread));
    },
  });
}
