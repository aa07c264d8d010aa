import type { Locale } from '@tribes/shared';
import { readLocaleCookie } from './locale-cookie';
import { browserLocale } from './locale-routing';

/** The visitor's language before the URL says otherwise: the cookie, then the browser's languages. */
export function preferredLocale(): Locale {
  return readLocaleCookie() ?? browserLocale(typeof navigator === 'undefined' ? [] : navigator.languages);
}
