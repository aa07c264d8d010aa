import type { Locale } from '@tribes/shared';
import { readLocaleCookie } from './locale-cookie';
import type { LocaleStrategy } from './config';
import { browserLocale, resolveLocation, type ResolvedLocation } from './locale-routing';

/** The visitor's language before the URL says otherwise: the cookie, then the browser's languages. */
export function preferredLocale(): Locale {
  return readLocaleCookie() ?? browserLocale(typeof navigator === 'undefined' ? [] : navigator.languages);
}

/** Where a URL leads for this visitor: its locale, app path and any redirect, from the cookie and browser. */
export function resolveForVisitor(pathname: string, strategy: LocaleStrategy): ResolvedLocation {
  return resolveLocation(pathname, strategy, preferredLocale(), readLocaleCookie());
}
