import { useQueryClient } from '@tanstack/react-query';
import { ECHO_CHANNELS } from '@tribes/shared';
import { useCallback, useMemo } from 'react';
import { useSession } from '../auth/session-store';
import { storeLiveNotification, useMarkNotificationsRead, useNotificationPages } from './notifications-api';
import { useRealtimeEvent } from './use-realtime-event';

/** The bell: notifications (fetched, then live from the user's channel), unread count, mark read. */
export function useNotifications() {
  const client = useQueryClient();
  const userId = useSession().userData?.id ?? null;
  const pages = useNotificationPages(Boolean(userId));
  const mark = useMarkNotificationsRead();
  const channels = useMemo(() => (userId ? [ECHO_CHANNELS.user(userId)] : []), [userId]);

  useRealtimeEvent(channels, 'notification.created', ({ notification, unread_count }) => {
    if (client.getQueryData(['notifications'])) storeLiveNotification(client, notification, unread_count);
    else void client.invalidateQueries({ queryKey: ['notifications'] });
  });

  const items = useMemo(() => pages.data?.pages.flatMap((p) => p.items) ?? [], [pages.data]);
  const unread = pages.data?.pages[0]?.unread_count ?? 0;
  const markAll = useCallback(() => mark.mutate(null), [mark]);
  const markOne = useCallback((id: string) => mark.mutate([id]), [mark]);
  return {
    items,
    unread,
    isLoading: pages.isLoading,
    isError: pages.isError,
    hasMore: Boolean(pages.hasNextPage),
    loadMore: () => void pages.fetchNextPage(),
    loadingMore: pages.isFetchingNextPage,
    markAll,
    markOne,
    marking: mark.isPending,
  };
}
