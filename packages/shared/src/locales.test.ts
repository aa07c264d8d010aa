import { describe, expect, it } from 'vitest';
import { localeDir, pickLocale } from './locales.js';

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

describe('localeDir', () => {
  it('gives rtl for Arabic and Hebrew', () => {
    expect(localeDir('ar')).toBe('rtl');
    expect(localeDir('he')).toBe('rtl');
    expect(localeDir('es')).toBe('ltr');
  });
});
