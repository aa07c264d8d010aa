/// <reference lib="webworker" />
/**
 * The service worker (issues 15 and 17), built by vite-plugin-pwa (injectManifest) into /sw.js: it
 * keeps the app shell for a navigation made offline, keeps what a member reads for reading offline
 * (workbox strategies), shows Web Push notifications (DESIGN 10.3: `{ type, title, body, url }`,
 * already in the member's language) and opens the page a notification is about.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, getCacheKeyForURL, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { CODE_KEPT, isKeptMediaPath, isReadableApiPath, OFFLINE_CACHES, readKeepCode } from '../src/lib/offline-caches';
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

// The app's code beyond the precached shell (issue 42), cached as it is used: hashed names never change, so the
// cache answers first. `ignoreVary`: a response that varies on Origin (a module script sends one, a request from
// here does not) was never found again for the page, and a lesson opened offline stayed blank (decision 027);
// the server no longer varies assets on Origin, and a proxy that does must not bring it back. The 200 most
// recently used.
const code = new CacheFirst({
  cacheName: OFFLINE_CACHES.code,
  matchOptions: { ignoreVary: true },
  plugins: [ok, new ExpirationPlugin({ maxEntries: 200, purgeOnQuotaError: true })],
});
const isCode = (url: URL) => sameOrigin(url) && url.pathname.startsWith('/assets/');
registerRoute(({ url, request }) => isCode(url) && request.method === 'GET', code);

/** Whether the phone asks to save data (Save-Data): then nothing is fetched ahead, whatever the page says. */
const savesData = () => (navigator as WorkerNavigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;

/**
 * Keeps each file not precached through the code route (so it counts for the expiry), one after the other (a
 * phone's link is not flooded); a failure is left for the file's next use.
 */
async function keep(event: ExtendableEvent, urls: readonly string[], init: RequestInit = {}) {
  for (const url of urls) {
    if (getCacheKeyForURL(url)) continue;
    await code.handle({ event, request: new Request(url, init) }).catch(() => undefined);
  }
}

/** The reading pages' code (home, a tribe, a course, a lesson, with what they import on use: issue 17). */
async function readingCode(): Promise<string[]> {
  const list: unknown = await (await matchPrecache('/reading-code.json'))?.json();
  return Array.isArray(list) ? list.filter((url): url is string => typeof url === 'string') : [];
}

// The page, once this worker controls it, says what it loaded before (a first visit: kept from the browser's
// HTTP cache only, `only-if-cached`, so no new bytes) and whether to keep the reading pages' code ahead (a
// signed-in member without the data saver), so those pages open offline even before they are opened online.
self.addEventListener('message', (event) => {
  const message = readKeepCode(event.data);
  if (!message) return;
  event.waitUntil(
    (async () => {
      await keep(event, message.used, { cache: 'only-if-cached', mode: 'same-origin' });
      const ahead = message.ahead && !savesData();
      if (ahead) await keep(event, await readingCode());
      event.source?.postMessage({ type: CODE_KEPT, ahead });
    })(),
  );
});

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
