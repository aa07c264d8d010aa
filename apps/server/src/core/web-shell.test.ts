import { describe, expect, it } from 'vitest';
import { firstLoadFiles, pageLocale, pageTheme, renderWebShell, type FirstLoad } from './web-shell.js';

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

  it('asks for a signed-out page’s code with the entry: its chunks and its language’s messages', () => {
    const firstLoad: FirstLoad = {
      pages: [
        { path: '^/sign-in/?$', files: ['assets/sign-in-1.js', 'assets/mui-guest-2.js'] },
        { path: '^/sign-up/?$', files: ['assets/sign-up-3.js', 'assets/mui-guest-2.js'] },
      ],
      messages: { en: ['assets/en-6.js'], ar: ['assets/ar-7.js'] },
    };
    expect(firstLoadFiles(firstLoad, '/sign-in', 'en')).toEqual([
      'assets/en-6.js',
      'assets/mui-guest-2.js',
      'assets/sign-in-1.js',
    ]);
    expect(firstLoadFiles(firstLoad, '/ar/sign-up/', 'ar')).toEqual([
      'assets/ar-7.js',
      'assets/mui-guest-2.js',
      'assets/sign-up-3.js',
    ]);
    // A page the build did not list (a signed-in page: its data requests go first), or no list: nothing.
    expect(firstLoadFiles(firstLoad, '/home', 'en')).toEqual([]);
    expect(firstLoadFiles(firstLoad, '/ar/sign-in/more', 'ar')).toEqual([]);
    expect(firstLoadFiles(null, '/sign-in', 'en')).toEqual([]);
    // Only the build's hashed files, whatever the list holds.
    expect(
      firstLoadFiles({ ...firstLoad, messages: { en: ['https://evil.example/x.js', 'assets/"><script>.js'] } }, '/sign-in', 'en'),
    ).toEqual(['assets/mui-guest-2.js', 'assets/sign-in-1.js']);
    const html = renderWebShell(INDEX, { locale: 'en', theme: 'light', preload: ['assets/sign-in-1.js'] });
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/sign-in-1.js"><style id="shell-css">');
  });
});
