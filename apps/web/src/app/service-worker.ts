/**
 * Registers the service worker (apps/web/sw/sw.ts, built to /sw.js) once the page has loaded, so it
 * never competes with the first render for the network; only in a production build.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
