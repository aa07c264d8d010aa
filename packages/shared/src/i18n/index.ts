import i18next from 'i18next';
import { FALLBACK_LOCALE, type Locale } from '../locales.js';
import { ar } from './ar.js';
import { en, type Catalogue, type MessageKey, type PluralCategory, type PluralMessageKey } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';
import { he } from './he.js';

export type { Catalogue, MessageKey, PluralCategory, PluralMessageKey };

/** Server messages for every locale; the Catalogue type makes a missing key a compile error. */
export const MESSAGES: Record<Locale, Catalogue> = { en, ar, fr, he, es };

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Base keys of the plural messages (those with an `_other` form in the reference catalogue). */
const PLURAL_KEYS: ReadonlySet<string> = new Set(
  Object.keys(en)
    .filter((key) => key.endsWith('_other'))
    .map((key) => key.slice(0, -'_other'.length)),
);

/** Every name a caller may translate: singular keys and the base keys of plural messages, never a form's own key. */
const MESSAGE_KEYS: ReadonlySet<string> = new Set([
  ...Object.keys(en).filter((key) => !(PLURAL_SUFFIX.test(key) && PLURAL_KEYS.has(key.replace(PLURAL_SUFFIX, '')))),
  ...PLURAL_KEYS,
]);

/** True when the string is a key of the message catalogue. */
export function isMessageKey(value: string): value is MessageKey {
  return MESSAGE_KEYS.has(value);
}

/** True when the message has plural forms chosen by `count`. */
export function isPluralMessageKey(value: string): value is PluralMessageKey {
  return PLURAL_KEYS.has(value);
}

export type MessageParams = Record<string, string | number>;

// The same library and resource format as the web (i18next, v4 JSON: `{{name}}`, `<key>_<CLDR category>`).
// Keys are flat ("errors.validation"), so no key or namespace separator; the resources are bundled, so the
// instance is ready synchronously. Messages are plain text: whoever puts one in HTML escapes it.
const i18n = i18next.createInstance();
void i18n.init({
  resources: Object.fromEntries(Object.entries(MESSAGES).map(([locale, catalogue]) => [locale, { translation: catalogue }])),
  lng: FALLBACK_LOCALE,
  fallbackLng: FALLBACK_LOCALE,
  initAsync: false,
  keySeparator: false,
  nsSeparator: false,
  returnNull: false,
  interpolation: { escapeValue: false },
});

/**
 * Translates a message key with {{param}} interpolation; unknown keys come back unchanged.
 * A plural message picks its form from `params.count` by the language's plural rules (Intl.PluralRules):
 * callers pass the number as `count` beside the name the message shows (`{ seconds, count: seconds }`).
 * Without a count a plural message falls back to its `_other` form.
 */
export function translate(locale: Locale, key: string, params: MessageParams = {}): string {
  if (!isMessageKey(key)) return key;
  const count = params.count === undefined ? undefined : Number(params.count);
  const lookup = count === undefined && isPluralMessageKey(key) ? `${key}_other` : key;
  // Values go through `replace` so a parameter name can never be read as an i18next option (ns, lng, context...).
  return i18n.t(lookup, { lng: locale, replace: params, ...(count === undefined ? {} : { count }) });
}
