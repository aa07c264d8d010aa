import { describe, expect, it } from 'vitest';
import { LOCALE_CODES, type Locale } from '../locales.js';
import { en } from './en.js';
import { MESSAGES, isMessageKey, isPluralMessageKey, translate, type Catalogue, type MessageKey } from './index.js';

const PLURAL_FORM = /^(.*)_(zero|one|two|few|many|other)$/;
const placeholders = (s: string) => [...new Set(s.match(/\{\{\w+\}\}/g) ?? [])].sort();

/** A catalogue split into singular messages and plural messages (base key → category → text). */
function split(catalogue: Catalogue) {
  const entries = Object.entries(catalogue) as [string, string][];
  const bases = new Set(entries.flatMap(([key]) => (key.endsWith('_other') ? [key.slice(0, -'_other'.length)] : [])));
  const singular = new Map<string, string>();
  const plural = new Map<string, Map<string, string>>();
  for (const [key, text] of entries) {
    const form = PLURAL_FORM.exec(key);
    if (form && bases.has(form[1]!)) {
      if (!plural.has(form[1]!)) plural.set(form[1]!, new Map());
      plural.get(form[1]!)!.set(form[2]!, text);
    } else singular.set(key, text);
  }
  return { singular, plural };
}

const reference = split(en);

describe('catalogues', () => {
  it.each(LOCALE_CODES)('%s has every message of the reference catalogue and nothing else', (locale) => {
    const { singular, plural } = split(MESSAGES[locale]);
    expect([...singular.keys()].sort()).toEqual([...reference.singular.keys()].sort());
    expect([...plural.keys()].sort()).toEqual([...reference.plural.keys()].sort());
  });

  it.each(LOCALE_CODES)('%s: every plural message has exactly the forms Intl.PluralRules says the language needs', (locale) => {
    const needed = new Intl.PluralRules(locale).resolvedOptions().pluralCategories.slice().sort();
    const { plural } = split(MESSAGES[locale]);
    expect(plural.size).toBeGreaterThan(0);
    for (const [key, forms] of plural) expect([...forms.keys()].sort(), `${locale} ${key}`).toEqual(needed);
  });

  it('knows the plural categories of the five languages', () => {
    const categories = (locale: Locale) => new Intl.PluralRules(locale).resolvedOptions().pluralCategories.slice().sort();
    expect(categories('en')).toEqual(['one', 'other']);
    expect(categories('fr')).toEqual(['many', 'one', 'other']);
    expect(categories('es')).toEqual(['many', 'one', 'other']);
    expect(categories('he')).toEqual(['one', 'other', 'two']);
    expect(categories('ar')).toEqual(['few', 'many', 'one', 'other', 'two', 'zero']);
  });

  it.each(LOCALE_CODES)('%s keeps the placeholders of the reference catalogue', (locale) => {
    const { singular, plural } = split(MESSAGES[locale]);
    for (const [key, text] of singular)
      expect(placeholders(text), `${locale} ${key}`).toEqual(placeholders(reference.singular.get(key)!));
    for (const [key, forms] of plural) {
      const expected = placeholders(reference.plural.get(key)!.get('other')!);
      // The `other` form shows every value; a form may spell its number out ("ثانيتين", "שתי שניות") and leave it out.
      expect(placeholders(forms.get('other')!), `${locale} ${key}_other`).toEqual(expected);
      for (const [category, text] of forms) {
        for (const name of placeholders(text)) expect(expected, `${locale} ${key}_${category}`).toContain(name);
      }
    }
  });
});

describe('translate', () => {
  const tooMany = (locale: Locale, seconds: number) => translate(locale, 'errors.too_many_requests', { seconds, count: seconds });

  it('picks the English forms one and other', () => {
    expect(tooMany('en', 1)).toBe('Too many requests. Please try again in 1 second.');
    expect(tooMany('en', 0)).toBe('Too many requests. Please try again in 0 seconds.');
    expect(tooMany('en', 30)).toBe('Too many requests. Please try again in 30 seconds.');
  });

  it('picks the French forms one (0 and 1), many and other', () => {
    expect(tooMany('fr', 0)).toBe('Trop de requêtes. Réessayez dans 0 seconde.');
    expect(tooMany('fr', 1)).toBe('Trop de requêtes. Réessayez dans 1 seconde.');
    expect(tooMany('fr', 30)).toBe('Trop de requêtes. Réessayez dans 30 secondes.');
    expect(tooMany('fr', 1_000_000)).toBe('Trop de requêtes. Réessayez dans 1000000 de secondes.');
  });

  it('picks the Spanish forms one, many and other', () => {
    expect(tooMany('es', 1)).toBe('Demasiadas solicitudes. Inténtalo de nuevo en 1 segundo.');
    expect(tooMany('es', 0)).toBe('Demasiadas solicitudes. Inténtalo de nuevo en 0 segundos.');
    expect(tooMany('es', 30)).toBe('Demasiadas solicitudes. Inténtalo de nuevo en 30 segundos.');
    expect(tooMany('es', 1_000_000)).toBe('Demasiadas solicitudes. Inténtalo de nuevo en 1000000 de segundos.');
  });

  it('picks the Hebrew forms one, two and other', () => {
    expect(tooMany('he', 1)).toBe('יותר מדי בקשות. נסו שוב בעוד שנייה אחת.');
    expect(tooMany('he', 2)).toBe('יותר מדי בקשות. נסו שוב בעוד שתי שניות.');
    expect(tooMany('he', 3)).toBe('יותר מדי בקשות. נסו שוב בעוד 3 שניות.');
    expect(tooMany('he', 20)).toBe('יותר מדי בקשות. נסו שוב בעוד 20 שניות.');
  });

  it.each([
    [0, 'zero', 'طلبات كثيرة جدًا. حاول مرة أخرى الآن.'],
    [1, 'one', 'طلبات كثيرة جدًا. حاول مرة أخرى بعد ثانية واحدة.'],
    [2, 'two', 'طلبات كثيرة جدًا. حاول مرة أخرى بعد ثانيتين.'],
    [3, 'few', 'طلبات كثيرة جدًا. حاول مرة أخرى بعد 3 ثوانٍ.'],
    [10, 'few', 'طلبات كثيرة جدًا. حاول مرة أخرى بعد 10 ثوانٍ.'],
    [11, 'many', 'طلبات كثيرة جدًا. حاول مرة أخرى بعد 11 ثانيةً.'],
    [99, 'many', 'طلبات كثيرة جدًا. حاول مرة أخرى بعد 99 ثانيةً.'],
    [100, 'other', 'طلبات كثيرة جدًا. حاول مرة أخرى بعد 100 ثانية.'],
    [101, 'other', 'طلبات كثيرة جدًا. حاول مرة أخرى بعد 101 ثانية.'],
  ])('Arabic %i seconds takes the %s form', (seconds, category, text) => {
    expect(new Intl.PluralRules('ar').select(seconds)).toBe(category);
    expect(tooMany('ar', seconds)).toBe(text);
    expect(tooMany('ar', seconds)).toBe(
      MESSAGES.ar[`errors.too_many_requests_${category}` as keyof Catalogue]?.replace('{{seconds}}', String(seconds)),
    );
  });

  it('gives the Arabic forms of another plural message too', () => {
    const images = (max: number) => translate('ar', 'validation.too_many_images', { max, count: max });
    expect([0, 1, 2, 5, 12, 200].map(images)).toEqual([
      'لا يمكنك إضافة صور.',
      'يمكنك إضافة صورة واحدة على الأكثر.',
      'يمكنك إضافة صورتين على الأكثر.',
      'يمكنك إضافة 5 صور على الأكثر.',
      'يمكنك إضافة 12 صورةً على الأكثر.',
      'يمكنك إضافة 200 صورة على الأكثر.',
    ]);
  });

  it('reads a count given as a string of digits', () => {
    expect(translate('he', 'errors.too_many_requests', { seconds: '2', count: '2' })).toBe(
      'יותר מדי בקשות. נסו שוב בעוד שתי שניות.',
    );
  });

  it('falls back to the other form when a plural message gets no count', () => {
    expect(translate('en', 'errors.too_many_requests', { seconds: 1 })).toBe('Too many requests. Please try again in 1 seconds.');
  });

  it('interpolates the other parameters of a plural message: the number shown is formatted by the caller', () => {
    const params = { amount: '1 000 000', count: 1_000_000, target: 'Les Amis', id: 'AB12CD34' };
    expect(translate('fr', 'mail.receipt.body', params)).toBe(
      'Merci d’avoir donné 1 000 000 de jetons à Les Amis. Numéro de reçu : AB12CD34.',
    );
    expect(translate('en', 'mail.receipt.body', { ...params, amount: '1', count: 1 })).toBe(
      'Thank you for giving 1 token to Les Amis. Receipt number: AB12CD34.',
    );
  });

  it('interpolates singular messages and leaves values as given: plain text, not escaped, not read as templates', () => {
    expect(translate('es', 'mail.greeting', { name: 'Ana' })).toBe('Hola Ana:');
    expect(translate('en', 'mail.contact.subject', { subject: '<b>{{code}} $t(mail.signature) & co' })).toBe(
      'Contact form: <b>{{code}} $t(mail.signature) & co',
    );
    // Parameter names that are also i18next options stay parameters.
    expect(translate('en', 'mail.greeting', { name: 'Sam', lng: 'fr', ns: 'other', context: 'male' })).toBe('Hello Sam,');
  });

  it('falls back to English for a language that misses nothing, and answers in the language asked', () => {
    expect(translate('fr', 'common.ok')).toBe(MESSAGES.fr['common.ok']);
    expect(translate('ar', 'common.ok')).toBe(MESSAGES.ar['common.ok']);
  });

  it('returns an unknown key unchanged, including the own key of a plural form', () => {
    expect(translate('fr', 'no.such.key')).toBe('no.such.key');
    expect(translate('en', 'Hello {{name}}', { name: 'x' })).toBe('Hello {{name}}');
    expect(translate('en', 'errors.too_many_requests_one', { count: 1 })).toBe('errors.too_many_requests_one');
    expect(translate('en', '')).toBe('');
  });

  it('names base keys as message keys, not the forms', () => {
    expect(isMessageKey('errors.too_many_requests')).toBe(true);
    expect(isPluralMessageKey('errors.too_many_requests')).toBe(true);
    expect(isMessageKey('errors.too_many_requests_other')).toBe(false);
    expect(isMessageKey('errors.validation')).toBe(true);
    expect(isPluralMessageKey('errors.validation')).toBe(false);
    expect(isMessageKey('constructor')).toBe(false);
  });
});

// Compile-time checks (tsc --noEmit -p packages/shared): a catalogue must hold every message and every `_other` form.
const { 'common.ok': _ok, ...withoutOk } = en;
// @ts-expect-error a missing message is a compile error
export const missingMessage: Catalogue = withoutOk;
const { 'errors.too_many_requests_other': _other, ...withoutOther } = en;
// @ts-expect-error a plural message without its `_other` form is a compile error
export const missingOther: Catalogue = withoutOther;
// A language may add the forms its plural rules need.
export const withArabicForms: Catalogue = { ...en, 'errors.too_many_requests_few': '{{seconds}}' };
// @ts-expect-error the form's own key is not something to translate
export const formAsKey: MessageKey = 'errors.too_many_requests_one';
