import { CACHE_USED_CODE } from '../lib/offline-caches';

/** What the page does once the service worker controls it for the first time. */
export interface ServiceWorkerHooks {
  /** The worker controls the page now: data read before it did was not kept for offline; read it again. */
  onFirstControl?(): void;
}

/**
 * Registers the service worker (apps/web/sw/sw.ts, built to /sw.js) once the page has loaded, so it
 * never competes with the first render for the network; only in a production build.
 */
export function registerServiceWorker(hooks: ServiceWorkerHooks = {}): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  if (!container.controller) {
    container.addEventListener('controllerchange', () => hooks.onFirstControl?.(), { once: true });
  }
  const register = () => {
    container.register('/sw.js', { scope: '/' }).catch(() => undefined);
    // The worker precaches the shell only (issue 42): the code this page loaded is handed to it to keep.
    void container.ready.then((registration) => {
      const urls = performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name))
        .filter((url) => url.origin === window.location.origin && url.pathname.startsWith('/assets/'))
        .map((url) => url.pathname);
      registration.active?.postMessage({ type: CACHE_USED_CODE, urls });
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
