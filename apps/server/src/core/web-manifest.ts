import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, localeDir, translate, type Locale } from '@tribes/shared';
import type { FastifyInstance } from 'fastify';

/** The app's colours (specification section 9, light theme): the splash screen and the title bar. */
export const THEME_COLOR = '#3446c4';
export const BACKGROUND_COLOR = '#f5f6fa';

/**
 * The web app manifest in one language (issue 15): names and description translated, `lang` and `dir`
 * set, opening the member's home in that language (the web app prefixes every language but English).
 */
export function webManifest(locale: Locale) {
  const prefix = locale === DEFAULT_LOCALE ? '' : `/${locale}`;
  return {
    id: '/',
    name: translate(locale, 'app.name'),
    short_name: translate(locale, 'app.short_name'),
    description: translate(locale, 'app.description'),
    lang: locale,
    dir: localeDir(locale),
    start_url: `${prefix}/home?source=pwa`,
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    categories: ['social', 'education'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

/** The language a manifest request asks for: `?lang=`, else the language cookie, else English. */
export function manifestLocale(query: unknown, cookieHeader: string | undefined): Locale {
  const lang = (query as { lang?: unknown } | undefined)?.lang;
  if (typeof lang === 'string' && isLocale(lang)) return lang;
  const cookie = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE.name}=([^;]*)`).exec(cookieHeader ?? '')?.[1];
  return cookie && isLocale(cookie) ? cookie : DEFAULT_LOCALE;
}

/** GET /manifest.webmanifest: answers the manifest in the asked language (it varies with the cookie). */
export function registerWebManifest(app: FastifyInstance): void {
  app.get('/manifest.webmanifest', { schema: { hide: true } }, async (request, reply) =>
    reply
      .header('cache-control', 'no-cache')
      .header('vary', 'cookie')
      .type('application/manifest+json; charset=utf-8')
      .send(JSON.stringify(webManifest(manifestLocale(request.query, request.headers.cookie)))),
  );
}
