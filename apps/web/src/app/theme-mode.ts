import { STORAGE_KEYS } from '@tribes/shared/constants';
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

export const themeStore = createStore<ThemeMode>(typeof window === 'undefined' ? 'light' : readStoredTheme());

/** Chooses and remembers a theme under localStorage key `theme`. */
export function setThemeMode(mode: ThemeMode): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.theme, mode);
  } catch {
    /* private mode: the choice lasts for this page only */
  }
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
