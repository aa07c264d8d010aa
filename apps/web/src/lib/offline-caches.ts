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
} as const;

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
