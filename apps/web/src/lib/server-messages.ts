import type { Catalogue } from '@tribes/shared/i18n/en';
import type { MessageParams } from '@tribes/shared/i18n/keys';
import { createTranslator } from '@tribes/shared/i18n/translator';
import type { Locale } from '@tribes/shared/locales';

/**
 * The server's message catalogue (validation rules, policy texts) in the reader's language only: the
 * same words as the API's answers, without sending a phone all five languages. app/i18n.ts loads the
 * language with the interface's own messages, before the first render in it.
 */
const loaders: Record<Locale, () => Promise<Catalogue>> = {
  en: () => import('@tribes/shared/i18n/en').then((m) => m.en),
  ar: () => import('@tribes/shared/i18n/ar').then((m) => m.ar),
  fr: () => import('@tribes/shared/i18n/fr').then((m) => m.fr),
  he: () => import('@tribes/shared/i18n/he').then((m) => m.he),
  es: () => import('@tribes/shared/i18n/es').then((m) => m.es),
};

const translator = createTranslator();

/** Loads a language's server messages once. */
export async function loadServerMessages(locale: Locale): Promise<void> {
  if (!translator.has(locale)) translator.add(locale, await loaders[locale]());
}

/** A server message in a loaded language ({{param}} interpolation, plural forms by `count`). */
export function translate(locale: Locale, key: string, params?: MessageParams): string {
  return translator.translate(locale, key, params);
}
