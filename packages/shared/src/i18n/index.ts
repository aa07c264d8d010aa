import type { Locale } from '../locales.js';
import { ar } from './ar.js';
import { en, type Catalogue, type MessageKey } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';
import { he } from './he.js';

export type { Catalogue, MessageKey };

/** Server messages for every locale; the Catalogue type makes a missing key a compile error. */
export const MESSAGES: Record<Locale, Catalogue> = { en, ar, fr, he, es };

/** True when the string is a key of the message catalogue. */
export function isMessageKey(value: string): value is MessageKey {
  return Object.prototype.hasOwnProperty.call(en, value);
}

export type MessageParams = Record<string, string | number>;

/** Translates a message key with {{param}} interpolation; unknown keys come back unchanged. */
export function translate(locale: Locale, key: string, params: MessageParams = {}): string {
  const template = isMessageKey(key) ? (MESSAGES[locale][key] ?? en[key]) : key;
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (params[name] === undefined ? whole : String(params[name])));
}
