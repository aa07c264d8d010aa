import type { Locale } from '../locales.js';
import { ar } from './ar.js';
import { en, type Catalogue, type MessageKey, type PluralCategory, type PluralMessageKey } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';
import { he } from './he.js';
import type { MessageParams } from './keys.js';
import { createTranslator, type Translator } from './translator.js';

export type { Catalogue, MessageKey, PluralCategory, PluralMessageKey };
export { isMessageKey, isPluralMessageKey, type MessageParams } from './keys.js';
export { createTranslator, type Translator } from './translator.js';

/** Server messages for every locale; the Catalogue type makes a missing key a compile error. */
export const MESSAGES: Record<Locale, Catalogue> = { en, ar, fr, he, es };

let all: Translator | undefined;

/**
 * Translates a message key in any of the five languages (all catalogues in memory: the server's way;
 * the web translates with a translator holding only the reader's language). See Translator.translate.
 */
export function translate(locale: Locale, key: string, params: MessageParams = {}): string {
  return (all ??= createTranslator(MESSAGES)).translate(locale, key, params);
}
