import { useQueryClient } from '@tanstack/react-query';
import { ECHO_CHANNELS } from '@tribes/shared';
import type { AppNotification } from '@tribes/shared';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSession } from '../../lib/session/session-store';
import { notificationKeys, storeLiveNotification, useMarkNotificationsRead, useNotificationPages } from './notifications-api';
import { useConnectionState } from '../../lib/realtime/realtime-store';
import { useRealtimeEvent } from '../../lib/realtime/use-realtime-event';

/** The bell: notifications (fetched, then live from the user's channel), unread count, mark read. */
export function useNotifications() {
  const client = useQueryClient();
  const userId = useSession().userData?.id ?? null;
  const pages = useNotificationPages(userId);
  const mark = useMarkNotificationsRead(userId);
  const state = useConnectionState();
  /** The last notification pushed live, for a screen-reader announcement. */
  const [latest, setLatest] = useState<AppNotification | null>(null);
  const channels = useMemo(() => (userId ? [ECHO_CHANNELS.user(userId)] : []), [userId]);

  useRealtimeEvent(channels, 'notification.created', ({ notification, unread_count }) => {
    if (!userId) return;
    storeLiveNotification(client, userId, notification, unread_count);
    setLatest(notification);
  });

  // Back after a lost connection: what arrived meanwhile was not pushed to us, so fetch the list again.
  const wasLost = useRef(false);
  useEffect(() => {
    if (state === 'unavailable' || state === 'disconnected') wasLost.current = true;
    if (state === 'connected' && wasLost.current && userId) {
      wasLost.current = false;
      void client.invalidateQueries({ queryKey: notificationKeys.user(userId) });
    }
  }, [state, userId, client]);

  const items = useMemo(() => pages.data?.pages.flatMap((p) => p.items) ?? [], [pages.data]);
  const unread = pages.data?.pages[0]?.unread_count ?? 0;
  const markAll = useCallback(() => mark.mutate(null), [mark]);
  const markOne = useCallback((id: string) => mark.mutate([id]), [mark]);
  return {
    items,
    unread,
    latest,
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
