import { createStore } from '../../lib/external-store';

/** Where the recent searches are kept on this device (never sent anywhere). */
export const RECENT_KEY = 'recent-searches';
const MAX = 8;

function read(): string[] {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(RECENT_KEY) ?? '[]');
    return Array.isArray(raw) ? raw.filter((q): q is string => typeof q === 'string').slice(0, MAX) : [];
  } catch {
    return [];
  }
}

function write(list: string[]) {
  try {
    if (list.length === 0) localStorage.removeItem(RECENT_KEY);
    else localStorage.setItem(RECENT_KEY, JSON.stringify(list));
  } catch {
    // Private browsing or a full storage: the list lives for this visit only.
  }
}

/** The last searches made on this device, newest first. */
export const recentSearches = createStore<string[]>(read());

/** Puts `q` first among the recent searches (once, whatever its case). */
export function rememberSearch(q: string) {
  const text = q.trim();
  if (!text) return;
  recentSearches.set((list) => {
    const next = [text, ...list.filter((x) => x.toLowerCase() !== text.toLowerCase())].slice(0, MAX);
    write(next);
    return next;
  });
}

/** Forgets one recent search. */
export function forgetSearch(q: string) {
  recentSearches.set((list) => {
    const next = list.filter((x) => x !== q);
    write(next);
    return next;
  });
}

/** Forgets every recent search. */
export function clearSearches() {
  write([]);
  recentSearches.set([]);
}

/** Reads the list again (another tab may have changed it; tests start afresh). */
export function reloadSearches() {
  recentSearches.set(read());
}
