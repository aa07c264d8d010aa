import realI18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { ar } from '@tribes/shared/i18n/ar';
import { en, type Catalogue } from '@tribes/shared/i18n/en';
import { es } from '@tribes/shared/i18n/es';
import { fr } from '@tribes/shared/i18n/fr';
import { he } from '@tribes/shared/i18n/he';
import { LOCALE_CODES as LOCALES, type Locale } from '@tribes/shared/locales';
import liteI18next from './core';

/**
 * What makes the build's swap safe (decision 029): every message the web ships, in every language, answers
 * the same through i18n-lite as through i18next, configured as the app and the shared translator configure it.
 */
type Bundle = Record<string, unknown>;
const MESSAGES: Record<Locale, Catalogue> = { en, ar, fr, he, es };
type Instance = ReturnType<typeof liteI18next.createInstance>;

const appFiles = import.meta.glob<Bundle>('../../locales/*.json', { eager: true, import: 'default' });
const featureFiles = import.meta.glob<Bundle>('../../features/*/locales/*.json', { eager: true, import: 'default' });
const files = { ...appFiles, ...featureFiles };
const bundlesOf = (locale: Locale) =>
  Object.entries(files)
    .filter(([path]) => path.endsWith(`/${locale}.json`))
    .map(([, bundle]) => bundle);

const PLURAL = /_(zero|one|two|few|many|other)$/;
const PLURAL_FORMS = ['zero', 'one', 'two', 'few', 'many', 'other'];
const COUNTS = [0, 1, 2, 3, 11, 100];

function flatten(bundle: Bundle, prefix = '', into = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(bundle)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') into.set(path, value);
    else flatten(value as Bundle, path, into);
  }
  return into;
}

/** Every key any language has (with the messages of all its languages, for their parameters). */
function keysOf(messages: Map<string, string>[]): Map<string, string[]> {
  const keys = new Map<string, string[]>();
  for (const map of messages) for (const [key, text] of map) keys.set(key, [...(keys.get(key) ?? []), text]);
  return keys;
}

/** A value for every {{param}} of the texts, and a second set of values that look like markup i18next reads. */
function paramSets(texts: string[]): Record<string, string>[] {
  const names = new Set(texts.flatMap((text) => [...text.matchAll(/\{\{-?\s*([^}]+?)\s*\}\}/g)].map((m) => m[1]!)));
  const plain = Object.fromEntries([...names].map((name) => [name, `‹${name}›`]));
  const tricky = Object.fromEntries([...names].map((name) => [name, `{{${name}}} $t(common.ok) ${name}`]));
  return [{}, plain, tricky];
}

/** The app's instance (app/i18n.ts): every catalogue added in each language, deep and overwriting. */
async function appInstance(i18next: { createInstance: () => Instance }): Promise<Instance> {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: 'en',
    fallbackLng: 'en',
    resources: {},
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });
  for (const locale of LOCALES)
    for (const bundle of bundlesOf(locale)) i18n.addResourceBundle(locale, 'translation', bundle, true, true);
  return i18n;
}

const asInstance = (i18next: unknown) => i18next as { createInstance: () => Instance };

describe('i18n-lite answers as i18next', () => {
  const allKeys = keysOf(LOCALES.flatMap((locale) => bundlesOf(locale).map((bundle) => flatten(bundle))));

  it('finds the catalogues (the app, the features, five languages)', () => {
    expect(Object.keys(appFiles)).toHaveLength(5);
    expect(Object.keys(featureFiles).length).toBeGreaterThanOrEqual(5 * 10);
    expect(allKeys.size).toBeGreaterThan(1000);
  });

  it('every web message in every language, through i18n.t and a t fixed to the language, with parameters and counts', async () => {
    const real = await appInstance(asInstance(realI18next));
    const lite = await appInstance(liteI18next);
    const bases = new Map<string, string[]>();
    for (const [key, texts] of allKeys) {
      const base = key.replace(PLURAL, '');
      bases.set(base, [...(bases.get(base) ?? []), ...texts]);
    }
    let compared = 0;
    for (const locale of LOCALES) {
      await real.changeLanguage(locale);
      await lite.changeLanguage(locale);
      const realT = real.getFixedT(locale, 'translation');
      const liteT = lite.getFixedT(locale, 'translation');
      for (const [key, texts] of bases) {
        const plural = [...PLURAL_FORMS].some((form) => allKeys.has(`${key}_${form}`));
        for (const params of paramSets(texts)) {
          const calls: Record<string, unknown>[] = plural ? COUNTS.map((count) => ({ ...params, count })) : [params];
          if (plural) calls.push(params);
          for (const options of calls) {
            expect(liteT(key, options), `${locale} ${key} ${JSON.stringify(options)}`).toBe(realT(key, options));
            expect(lite.t(key, options)).toBe(real.t(key, options));
            compared++;
          }
        }
      }
      // The plural forms named themselves, as a key.
      for (const key of allKeys.keys()) if (PLURAL.test(key)) expect(liteT(key)).toBe(realT(key));
    }
    expect(compared).toBeGreaterThan(5 * 1000);
  });

  it('a message missing in a language falls back to English; a missing key comes back as itself', async () => {
    const real = await appInstance(asInstance(realI18next));
    const lite = await appInstance(liteI18next);
    const extra = { onlyEnglish: { hello: 'Hello {{name}}', items_one: 'one item', items_other: '{{count}} items' } };
    real.addResourceBundle('en', 'translation', extra, true, true);
    lite.addResourceBundle('en', 'translation', extra, true, true);
    for (const i18n of [real, lite]) await i18n.changeLanguage('ar');
    const cases: [string, Record<string, unknown>?][] = [
      ['onlyEnglish.hello', { name: 'Sam' }],
      ['onlyEnglish.items', { count: 0 }],
      ['onlyEnglish.items', { count: 2 }],
      ['onlyEnglish.items', { count: '2' }],
      ['no.such.key'],
      ['no.such.key', { defaultValue: 'Fallback {{name}}', name: 'x' }],
      ['no.such.key', { defaultValue: '' }],
      ['common.no-such-key', { count: 3 }],
      ['common', {}],
      ['common.save.deeper'],
      ['other:common.save'],
      ['Is this a sentence: yes?'],
      ['', {}],
      ['common.save', { lng: 'fr' }],
      ['common.save', { lng: 'pt' }],
      ['common.save', { lng: 'fr-CA' }],
      ['onlyEnglish.hello', { replace: { name: 'R' }, name: 'N' }],
      ['onlyEnglish.hello', { name: null }],
      ['onlyEnglish.hello', { name: 0 }],
      ['onlyEnglish.hello', { name: undefined }],
    ];
    for (const [key, options] of cases)
      expect(lite.t(key, options), `${key} ${JSON.stringify(options)}`).toBe(real.t(key, options));
    expect(lite.t('no.such.key', 'a default')).toBe(real.t('no.such.key', 'a default'));
  });

  it('the language: init, changeLanguage and its event, dir, resource bundles', async () => {
    const real = asInstance(realI18next).createInstance();
    const lite = liteI18next.createInstance();
    for (const i18n of [real, lite]) {
      expect(i18n.t('common.save')).toBe('');
      await i18n.init({ lng: 'he', fallbackLng: 'en', resources: {}, partialBundledLanguages: true, returnNull: false });
    }
    expect(lite.language).toBe(real.language);
    expect(lite.dir()).toBe(real.dir());
    const seen = { real: [] as unknown[], lite: [] as unknown[] };
    const onReal = (lng: unknown) => seen.real.push(lng);
    const onLite = (lng: unknown) => seen.lite.push(lng);
    real.on('languageChanged', onReal);
    lite.on('languageChanged', onLite);
    for (const locale of ['fr', 'ar', 'ar', 'en'] as const) {
      const [realT, liteT] = await Promise.all([real.changeLanguage(locale), lite.changeLanguage(locale)]);
      expect(lite.language).toBe(real.language);
      expect(lite.dir()).toBe(real.dir());
      expect(liteT('x')).toBe(realT('x'));
    }
    real.off('languageChanged', onReal);
    lite.off('languageChanged', onLite);
    await Promise.all([real.changeLanguage('es'), lite.changeLanguage('es')]);
    expect(seen.lite).toEqual(seen.real);
    expect(seen.lite).toEqual(['fr', 'ar', 'ar', 'en']);
    for (const lng of ['en', 'ar', 'he', 'fr', 'es', 'fa', 'en-US', 'ar-EG']) expect(lite.dir(lng)).toBe(real.dir(lng));
    for (const i18n of [real, lite]) {
      i18n.addResourceBundle('fr', 'translation', { a: { b: 'un', c: 'deux' } }, true, true);
      i18n.addResourceBundle('fr', 'translation', { a: { b: 'UN', d: 'trois' } }, true, false);
      i18n.addResourceBundle('es', 'translation', { a: { b: 'uno' } }, false, true);
      i18n.addResourceBundle('es', 'translation', { e: 'cinco' }, false, true);
    }
    expect(lite.getResourceBundle('fr', 'translation')).toEqual(real.getResourceBundle('fr', 'translation'));
    expect(lite.getResourceBundle('es', 'translation')).toEqual(real.getResourceBundle('es', 'translation'));
    for (const lng of ['fr', 'es', 'he'])
      expect(lite.hasResourceBundle(lng, 'translation')).toBe(real.hasResourceBundle(lng, 'translation'));
    // dir() follows the language that had messages when it was applied (English, the fallback, for Arabic here).
    for (const i18n of [real, lite]) await i18n.changeLanguage('ar');
    expect(lite.dir()).toBe(real.dir());
    for (const i18n of [real, lite]) i18n.addResourceBundle('ar', 'translation', { a: 'أ' }, true, true);
    expect(lite.dir()).toBe(real.dir());
    for (const i18n of [real, lite]) await i18n.changeLanguage('ar');
    expect(lite.dir()).toBe(real.dir());
    expect(lite.dir()).toBe('rtl');
  });
});

describe("i18n-lite under the shared translator (the server's messages, as the web loads them)", () => {
  it('every server message in every language, singular and plural, answers as with i18next', async () => {
    const { createTranslator: realTranslator } = await import('@tribes/shared/i18n/translator');
    vi.resetModules();
    vi.doMock('i18next', () => import('./core'));
    const { createTranslator: liteTranslator } = await import('@tribes/shared/i18n/translator');
    vi.doUnmock('i18next');
    expect(liteTranslator).not.toBe(realTranslator);
    // As the web does (one language added when it loads) and as the server does (all at once).
    const realAdded = realTranslator();
    const liteAdded = liteTranslator();
    const realAll = realTranslator(MESSAGES);
    const liteAll = liteTranslator(MESSAGES);
    expect(liteAdded.has('fr')).toBe(realAdded.has('fr'));
    for (const locale of LOCALES) {
      realAdded.add(locale, MESSAGES[locale]);
      liteAdded.add(locale, MESSAGES[locale]);
    }
    expect(liteAdded.has('fr')).toBe(realAdded.has('fr'));
    const keys = new Set(LOCALES.flatMap((locale) => Object.keys(MESSAGES[locale])));
    let compared = 0;
    for (const locale of LOCALES)
      for (const key of keys) {
        const base = key.replace(PLURAL, '');
        const texts = LOCALES.flatMap((l) => Object.entries(MESSAGES[l]).filter(([k]) => k.replace(PLURAL, '') === base)).map(
          ([, text]) => text,
        );
        for (const params of paramSets(texts))
          for (const [lookup, options] of [
            [key, params],
            [base, params],
            ...COUNTS.map((count) => [base, { ...params, count }] as const),
          ] as const)
            for (const [real, lite] of [
              [realAdded, liteAdded],
              [realAll, liteAll],
            ] as const) {
              expect(lite.translate(locale, lookup, options), `${locale} ${lookup} ${JSON.stringify(options)}`).toBe(
                real.translate(locale, lookup, options),
              );
              compared++;
            }
      }
    expect(compared).toBeGreaterThan(5 * 100);
    expect(liteAll.translate('fr', 'no.such.key')).toBe(realAll.translate('fr', 'no.such.key'));
  });
});
