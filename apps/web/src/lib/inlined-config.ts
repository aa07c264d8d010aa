import type { PublicConfig } from '@tribes/shared';

let read = false;
let inlined: PublicConfig | null = null;

/**
 * GET /v1/config's data as the server inlined it into the served page (issue 42: no round trip before the
 * app can start its realtime client or show a price), or null where no server rendered the page (the dev
 * server, the service worker's offline copy of the shell): then the app asks the API as before.
 */
export function inlinedPublicConfig(): PublicConfig | null {
  if (read) return inlined;
  read = true;
  const text = typeof document === 'undefined' ? null : document.getElementById('public-config')?.textContent;
  if (!text) return null;
  try {
    inlined = JSON.parse(text) as PublicConfig;
  } catch {
    inlined = null;
  }
  return inlined;
}
