/**
 * i18next's API as the web uses it (decision 029), in the production build in i18next's place
 * (vite.config.ts, I18N_LITE): one namespace ('translation'), v4 JSON plurals (`_zero`..`_other` by
 * Intl.PluralRules, `_zero` tried first for a count of 0), `{{name}}` interpolation (`replace` or the options),
 * `defaultValue`, `lng`, a fallback language, the key when nothing is found. Not here: backends, language
 * detection, context, ordinals, nesting (`$t(...)`), formats (`{{x, number}}`), returnObjects, escaping
 * (both instances set escapeValue: false). i18n-lite.test.ts checks it answers as i18next does for every
 * message the web ships, in every language.
 */

type Bundle = Record<string, unknown>;
type Options = Record<string, unknown>;
type Listener = (...args: unknown[]) => void;
export type TFunction = (key: string, options?: Options | string) => string;

interface InitOptions {
  lng?: string;
  fallbackLng?: string | string[];
  resources?: Record<string, Record<string, Bundle>>;
  keySeparator?: string | false;
  nsSeparator?: string | false;
  [option: string]: unknown;
}

interface Module {
  type: string;
  init?: (instance: I18n) => void;
}

const NS = 'translation';
const isString = (value: unknown): value is string => typeof value === 'string';
const own = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);
const rules = new Map<string, Intl.PluralRules>();

function pluralSuffix(code: string, count: number): string {
  const cleaned = code.replace(/_/g, '-');
  let rule = rules.get(cleaned);
  if (!rule) {
    rule = new Intl.PluralRules(cleaned, { type: 'cardinal' });
    rules.set(cleaned, rule);
  }
  return `_${rule.select(count)}`;
}

/** i18next's getPath: own properties only, through objects. */
function getPath(object: unknown, path: string[]): unknown {
  let current = object;
  for (let i = 0; i < path.length - 1; i++) {
    if (!current || isString(current)) return undefined;
    current = own(current as object, path[i]!) ? (current as Bundle)[path[i]!] : {};
  }
  if (!current || isString(current)) return undefined;
  const last = path[path.length - 1]!;
  return own(current as object, last) ? (current as Bundle)[last] : undefined;
}

/** i18next's deepFind: a key whose parts may themselves hold the separator ({"a": {"b.c": ...}}). */
function deepFind(object: unknown, path: string, separator: string): unknown {
  if (!object) return undefined;
  const obj = object as Bundle;
  if (obj[path]) return own(obj, path) ? obj[path] : undefined;
  const tokens = path.split(separator);
  let current: unknown = obj;
  for (let i = 0; i < tokens.length;) {
    if (!current || typeof current !== 'object') return undefined;
    let next: unknown;
    let nextPath = '';
    for (let j = i; j < tokens.length; ++j) {
      if (j !== i) nextPath += separator;
      nextPath += tokens[j];
      next = (current as Bundle)[nextPath];
      if ((typeof next === 'function' || nextPath === '__proto__') && !own(current, nextPath)) next = undefined;
      if (next !== undefined) {
        if (['string', 'number', 'boolean'].includes(typeof next) && j < tokens.length - 1) continue;
        i += j - i + 1;
        break;
      }
    }
    current = next;
  }
  return current;
}

function deepExtend(target: Bundle, source: Bundle, overwrite: boolean): void {
  for (const prop in source) {
    if (prop === '__proto__' || prop === 'constructor') continue;
    if (own(target, prop)) {
      if (isString(target[prop]) || isString(source[prop])) {
        if (overwrite) target[prop] = source[prop];
      } else deepExtend(target[prop] as Bundle, source[prop] as Bundle, overwrite);
    } else target[prop] = source[prop];
  }
}

const NATURAL_LANGUAGE = /( |,|\?|!|;)/;
const INTERPOLATION = /\{\{(.+?)\}\}/g;
const RTL = new Set(['ar', 'he', 'iw', 'fa', 'ur', 'ps', 'yi', 'ji', 'dv', 'ug', 'ckb']);

class I18n {
  language: string | undefined = undefined;
  resolvedLanguage: string | undefined = undefined;
  isInitialized = false;
  options: InitOptions & { react?: unknown } = {};
  private data: Record<string, Record<string, Bundle>> = {};
  private fallbackLngs: string[] = [];
  private keySeparator: string | false = '.';
  private nsSeparator: string | false = ':';
  private userSeparators = false;
  private modules: Module[] = [];
  private listeners = new Map<string, Listener[]>();

  use(module: Module): this {
    this.modules.push(module);
    return this;
  }

  init(options: InitOptions = {}): Promise<TFunction> {
    this.options = { ...options };
    this.data = JSON.parse(JSON.stringify(options.resources ?? {})) as typeof this.data;
    const fallback = options.fallbackLng ?? ['dev'];
    this.fallbackLngs = isString(fallback) ? [fallback] : fallback;
    if (options.keySeparator !== undefined) this.keySeparator = options.keySeparator;
    if (options.nsSeparator !== undefined) this.nsSeparator = options.nsSeparator;
    // i18next reads a separator the options set (a truthy one) as: never guess whether a key is a sentence.
    this.userSeparators = Boolean(options.keySeparator) || Boolean(options.nsSeparator);
    for (const module of this.modules) module.init?.(this);
    const lng = options.lng ?? (this.fallbackLngs[0] !== 'dev' ? this.fallbackLngs[0] : undefined);
    this.isInitialized = true;
    return lng ? this.changeLanguage(lng) : Promise.resolve(this.t);
  }

  changeLanguage = (lng: string): Promise<TFunction> => {
    this.language = lng;
    // As i18next: the first of the language and its fallbacks that has messages at the time of the change.
    this.resolvedLanguage = this.codes(lng).find((code) =>
      Object.values(this.data[code] ?? {}).some((bundle) => bundle && Object.keys(bundle).length > 0),
    );
    this.emit('languageChanged', lng);
    return Promise.resolve(this.t);
  };

  on(events: string, listener: Listener): this {
    for (const event of events.split(' ')) this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }

  off(event: string, listener?: Listener): void {
    const listeners = this.listeners.get(event);
    if (!listeners) return;
    if (!listener) this.listeners.delete(event);
    else
      this.listeners.set(
        event,
        listeners.filter((l) => l !== listener),
      );
  }

  private emit(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }

  addResourceBundle(lng: string, ns: string, resources: Bundle, deep?: boolean, overwrite?: boolean): this {
    const copy = JSON.parse(JSON.stringify(resources)) as Bundle;
    const languageData = (this.data[lng] ??= {});
    const pack = languageData[ns] ?? {};
    if (deep) {
      deepExtend(pack, copy, overwrite ?? false);
      languageData[ns] = pack;
    } else languageData[ns] = { ...pack, ...copy };
    return this;
  }

  hasResourceBundle(lng: string, ns: string): boolean {
    return this.getResourceBundle(lng, ns) !== undefined;
  }

  getResourceBundle(lng: string, ns: string = NS): Bundle | undefined {
    return getPath(this.data, [lng, ns]) as Bundle | undefined;
  }

  dir(lng?: string): 'ltr' | 'rtl' {
    const code = lng || this.resolvedLanguage || this.language;
    if (!code) return 'ltr';
    return RTL.has(code.split(/[-_]/)[0]!.toLowerCase()) ? 'rtl' : 'ltr';
  }

  getFixedT(lng: string | undefined, ns?: string): TFunction {
    return (key, options) => {
      const o: Options = isString(options) ? { defaultValue: options } : { ...options };
      o.lng = o.lng || lng;
      o.ns = o.ns || ns;
      return this.t(key, o);
    };
  }

  private getResource(code: string, ns: string, key: string): unknown {
    const separator = this.keySeparator;
    const result = getPath(this.data, [code, ns, ...(separator ? key.split(separator) : [key])]);
    if (result != null || !separator) return result;
    return deepFind(this.data[code]?.[ns], key, separator);
  }

  /** The language, then the fallback ones (i18next's toResolveHierarchy for plain or region codes). */
  private codes(lng: string | undefined): string[] {
    const codes: string[] = [];
    if (lng) {
      codes.push(lng);
      const part = lng.split(/[-_]/)[0]!;
      if (part !== lng) codes.push(part);
    }
    for (const code of this.fallbackLngs) if (!codes.includes(code)) codes.push(code);
    return codes;
  }

  t = (rawKey: string, options?: Options | string): string => {
    if (rawKey == null || !this.isInitialized) return '';
    const opt: Options = isString(options) ? { defaultValue: options } : { ...options };
    let key = String(rawKey);
    let ns = isString(opt.ns) ? opt.ns : NS;
    const nsSeparator = this.nsSeparator;
    if (nsSeparator && key.includes(nsSeparator) && (this.userSeparators || this.looksLikeObjectPath(key))) {
      const parts = key.split(nsSeparator);
      ns = parts.shift()!;
      key = parts.join(this.keySeparator || '');
    }
    const count = opt.count;
    const plural = count !== undefined && !isString(count);
    let res: unknown;
    for (const code of this.codes(isString(opt.lng) ? opt.lng : this.language)) {
      const keys = [key];
      if (plural) {
        keys.push(key + pluralSuffix(code, count as number));
        if (count === 0) keys.push(`${key}_zero`);
      }
      for (let k = keys.length - 1; k >= 0 && !valid(res); k--) res = this.getResource(code, ns, keys[k]!);
      if (valid(res)) break;
    }
    if (valid(res) && !isString(res) && typeof res !== 'number' && typeof res !== 'boolean')
      return `key '${key} (${this.language})' returned an object instead of string.`;
    if (!valid(res) && opt.defaultValue !== undefined) res = opt.defaultValue;
    if (!valid(res)) res = key;
    return isString(res) ? interpolate(res, opt) : (res as string);
  };

  private looksLikeObjectPath(key: string): boolean {
    if (!NATURAL_LANGUAGE.test(key)) return true;
    const index = this.keySeparator ? key.indexOf(this.keySeparator) : -1;
    return index > 0 && !NATURAL_LANGUAGE.test(key.substring(0, index));
  }
}

/** A found value (returnNull: false, empty strings kept). */
const valid = (res: unknown) => res !== undefined && res !== null;

/** `{{name}}` (and `{{- name}}`) from `replace` or the options; an unknown name stays as written. */
function interpolate(text: string, opt: Options): string {
  const data = (opt.replace && typeof opt.replace === 'object' ? opt.replace : opt) as Options;
  return text.replace(INTERPOLATION, (match, inner: string) => {
    let name = inner.trim();
    if (name.startsWith('-')) name = name.slice(1).trim();
    const value = own(data, name) ? data[name] : undefined;
    if (value === undefined) return own(opt, name) ? '' : match;
    return value == null ? '' : String(value);
  });
}

/** The module's default export, as i18next's: only createInstance is used. */
const i18next = { createInstance: () => new I18n() };
export default i18next;
export type { I18n };
