import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, pickLocale, translate, type Locale } from '@tribes/shared';
import { HttpError } from './errors.js';
import { escapeHtml } from './html.js';

/** What a shared link shows in a chat or a social network before anyone opens it (Open Graph, Twitter cards). */
export interface PageMeta {
  title: string;
  description: string;
  /** Relative (/media/...) or absolute; made absolute against PUBLIC_URL. */
  image: string | null;
}

/** The pages that have a preview of their own; null when the thing is unknown (the plain page is sent). */
export interface PageMetaLookup {
  tribe(ref: string, locale: Locale): Promise<PageMeta | null>;
  campaign(id: string, locale: Locale): Promise<PageMeta | null>;
  invite(code: string, locale: Locale): Promise<PageMeta | null>;
  event(id: string, locale: Locale): Promise<PageMeta | null>;
}

/** The SPA paths with a preview, relative to the locale prefix, and which lookup answers them. */
export const META_PAGES: [path: string, kind: keyof PageMetaLookup][] = [
  ['/tribes/:id', 'tribe'],
  ['/tribes/campaign/detail/:id', 'campaign'],
  ['/invite/:id', 'invite'],
  ['/events/:id', 'event'],
];

/** One line, at most `max` characters (a card shows two or three lines). */
function clip(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`;
}

/**
 * The index page with the preview's tags before </head> (and its <title>): every value HTML-escaped,
 * the image and the page's address absolute against the public origin.
 */
export function renderPageMeta(index: string, meta: PageMeta, pageUrl: URL, publicUrl: URL): string {
  const title = clip(meta.title, 120);
  const description = clip(meta.description, 300);
  const image = meta.image ? new URL(meta.image, publicUrl).href : null;
  type Tag = [attr: 'property' | 'name', key: string, value: string];
  const tags: Tag[] = [
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', 'Tribes'],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', pageUrl.href],
    ...(image ? [['property', 'og:image', image] as Tag] : []),
    ['name', 'twitter:card', image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
    ...(image ? [['name', 'twitter:image', image] as Tag] : []),
  ];
  const head = tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`).join('');
  const withTitle = index.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)} · Tribes</title>`);
  return withTitle.replace('</head>', `${head}</head>`);
}

/**
 * The locale of a shared link: its prefix (/ar/invite/...) when it has one; without one, the
 * visitor's own language, as the web app opens it: the language cookie, then Accept-Language, then
 * the default. Undefined: the prefix is not a locale.
 */
export function localeOf(
  prefix: string | undefined,
  visitor: { cookie?: string; acceptLanguage?: string } = {},
): Locale | undefined {
  if (prefix !== undefined) return isLocale(prefix) ? prefix : undefined;
  const remembered = cookieValue(visitor.cookie, LOCALE_COOKIE.name);
  if (remembered && isLocale(remembered)) return remembered;
  return visitor.acceptLanguage ? pickLocale(visitor.acceptLanguage) : DEFAULT_LOCALE;
}

/** One cookie's value from a Cookie header, if present. */
function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) {
      try {
        return decodeURIComponent(part.slice(at + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

interface Services {
  tribes: {
    show(
      ref: string,
      user: null,
    ): Promise<{ name: string; description: string; cover_url: string | null; logo_url: string | null }>;
  };
  campaigns: {
    get(id: string, viewer: null): Promise<{ title: string; description: string; cover_url: string | null; tribe_name: string }>;
  };
  invites: {
    preview(
      code: string,
    ): Promise<{ tribe: { name: string; description: string; cover_url: string | null; logo_url: string | null } }>;
  };
  events: {
    /** A public event's card (404 for any other). */
    preview(id: string): Promise<{ title: string; description: string; cover_url: string | null; tribe_name: string }>;
  };
}

/** Markdown (campaign stories) as the plain text a card shows: links keep their text, marks go. */
export function markdownToText(markdown: string): string {
  return markdown
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(?:#{1,6}\s+|>\s?|[-*+]\s+|\d+[.)]\s+)/gm, '')
    .replace(/(\*\*|__|\*|_|~~|`)(?=\S)([^]*?\S)\1/g, '$2');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** 404/410 from a service (or a malformed id) mean "no preview": the plain page is sent. */
async function orNull<T>(lookup: () => Promise<T>, onError: (err: unknown) => void): Promise<T | null> {
  try {
    return await lookup();
  } catch (err) {
    if (!(err instanceof HttpError)) onError(err);
    return null;
  }
}

/** The previews, read through the services (what an anonymous caller of the API may see). */
export function createPageMetaLookup(services: Services, onError: (err: unknown) => void = () => {}): PageMetaLookup {
  return {
    async tribe(ref) {
      const tribe = await orNull(() => services.tribes.show(ref, null), onError);
      return tribe && { title: tribe.name, description: tribe.description, image: tribe.cover_url ?? tribe.logo_url };
    },
    async campaign(id) {
      if (!UUID.test(id)) return null;
      const campaign = await orNull(() => services.campaigns.get(id, null), onError);
      return (
        campaign && {
          title: campaign.title,
          description: markdownToText(campaign.description) || campaign.tribe_name,
          image: campaign.cover_url,
        }
      );
    },
    async event(id) {
      if (!UUID.test(id)) return null;
      const event = await orNull(() => services.events.preview(id), onError);
      return (
        event && {
          title: event.title,
          description: markdownToText(event.description) || event.tribe_name,
          image: event.cover_url,
        }
      );
    },
    async invite(code, locale) {
      const preview = await orNull(() => services.invites.preview(code), onError);
      if (!preview) return null;
      const { tribe } = preview;
      return {
        title: translate(locale, 'invites.og_title', { name: tribe.name }),
        description: tribe.description || translate(locale, 'invites.og_description', { name: tribe.name }),
        image: tribe.cover_url ?? tribe.logo_url,
      };
    },
  };
}
