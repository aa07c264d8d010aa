import { DEFAULT_LOCALE, isLocale, LOCALE_CODES, type Locale } from '@tribes/shared/locales';
import type { LocaleStrategy } from './config';

/** A path split into its locale prefix (if any) and the rest. */
export interface SplitPath {
  prefix: Locale | null;
  path: string;
}

/** Splits "/fr/home" into { prefix: 'fr', path: '/home' }; "/home" has no prefix. */
export function splitLocalePrefix(pathname: string): SplitPath {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  const first = match?.[1];
  if (first && isLocale(first)) return { prefix: first, path: match?.[2] || '/' };
  return { prefix: null, path: pathname || '/' };
}

/** The URL of an unprefixed app path in a locale, under a strategy. */
export function localizePath(path: string, locale: Locale, strategy: LocaleStrategy): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  const withPrefix = `/${locale}${clean === '/' ? '' : clean}`;
  switch (strategy) {
    case 'no_prefix':
      return clean;
    case 'prefix_except_default':
      return locale === DEFAULT_LOCALE ? clean : withPrefix;
    case 'prefix_and_default':
      return withPrefix;
  }
}

/**
 * The pages people share in chats (an invite, a campaign, a tribe): an unprefixed link opens in the
 * visitor's own language (cookie, then browser), as the root does, since whoever shared it chose no
 * language for the reader. The server localises the link's preview the same way.
 */
export function isSharedLink(path: string): boolean {
  return /^\/(invite\/[^/]+|tribes\/campaign\/detail\/[^/]+|tribes\/(?!campaign$|ledger$|setting$)[^/]+)\/?$/.test(path);
}

/** What the URL means: the page's locale and app path, or where to redirect first. */
export interface ResolvedLocation {
  locale: Locale;
  path: string;
  redirect: string | null;
}

/**
 * Reads the locale from a URL under a strategy. `preferred` is the visitor's remembered or browser
 * language: it decides the unprefixed root and shared links (prefix_except_default, like nuxt-i18n's
 * redirectOn "root", plus the pages people share) and every unprefixed path (prefix_and_default). `remembered` is the language the visitor
 * chose (the cookie): under prefix_except_default an unprefixed path (a bookmarked /home, a shared
 * link) opens in it rather than in English, so the choice is not lost.
 */
export function resolveLocation(
  pathname: string,
  strategy: LocaleStrategy,
  preferred: Locale,
  remembered: Locale | null = null,
): ResolvedLocation {
  const { prefix, path } = splitLocalePrefix(pathname);
  switch (strategy) {
    case 'no_prefix':
      return { locale: preferred, path: pathname || '/', redirect: null };
    case 'prefix_except_default':
      if (prefix === DEFAULT_LOCALE) return { locale: prefix, path, redirect: path };
      if (prefix) return { locale: prefix, path, redirect: null };
      if (remembered && remembered !== DEFAULT_LOCALE)
        return { locale: remembered, path, redirect: localizePath(path, remembered, strategy) };
      if ((path === '/' || isSharedLink(path)) && preferred !== DEFAULT_LOCALE)
        return { locale: preferred, path, redirect: localizePath(path, preferred, strategy) };
      return { locale: DEFAULT_LOCALE, path, redirect: null };
    case 'prefix_and_default':
      if (prefix) return { locale: prefix, path, redirect: null };
      return { locale: preferred, path, redirect: localizePath(path, preferred, strategy) };
  }
}

/** The first supported language among the browser's, or the default. */
export function browserLocale(languages: readonly string[]): Locale {
  for (const tag of languages) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return DEFAULT_LOCALE;
}

/** The URL prefixes a strategy routes (an empty string is the unprefixed tree). */
export function routePrefixes(strategy: LocaleStrategy): string[] {
  switch (strategy) {
    case 'no_prefix':
      return [''];
    case 'prefix_except_default':
      return ['', ...LOCALE_CODES.filter((l) => l !== DEFAULT_LOCALE).map((l) => `/${l}`)];
    case 'prefix_and_default':
      return ['', ...LOCALE_CODES.map((l) => `/${l}`)];
  }
}

/**
 * The one route prefix a path can match under a strategy ('' or '/ar', ...): no page's first segment
 * is a language code, so a path under "/ar" matches nothing under '' and the other way round.
 */
export function routePrefixOf(pathname: string, strategy: LocaleStrategy): string {
  const { prefix } = splitLocalePrefix(pathname);
  const candidate = prefix ? `/${prefix}` : '';
  return routePrefixes(strategy).includes(candidate) ? candidate : '';
}
