import { LOCALE_COOKIE } from '@tribes/shared/constants';
import { isLocale, type Locale } from '@tribes/shared/locales';

/** The remembered language from the i18n_redirected cookie, if valid. */
export function readLocaleCookie(cookie: string = document.cookie): Locale | null {
  for (const part of cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === LOCALE_COOKIE.name) {
      const value = decodeURIComponent(rest.join('='));
      return isLocale(value) ? value : null;
    }
  }
  return null;
}

/** Remembers the language: 365 days, path /, SameSite lax (specification section 9). */
export function writeLocaleCookie(locale: Locale): void {
  const maxAge = LOCALE_COOKIE.maxAgeDays * 24 * 60 * 60;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LOCALE_COOKIE.name}=${encodeURIComponent(locale)}; Max-Age=${maxAge}; Path=${LOCALE_COOKIE.path}; SameSite=Lax${secure}`;
}
