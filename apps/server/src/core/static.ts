import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { mediaEndpoints } from '@tribes/shared';
import { notFound } from './errors.js';
import { registerWebManifest } from './web-manifest.js';
import { localeOf, META_PAGES, renderPageMeta, type PageMetaLookup } from './page-meta.js';
import { route, sent } from './route.js';
import { firstLoadFiles, pageLocale, pageTheme, renderWebShell, sendWebPage, type FirstLoad } from './web-shell.js';
import { isStorageKey, PRIVATE_PREFIX, type Storage, type StoredObject } from './storage.js';

/** Paths that belong to the API and never fall back to the web app. */
export const API_PREFIXES = ['/api/', '/media/', '/broadcasting/', '/app/', '/apps/', '/ical/'];

/** What a private object is served as, by its name: expense receipts may be PDFs, voice notes audio; everything else is WebP. */
const PRIVATE_TYPES: Record<string, string> = { pdf: 'application/pdf', webm: 'audio/webm', ogg: 'audio/ogg', m4a: 'audio/mp4' };
const privateTypeOf = (key: string) => PRIVATE_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'image/webp';

/**
 * What a public object from a bucket is served as, by its name (never a type stored with it, which
 * could make a stray object a page of this origin): uploads are WebP, anything else plain bytes.
 */
const publicTypeOf = (key: string) => (key.endsWith('.webp') ? 'image/webp' : 'application/octet-stream');

/**
 * Headers of the page's documents that mean nothing on a hashed script or style sheet (issue 42): helmet's
 * policies (CSP, COOP and the others apply to documents), the request id, CORS's exposed headers and the
 * date of the file. A first visit fetches some thirty such files, and on a phone each one's headers (about
 * 1.1 KB before this) were most of a small chunk's bytes. What stays: the type, the caching, the encoding and
 * its Vary, the length and ETag, `X-Content-Type-Options: nosniff` and `Cross-Origin-Resource-Policy`.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'x-request-id',
  'access-control-expose-headers',
  'last-modified',
  'accept-ranges',
] as const;

/** The built app's hashed files (scripts, styles, images under /assets/): never changed, cached for a year. */
const ASSETS = '/assets/';

/** Streams a stored object with its type, size and caching. */
function sendObject(reply: FastifyReply, object: StoredObject, type: string, cacheControl: string) {
  if (object.length !== undefined) reply.header('content-length', object.length);
  reply.header('cache-control', cacheControl).type(type).send(object.body);
}

/** Serves uploaded media (long-lived, immutable names) and the built web app with its SPA fallback. */
export async function registerStatic(
  app: FastifyInstance,
  opts: {
    storage: Storage;
    webDistDir?: string;
    /** Open Graph previews of shared pages (tribe, campaign, invite), with the origin their URLs are made on. */
    pageMeta?: { lookup: PageMetaLookup; publicUrl: URL };
    /**
     * Folders that were public once and are private now (`receipts/`): their objects moved under
     * `private/` at start-up, and their old public paths answer 404 even if a file was left behind.
     */
    formerlyPublic?: readonly string[];
    /** GET /v1/config's data, inlined into every served page (issue 42). */
    publicConfig?: () => unknown;
  },
): Promise<WebPage | null> {
  const { storage } = opts;
  // Private media (tribe-only photos, expense receipts) only with a valid signature, never cached by shared caches.
  route(
    app,
    mediaEndpoints.privateFile,
  )(async (request, reply) => {
    const key = `${PRIVATE_PREFIX}${request.params['*']}`;
    const { exp = '', sig = '' } = request.query;
    if (!isStorageKey(key) || !storage.verify(key, exp, sig)) throw notFound();
    const object = await storage.open(key);
    if (!object) throw notFound();
    sendObject(reply, object, privateTypeOf(key), 'private, max-age=3600');
    return sent(reply);
  });
  const hidden = [PRIVATE_PREFIX, ...(opts.formerlyPublic ?? [])];
  if (storage.root) {
    mkdirSync(storage.root, { recursive: true });
    await app.register(fastifyStatic, {
      root: path.resolve(storage.root),
      prefix: '/media/',
      allowedPath: (pathName) => !hidden.some((folder) => pathName.startsWith(`/${folder}`) || pathName.startsWith(folder)),
      decorateReply: false,
      index: false,
      list: false,
      dotfiles: 'deny',
      immutable: true,
      maxAge: '365d',
    });
  } else {
    // An object store: public media streamed through the app at the same /media/{key} URLs, with the
    // same year-long caching (each upload gets a new name), so the bucket never has to be public.
    app.get<{ Params: { '*': string } }>('/media/*', { schema: { hide: true } }, async (request, reply) => {
      const key = request.params['*'];
      if (!isStorageKey(key) || hidden.some((folder) => key.startsWith(folder))) throw notFound();
      const object = await storage.open(key);
      if (!object) throw notFound();
      sendObject(reply, object, publicTypeOf(key), 'public, max-age=31536000, immutable');
      return reply;
    });
  }
  const dist =
    opts.webDistDir && existsSync(path.join(opts.webDistDir, 'index.html')) ? path.resolve(opts.webDistDir) : undefined;
  if (!dist) return null;
  await app.register(fastifyStatic, {
    root: dist,
    prefix: '/',
    wildcard: false,
    index: false,
    // The build writes name.br and name.gz next to each text file: sent as they are to clients that
    // accept them (with Vary: accept-encoding), the plain file to the others.
    preCompressed: true,
    setHeaders(res, file) {
      // Hashed assets never change; index.html must be revalidated so a deploy reaches everyone.
      res.header(
        'cache-control',
        file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  // A served asset (not the 404 envelope of a missing one) with lean headers: see DOCUMENT_ONLY_HEADERS.
  // A hashed asset is also the same bytes for every page of this origin, and only this origin may load it
  // (Cross-Origin-Resource-Policy: same-origin): no CORS headers, so no `Vary: Origin`. With it, the browser's
  // cache kept a chunk a page loaded (a module script sends Origin) apart from the service worker's request
  // for the same file (none), and the worker could not keep a first visit's code without fetching it again.
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith(ASSETS)) return payload;
    reply.removeHeader('access-control-allow-origin');
    reply.removeHeader('access-control-expose-headers');
    const vary = String(reply.getHeader('vary') ?? '')
      .split(',')
      .map((v) => v.trim())
      .filter((v) => v && v.toLowerCase() !== 'origin');
    if (vary.length) reply.header('vary', vary.join(', '));
    else reply.removeHeader('vary');
    if (reply.statusCode < 400) for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
    return payload;
  });
  registerWebManifest(app);
  const index = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const firstLoad = readFirstLoad(dist);
  const page: WebPage = (request) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const locale = pageLocale(pathname, { cookie: request.headers.cookie, acceptLanguage: request.headers['accept-language'] });
    return renderWebShell(index, {
      locale,
      theme: pageTheme(request.headers.cookie),
      publicConfig: opts.publicConfig?.(),
      preload: firstLoadFiles(firstLoad, pathname, locale),
    });
  };
  if (opts.pageMeta) registerPageMeta(app, page, opts.pageMeta);
  return page;
}

/** The build's list of a first visit's code per page (dist/first-load.json), or null without one (an older build). */
function readFirstLoad(dist: string): FirstLoad | null {
  try {
    return JSON.parse(readFileSync(path.join(dist, 'first-load.json'), 'utf8')) as FirstLoad;
  } catch {
    return null;
  }
}

/**
 * The web app's index.html for one request (issue 42): in the page's language and direction, with the frame
 * drawn before the app's code and the public config inlined.
 */
export type WebPage = (request: FastifyRequest) => string;

/**
 * A shared link to a tribe, a campaign or an invite (with or without a locale prefix) is answered
 * with index.html carrying that page's Open Graph and Twitter tags, so chats and social networks show
 * a card; anything unknown gets the plain page the SPA fallback would send (the app shows its own 404).
 */
function registerPageMeta(
  app: FastifyInstance,
  webPage: WebPage,
  { lookup, publicUrl }: { lookup: PageMetaLookup; publicUrl: URL },
) {
  for (const [page, kind] of META_PAGES) {
    for (const url of [page, `/:locale${page}`]) {
      app.get<{ Params: { id: string; locale?: string } }>(url, { schema: { hide: true } }, async (request, reply) => {
        const locale = localeOf(request.params.locale, {
          cookie: request.headers.cookie,
          acceptLanguage: request.headers['accept-language'],
        });
        if (!locale) return reply.callNotFound();
        const meta = await lookup[kind](request.params.id, locale);
        const pathname = request.url.split('?')[0] ?? '/';
        const served = webPage(request);
        const html = meta ? renderPageMeta(served, meta, new URL(pathname, publicUrl), publicUrl) : served;
        return sendWebPage(request, reply, html);
      });
    }
  }
}
