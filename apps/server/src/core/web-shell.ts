import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isLocale, localeDir, THEME_COOKIE, translate, type Locale } from '@tribes/shared';
import { escapeHtml } from './html.js';
import { cookieValue, localeOf } from './page-meta.js';

/** What the served index.html is rendered with for one request (issue 42). */
export interface WebShellOptions {
  locale: Locale;
  theme: 'light' | 'dark';
  /** GET /v1/config's data, inlined so the app needs no round trip for it before its first render. */
  publicConfig?: unknown;
  /** The page's code beyond the entry (`firstLoadFiles`), asked for with the entry rather than after it. */
  preload?: readonly string[];
}

/** The web build's dist/first-load.json (apps/web/shell-precache.ts `FirstLoad`). */
export interface FirstLoad {
  pages: { path: string; files: string[] }[];
  messages: Record<string, string[]>;
}

/**
 * The code a first visit to a signed-out page (a sign-in, a sign-up...) fetches once the entry runs (issue 42): its
 * chunks and the messages in the page's language. Nothing for a page the build did not list.
 */
export function firstLoadFiles(firstLoad: FirstLoad | null, pathname: string, locale: Locale): string[] {
  if (!firstLoad) return [];
  const first = pathname.split('/')[1] ?? '';
  const appPath = isLocale(first) ? pathname.slice(first.length + 1) || '/' : pathname;
  const page = firstLoad.pages.find((candidate) => new RegExp(candidate.path).test(appPath));
  if (!page) return [];
  const files = new Set([...page.files, ...(firstLoad.messages[locale] ?? [])]);
  // Only the build's own hashed files, whatever the JSON says.
  return [...files].filter((file) => /^assets\/[\w.-]+\.js$/.test(file)).sort();
}

/**
 * The frame's look before the app's code runs: the app bar and a few grey blocks where the page will be, in
 * the theme's colours (apps/web/src/app/theme.ts), in logical properties so it mirrors itself in Arabic and
 * Hebrew. React replaces it on its first commit (createRoot), so nothing of it moves: no layout shift.
 */
const SHELL_CSS = `
html{background:#f5f6fa;color:#1b1d24}
html[data-theme=dark]{background:#12141a;color:#eef0f6;color-scheme:dark}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans Arabic","Noto Sans Hebrew",sans-serif}
.tribes-shell-bar{display:flex;align-items:center;box-sizing:border-box;height:56px;padding-inline:16px;background:#3446c4;color:#fff;font-size:1.25rem;font-weight:500}
[data-theme=dark] .tribes-shell-bar{background:#1b1e26;color:#eef0f6}
.tribes-shell-main{box-sizing:border-box;max-width:680px;margin-inline:auto;padding:16px}
.tribes-shell-card{height:112px;margin-block-end:16px;border-radius:12px;background:#fff}
[data-theme=dark] .tribes-shell-card{background:#1b1e26}
.tribes-shell-line{height:14px;margin-block-end:10px;border-radius:7px;background:#eceef6;inline-size:60%}
[data-theme=dark] .tribes-shell-line{background:#262a35}
.tribes-shell-status{position:absolute;inline-size:1px;block-size:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
@media (min-width:600px){.tribes-shell-bar{height:64px;padding-inline:24px}}
`.replace(/\n/g, '');

/** The frame's markup, its only text in the page's language. */
function shellMarkup(locale: Locale): string {
  const loading = escapeHtml(translate(locale, 'shell.loading'));
  const card = '<div class="tribes-shell-card"></div>';
  return (
    `<div class="tribes-shell" aria-busy="true">` +
    `<div class="tribes-shell-bar">${escapeHtml(translate(locale, 'app.name'))}</div>` +
    `<div class="tribes-shell-main"><div class="tribes-shell-line"></div>${card}${card}${card}</div>` +
    `<p class="tribes-shell-status" role="status">${loading}</p>` +
    `</div>`
  );
}

/** JSON made safe inside a <script> element: no `</script>` or `<!--` can close or open anything. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The index page for one request: `<html lang dir>` in the page's language and direction, the theme's hint,
 * the frame drawn before the app's code, and the public config inlined as JSON (not a script that runs, so
 * the Content-Security-Policy needs no exception).
 */
export function renderWebShell(index: string, { locale, theme, publicConfig, preload = [] }: WebShellOptions): string {
  const html = `<html lang="${locale}" dir="${localeDir(locale)}"${theme === 'dark' ? ' data-theme="dark"' : ''}>`;
  const config =
    publicConfig === undefined ? '' : `<script id="public-config" type="application/json">${scriptJson(publicConfig)}</script>`;
  return index
    .replace(/<html[^>]*>/, html)
    .replace(
      '</head>',
      `${preload.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('')}<style id="shell-css">${SHELL_CSS}</style>${config}</head>`,
    )
    .replace('<div id="root"></div>', `<div id="root">${shellMarkup(locale)}</div>`);
}

/** The language of a page's request: its locale prefix, else the visitor's (the cookie, then Accept-Language). */
export function pageLocale(pathname: string, visitor: { cookie?: string; acceptLanguage?: string }): Locale {
  const first = pathname.split('/')[1] ?? '';
  if (isLocale(first)) return first;
  return localeOf(undefined, visitor) ?? 'en';
}

/** The theme the visitor chose in the app (its cookie), light otherwise, as the app starts. */
export function pageTheme(cookie: string | undefined): 'light' | 'dark' {
  return cookieValue(cookie, THEME_COOKIE.name) === 'dark' ? 'dark' : 'light';
}

/**
 * Sends a page of the web app: revalidated on every visit (a deploy reaches everyone), compressed as the
 * build's own files are (Brotli, else gzip; a few KB, so a fast Brotli level costs well under a millisecond).
 */
export function sendWebPage(request: FastifyRequest, reply: FastifyReply, html: string): FastifyReply {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
  if (/\bbr\b/.test(accepts))
    return reply.header('content-encoding', 'br').send(brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }));
  if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(gzipSync(html));
  return reply.send(html);
}
