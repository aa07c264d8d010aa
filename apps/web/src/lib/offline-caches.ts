/**
 * The service worker's caches (sw/sw.ts) and which requests they keep, shared with the page: the
 * page marks lessons "saved for offline" by looking into the API cache, and empties the private
 * caches when its member signs out.
 */
export const OFFLINE_CACHES = {
  /** Photos, avatars, covers (signed URLs for tribe-only photos); never expense receipts. */
  media: 'tribes-media',
  /** What a member reads: the feed, tribes, posts, people, courses, lessons, events and conversations; never money. */
  api: 'tribes-api',
  /** The app's code beyond the precached shell, cached as it is used (issue 42): hashed names, never stale. */
  code: 'tribes-code',
} as const;

/**
 * Sent by the page to the worker once it controls the page (app/service-worker.ts): `used`, the code the page
 * loaded before (a first visit), kept from the browser's HTTP cache only (no new bytes); `ahead`, whether to
 * fetch the reading pages' code too (a returning visit of a signed-in member, data saver off: app/service-worker.ts).
 */
export const KEEP_CODE = 'keep-code';
export interface KeepCodeMessage {
  type: typeof KEEP_CODE;
  used: string[];
  ahead: boolean;
}

/** The worker's answer to the page that sent a `KeepCodeMessage`, once all of it is kept (`ahead` as done). */
export const CODE_KEPT = 'code-kept';

/** The message as the worker receives it, or null when it is not one (anything may be posted). */
export function readKeepCode(data: unknown): KeepCodeMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, used, ahead } = data as Partial<Record<keyof KeepCodeMessage, unknown>>;
  if (type !== KEEP_CODE || !Array.isArray(used)) return null;
  return {
    type: KEEP_CODE,
    used: used.filter((url): url is string => typeof url === 'string' && /^\/assets\/[\w.-]+$/.test(url)),
    ahead: ahead === true,
  };
}

/** The API paths kept for reading offline: GETs of reading endpoints only, never money, sessions or downloads. */
const READABLE =
  /^\/api\/v1\/(feed|explore|config|me|notifications|get_map_tribes|get_map_villages|tribes|posts|users|courses|lessons|assessments|events|conversations)(\/|$)/;
const NEVER =
  /\/(wallet|donations|campaigns|treasury|expenses|ledger|pledges|certificate|receipt|statement|invites|sessions|edit|passkeys|two_factor|identities|calendar_url|ics)(\/|$)/;

export const isReadableApiPath = (pathname: string): boolean => READABLE.test(pathname) && !NEVER.test(pathname);

/**
 * The media kept for offline reading: photos, avatars, covers. Never expense receipts (money, like the
 * API paths above, and signed links that expire: DESIGN 11.7), which go to the network each time.
 */
export const isKeptMediaPath = (pathname: string): boolean =>
  pathname.startsWith('/media/') && !pathname.startsWith('/media/private/receipts/');

/** The cache key of a lesson as the page reads it (GET /v1/lessons/{id}). */
export const lessonApiPath = (id: string) => `/api/v1/lessons/${encodeURIComponent(id)}`;
