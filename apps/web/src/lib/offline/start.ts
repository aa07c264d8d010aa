import type { QueryClient } from '@tanstack/react-query';
import { OFFLINE_CACHES } from '../offline-caches';
import { sessionStore } from '../session/session-store';
import { startOutbox } from './outbox';

/** Empties what the service worker kept of a member's reading (their feed, tribe-only photos): on signing out. */
export async function forgetOfflineReading(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await Promise.all([caches.delete(OFFLINE_CACHES.api), caches.delete(OFFLINE_CACHES.media)]).catch(() => undefined);
}

/**
 * Starts the offline side of the app (main.tsx): the outbox, and forgetting the saved reading when
 * the member signs out, so the next person on a shared phone reads nothing of theirs offline.
 */
export function startOffline(queryClient: QueryClient): void {
  startOutbox(queryClient);
  let signedIn = sessionStore.get().isLoggedIn;
  sessionStore.subscribe(() => {
    const now = sessionStore.get().isLoggedIn;
    if (signedIn && !now) void forgetOfflineReading();
    signedIn = now;
  });
}
