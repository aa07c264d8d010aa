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
import { CACHE_USED_CODE, isKeptMediaPath, isReadableApiPath, OFFLINE_CACHES } from '../src/lib/offline-caches';
import { notificationTarget, readPush } from './push-payload';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

// A new version takes over at once: the shell it serves is only a fallback, and pages are never mixed
// across versions because every navigation goes to the network first.
self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(Promise.all([self.clients.claim(), keepReadingCode()])));

/** Whether the phone asks to save data (Chromium's Save-Data): then nothing is downloaded ahead of use. */
const savesData = () => (navigator as WorkerNavigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;

/** Stores each URL not yet in the code cache (from the HTTP cache when the page has just loaded it). */
async function keep(urls: readonly string[]) {
  const cache = await caches.open(OFFLINE_CACHES.code);
  for (const url of urls) {
    if (!url.startsWith('/assets/') || (await cache.match(url))) continue;
    await cache.add(url).catch(() => undefined);
  }
}

/**
 * The code of the pages a member reads offline (the feed, a tribe, a course and its lessons: issue 17), kept
 * after install so they open offline even if never opened online; never on data saver (issue 42).
 */
async function keepReadingCode() {
  if (savesData()) return;
  const list = (await matchPrecache('/reading-code.json'))?.json() ?? [];
  await keep(((await list) as unknown[]).filter((url): url is string => typeof url === 'string'));
}

// The code the page loaded before this worker controlled it (a first visit): kept now, so a reload offline
// finds it (from the HTTP cache: no new bytes).
self.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown; urls?: unknown } | null;
  if (data?.type !== CACHE_USED_CODE || !Array.isArray(data.urls)) return;
  event.waitUntil(keep(data.urls.filter((url): url is string => typeof url === 'string')));
});

// Navigations: the network first (the server renders preview tags and knows the latest build); offline,
// the precached shell, which shows the app's own offline state instead of the browser's error page.
self.addEventListener('fetch', (event) => {
  if (event.request.mode !== 'navigate') return;
  event.respondWith(fetch(event.request).catch(async () => (await matchPrecache('/index.html')) ?? Response.error()));
});

const sameOrigin = (url: URL) => url.origin === self.location.origin;
const ok = new CacheableResponsePlugin({ statuses: [200] });

// The app's code beyond the shell, as it is used: hashed names never change, so the cache answers first.
registerRoute(
  ({ url, request }) => sameOrigin(url) && request.method === 'GET' && url.pathname.startsWith('/assets/'),
  new CacheFirst({
    cacheName: OFFLINE_CACHES.code,
    plugins: [ok, new ExpirationPlugin({ maxEntries: 300, purgeOnQuotaError: true })],
  }),
);

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
