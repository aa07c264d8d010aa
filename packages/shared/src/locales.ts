/** The interface languages of the product (specification section 9). */
export const LOCALES = [
  { code: 'en', dir: 'ltr', name: 'English' },
  { code: 'ar', dir: 'rtl', name: 'العربية' },
  { code: 'fr', dir: 'ltr', name: 'Français' },
  { code: 'he', dir: 'rtl', name: 'עברית' },
  { code: 'es', dir: 'ltr', name: 'Español' },
] as const;

export type Locale = (typeof LOCALES)[number]['code'];
export type Direction = 'ltr' | 'rtl';

export const LOCALE_CODES = LOCALES.map((l) => l.code) as [Locale, ...Locale[]];
export const DEFAULT_LOCALE: Locale = 'en';
export const FALLBACK_LOCALE: Locale = 'en';

/** True when the string names one of the supported locales. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALE_CODES as readonly string[]).includes(value);
}

/** Direction of a locale's script. */
export function localeDir(code: Locale): Direction {
  return LOCALES.find((l) => l.code === code)?.dir ?? 'ltr';
}

/**
 * Picks the best supported locale from an Accept-Language header
 * ("fr-CA,fr;q=0.9,en;q=0.8"), honouring q-values; English when nothing matches.
 */
export function pickLocale(header: string | undefined | null): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { base: tag.toLowerCase().split('-')[0] ?? '', weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((r) => r.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const r of ranked) if (isLocale(r.base)) return r.base;
  return DEFAULT_LOCALE;
}
