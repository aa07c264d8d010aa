import { STORAGE_KEYS, THEME_COOKIE } from '@tribes/shared/constants';
import { createStore } from '../lib/external-store';
import type { ThemeMode } from './theme';

/** The stored theme, or light when none is stored (specification section 4). */
export function readStoredTheme(): ThemeMode {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.theme) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

/**
 * Copies the theme into a cookie, so the server draws the page's frame in it before the app's code runs
 * (issue 42); localStorage stays the app's own record.
 */
export function rememberThemeForServer(mode: ThemeMode, cookie: string = document.cookie): void {
  if (cookie.split(';').some((part) => part.trim() === `${THEME_COOKIE.name}=${mode}`)) return;
  const maxAge = THEME_COOKIE.maxAgeDays * 24 * 60 * 60;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${THEME_COOKIE.name}=${mode}; Max-Age=${maxAge}; Path=${THEME_COOKIE.path}; SameSite=Lax${secure}`;
}

export const themeStore = createStore<ThemeMode>(typeof window === 'undefined' ? 'light' : readStoredTheme());

/** Chooses and remembers a theme under localStorage key `theme`. */
export function setThemeMode(mode: ThemeMode): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.theme, mode);
  } catch {
    /* private mode: the choice lasts for this page only */
  }
  rememberThemeForServer(mode);
  themeStore.set(mode);
}

/** Re-reads the stored theme whenever the system light-scheme preference changes. */
export function watchSystemScheme(): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia('(prefers-color-scheme: light)');
  const handle = () => themeStore.set(readStoredTheme());
  query.addEventListener('change', handle);
  return () => query.removeEventListener('change', handle);
}
