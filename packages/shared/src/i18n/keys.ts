import { en, type MessageKey, type PluralMessageKey } from './en.js';

export type MessageParams = Record<string, string | number>;

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

let pluralKeys: ReadonlySet<string> | undefined;
let messageKeys: ReadonlySet<string> | undefined;

/** Base keys of the plural messages (those with an `_other` form in the reference catalogue). */
function plurals(): ReadonlySet<string> {
  return (pluralKeys ??= new Set(
    Object.keys(en)
      .filter((key) => key.endsWith('_other'))
      .map((key) => key.slice(0, -'_other'.length)),
  ));
}

/** Every name a caller may translate: singular keys and the base keys of plural messages, never a form's own key. */
function keys(): ReadonlySet<string> {
  return (messageKeys ??= new Set([
    ...Object.keys(en).filter((key) => !(PLURAL_SUFFIX.test(key) && plurals().has(key.replace(PLURAL_SUFFIX, '')))),
    ...plurals(),
  ]));
}

// Built on first use, so that importing this module (the web does, through the validation rules) runs nothing.

/** True when the string is a key of the message catalogue. */
export function isMessageKey(value: string): value is MessageKey {
  return keys().has(value);
}

/** True when the message has plural forms chosen by `count`. */
export function isPluralMessageKey(value: string): value is PluralMessageKey {
  return plurals().has(value);
}
