import { describe, expect, it } from 'vitest';
import { pageLocale, pageTheme, renderWebShell } from './web-shell.js';

const INDEX =
  '<!doctype html><html lang="en" dir="ltr"><head><title>Tribes</title></head><body><div id="root"></div></body></html>';

describe('the served index page (issue 42)', () => {
  it('cannot be broken out of by the inlined config', () => {
    const html = renderWebShell(INDEX, {
      locale: 'en',
      theme: 'light',
      publicConfig: { map: { attribution: '</script><script>alert(1)</script>\u2028' } },
    });
    const json = /<script id="public-config" type="application\/json">(.*?)<\/script>/.exec(html)![1]!;
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual({ map: { attribution: '</script><script>alert(1)</script>\u2028' } });
  });

  it('leaves the config out when none is given, and the rest of the page as built', () => {
    const html = renderWebShell(INDEX, { locale: 'he', theme: 'dark' });
    expect(html).not.toContain('public-config');
    expect(html.startsWith('<!doctype html><html lang="he" dir="rtl" data-theme="dark"><head><title>Tribes</title>')).toBe(true);
  });

  it('reads the locale from the first segment only when it is a locale', () => {
    expect(pageLocale('/ar/home', {})).toBe('ar');
    expect(pageLocale('/home', { cookie: 'i18n_redirected=fr' })).toBe('fr');
    expect(pageLocale('/xx/home', { acceptLanguage: 'es' })).toBe('es');
    expect(pageTheme('a=1; theme=dark')).toBe('dark');
    expect(pageTheme('theme=blue')).toBe('light');
  });
});
