/** How a locale shows in the URL (specification section 2, "Locale-aware routing"). */
export const LOCALE_STRATEGIES = ['no_prefix', 'prefix_except_default', 'prefix_and_default'] as const;
export type LocaleStrategy = (typeof LOCALE_STRATEGIES)[number];

function readStrategy(value: unknown): LocaleStrategy {
  return (LOCALE_STRATEGIES as readonly unknown[]).includes(value) ? (value as LocaleStrategy) : 'prefix_except_default';
}

/** Chosen at build time with VITE_LOCALE_STRATEGY; prefix_except_default by default (DESIGN section 8). */
export const LOCALE_STRATEGY: LocaleStrategy = readStrategy(import.meta.env.VITE_LOCALE_STRATEGY);

/** The product API: same origin, under /api (the dev server proxies it). */
export const API_BASE = `${import.meta.env.VITE_API_ORIGIN ?? ''}/api`;

/** Specification section 9: 2 seconds per word of a notice. */
export const NOTICE_MS_PER_WORD = 2000;
/** Specification section 9: the page-loading bar. */
export const LOADING_BAR = { throttleMs: 200, durationMs: 2000, heightPx: 3 } as const;
/** A chunk-load error reloads the page at most once per this many ms per path. */
export const CHUNK_RELOAD_WINDOW_MS = 10_000;
/** Seconds before another code may be requested (the server allows one per 60 s). */
export const OTP_RESEND_SECONDS = 60;
/** A swipe longer than this dismisses the snackbar. */
export const SWIPE_DISMISS_PX = 50;
