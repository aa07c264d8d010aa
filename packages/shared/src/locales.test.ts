import { describe, expect, it } from 'vitest';
import { localeDir, pickLocale } from './locales.js';
import { MESSAGES, translate } from './i18n/index.js';

describe('pickLocale', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['fr-CA,fr;q=0.9,en;q=0.8', 'fr'],
    ['de-DE,de;q=0.9,he;q=0.5', 'he'],
    ['en;q=0.1,ar;q=0.9', 'ar'],
    ['es-419', 'es'],
    ['ar;q=0,fr;q=0.5', 'fr'],
    ['*', 'en'],
  ])('%s → %s', (header, expected) => {
    expect(pickLocale(header)).toBe(expected);
  });
});

describe('catalogue', () => {
  it('has the same keys and placeholders in every locale', () => {
    const placeholders = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort().join();
    for (const [code, catalogue] of Object.entries(MESSAGES)) {
      expect(Object.keys(catalogue).sort(), code).toEqual(Object.keys(MESSAGES.en).sort());
      for (const [key, text] of Object.entries(catalogue)) {
        expect(placeholders(text), `${code} ${key}`).toBe(placeholders(MESSAGES.en[key as keyof typeof MESSAGES.en]));
      }
    }
  });

  it('translates with interpolation and gives rtl for Arabic and Hebrew', () => {
    expect(translate('fr', 'errors.too_many_requests', { seconds: 30 })).toBe('Trop de requêtes. Réessayez dans 30 secondes.');
    expect(localeDir('ar')).toBe('rtl');
    expect(localeDir('he')).toBe('rtl');
    expect(localeDir('es')).toBe('ltr');
  });
});
