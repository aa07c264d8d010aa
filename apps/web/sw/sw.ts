/// <reference lib="webworker" />
/**
 * The service worker (issues 15 and 17), built by vite-plugin-pwa (injectManifest) into /sw.js: it
 * keeps the app shell for a navigation made offline, keeps what a member reads for reading offline
 * (workbox strategies), shows Web Push notifications (DESIGN 10.3: `{ type, title, body, url }`,
 * already in the member's language) and opens the page a notification is about.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { isKeptMediaPath, isReadableApiPath, OFFLINE_CACHES } from '../src/lib/offline-caches';
import { notificationTarget, readPush } from './push-payload';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

// A new version takes over at once: the shell it serves is only a fallback, and pages are never mixed
// across versions because every navigation goes to the network first.
self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

// Navigations: the network first (the server renders preview tags and knows the latest build); offline,
// the precached shell, which shows the app's own offline state instead of the browser's error page.
self.addEventListener('fetch', (event) => {
  if (event.request.mode !== 'navigate') return;
  event.respondWith(fetch(event.request).catch(async () => (await matchPrecache('/index.html')) ?? Response.error()));
});

const sameOrigin = (url: URL) => url.origin === self.location.origin;
const ok = new CacheableResponsePlugin({ statuses: [200] });

// Photos and avatars as they were seen: a month, the 400 most recent (expense receipts never).
registerRoute(
  ({ url, request }) => sameOrigin(url) && request.method === 'GET' && isKeptMediaPath(url.pathname),
  new CacheFirst({
    cacheName: OFFLINE_CACHES.media,
    plugins: [ok, new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 30 * 86_400, purgeOnQuotaError: true })],
  }),
);

// What a member reads (feed, tribes, posts, courses, lessons): always fresh from the network when it
// answers within a few seconds; the last answer when it does not, or when the phone is offline.
registerRoute(
  ({ url, request }) => sameOrigin(url) && request.method === 'GET' && isReadableApiPath(url.pathname),
  new NetworkFirst({
    cacheName: OFFLINE_CACHES.api,
    networkTimeoutSeconds: 6,
    plugins: [ok, new ExpirationPlugin({ maxEntries: 600, maxAgeSeconds: 21 * 86_400, purgeOnQuotaError: true })],
  }),
);

self.addEventListener('push', (event) => {
  const message = readPush(event.data?.text() ?? '');
  if (!message) return;
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      // One notice per kind and page: a second comment on the same post replaces the first.
      tag: `${message.type}:${message.url}`,
      dir: 'auto',
      data: { url: message.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = notificationTarget((event.notification.data as { url?: unknown } | null)?.url, self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        await open.navigate(target).catch(() => self.clients.openWindow(target));
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
