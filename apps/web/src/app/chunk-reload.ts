import { CHUNK_RELOAD_WINDOW_MS } from './config';

const KEY_PREFIX = 'chunk-reload:';

/** True for the errors a browser raises when a lazily loaded chunk is gone (e.g. after a deploy). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|ChunkLoadError|Unable to preload CSS/i.test(
    message,
  );
}

/**
 * Reloads the page once per 10 s per path (specification section 8). Returns false when a reload
 * already happened within the window, so the caller shows the error instead of looping, and offline:
 * a chunk missing then is one this device never loaded, not a new deploy (the page says it is not saved).
 */
export function reloadOnceForChunkError(
  path: string = window.location.pathname,
  now: number = Date.now(),
  storage: Pick<Storage, 'getItem' | 'setItem'> = window.sessionStorage,
  reload: () => void = () => window.location.reload(),
  online: boolean = navigator.onLine,
): boolean {
  if (!online) return false;
  const key = KEY_PREFIX + path;
  const last = Number(storage.getItem(key) ?? 0);
  if (now - last < CHUNK_RELOAD_WINDOW_MS) return false;
  storage.setItem(key, String(now));
  reload();
  return true;
}
