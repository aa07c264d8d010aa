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
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
