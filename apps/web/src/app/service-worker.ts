import { dataSaverOn } from '../lib/data-saver';
import { KEEP_CODE, type KeepCodeMessage } from '../lib/offline-caches';
import { sessionStore } from '../lib/session/session-store';

/** What the page does once the service worker controls it for the first time. */
export interface ServiceWorkerHooks {
  /** The worker controls the page now: data read before it did was not kept for offline; read it again. */
  onFirstControl?(): void;
  /** Registration waits for this too (the page's main content painted), not only for the page's load. */
  after?: Promise<void>;
}

/** The app's code this page has loaded so far (same origin, /assets/), as the browser's resource timing lists it. */
function usedCode(): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === window.location.origin && url.pathname.startsWith('/assets/'))
    .map((url) => url.pathname);
}

/**
 * Tells the worker what to keep (issue 42: its precache holds the shell only): the code this page loaded before
 * the worker controlled it, and, on a returning visit (the worker already controlled the page when it loaded)
 * of a signed-in member whose data saver is off, the reading pages' code ahead (sw/sw.ts). Never on a first
 * visit: a person who taps a link arrives with nothing cached, and the page alone is what they download until
 * it is idle (DESIGN 11.6). Sent again when a visitor signs in on this page.
 */
function tellWorkerWhatToKeep(registration: ServiceWorkerRegistration, returning: boolean) {
  let aheadSent = false;
  const send = () => {
    const ahead = returning && sessionStore.get().isLoggedIn && !dataSaverOn();
    aheadSent ||= ahead;
    const message: KeepCodeMessage = { type: KEEP_CODE, used: usedCode(), ahead };
    registration.active?.postMessage(message);
  };
  send();
  if (!returning) return;
  const stop = sessionStore.subscribe(() => {
    if (aheadSent) stop();
    else if (sessionStore.get().isLoggedIn) send();
  });
}

/**
 * Registers the service worker (apps/web/sw/sw.ts, built to /sw.js) once the page has loaded and `hooks.after`
 * has settled, so neither its install nor the refetch its first control asks for competes with the first render
 * for the network (issue 42: on the slow phone the worker took control at 7.2 s and /home's feed and /me were
 * asked again before the first post); only in a production build.
 */
export function registerServiceWorker(hooks: ServiceWorkerHooks = {}): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  const returning = container.controller !== null;
  if (!container.controller) {
    container.addEventListener('controllerchange', () => hooks.onFirstControl?.(), { once: true });
  }
  const register = () => {
    container.register('/sw.js', { scope: '/' }).catch(() => undefined);
    // Once the worker controls the page: what the page loads from then on goes through it and is kept as used.
    const controlled = new Promise<void>((resolve) => {
      if (container.controller) resolve();
      else container.addEventListener('controllerchange', () => resolve(), { once: true });
    });
    void Promise.all([container.ready, controlled]).then(([registration]) => tellWorkerWhatToKeep(registration, returning));
  };
  const loaded = new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });
  void Promise.all([loaded, hooks.after]).then(register);
}
