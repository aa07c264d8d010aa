import i18next from 'i18next';
import { FALLBACK_LOCALE, type Locale } from '../locales.js';
import type { Catalogue } from './en.js';
import type { MessageParams } from './keys.js';

const PLURAL_FORM = /_(zero|one|two|few|many|other)$/;

export interface Translator {
  /** Adds (or replaces) a language's catalogue. */
  add(locale: Locale, catalogue: Catalogue): void;
  /** True once the language's catalogue is in. */
  has(locale: Locale): boolean;
  translate(locale: Locale, key: string, params?: MessageParams): string;
}

/**
 * A translator over the server message catalogues. The server gives it all five at once; the web adds
 * the reader's language when it loads (the other four never reach the phone).
 */
export function createTranslator(resources: Partial<Record<Locale, Catalogue>> = {}): Translator {
  // The same library and resource format as the web (i18next, v4 JSON: `{{name}}`, `<key>_<CLDR category>`).
  // Keys are flat ("errors.validation"), so no key or namespace separator; the resources are in memory, so the
  // instance is ready synchronously. Messages are plain text: whoever puts one in HTML escapes it.
  const i18n = i18next.createInstance();
  void i18n.init({
    resources: Object.fromEntries(Object.entries(resources).map(([locale, catalogue]) => [locale, { translation: catalogue }])),
    lng: FALLBACK_LOCALE,
    fallbackLng: FALLBACK_LOCALE,
    initAsync: false,
    keySeparator: false,
    nsSeparator: false,
    returnNull: false,
    interpolation: { escapeValue: false },
  });
  return {
    add(locale, catalogue) {
      i18n.addResourceBundle(locale, 'translation', catalogue, false, true);
    },
    has(locale) {
      return i18n.hasResourceBundle(locale, 'translation');
    },
    /**
     * Translates a message key with {{param}} interpolation; unknown keys come back unchanged.
     * A plural message picks its form from `params.count` by the language's plural rules (Intl.PluralRules):
     * callers pass the number as `count` beside the name the message shows (`{ seconds, count: seconds }`).
     * Without a count a plural message falls back to its `_other` form.
     */
    translate(locale, key, params = {}) {
      // Judged on the catalogue at hand, not on the English one, so that the web need not load English.
      const catalogue = (i18n.getResourceBundle(locale, 'translation') ?? {}) as Record<string, string>;
      const plural = Object.hasOwn(catalogue, `${key}_other`);
      const form = PLURAL_FORM.exec(key);
      if (!plural && (!Object.hasOwn(catalogue, key) || (form && Object.hasOwn(catalogue, `${key.slice(0, form.index)}_other`))))
        return key;
      const count = params.count === undefined ? undefined : Number(params.count);
      const lookup = count === undefined && plural ? `${key}_other` : key;
      // Values go through `replace` so a parameter name can never be read as an i18next option (ns, lng, context...).
      return i18n.t(lookup, { lng: locale, replace: params, ...(count === undefined ? {} : { count }) });
    },
  };
}
