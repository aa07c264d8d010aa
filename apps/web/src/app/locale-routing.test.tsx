import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localizePath, resolveLocation, routePrefixes, splitLocalePrefix } from './locale-routing';
import { renderApp, settle } from '../test/render-app';

afterEach(() => vi.unstubAllEnvs());

describe('locale strategies (pure)', () => {
  it('splits a locale prefix from the path', () => {
    expect(splitLocalePrefix('/fr/home')).toEqual({ prefix: 'fr', path: '/home' });
    expect(splitLocalePrefix('/ar')).toEqual({ prefix: 'ar', path: '/' });
    expect(splitLocalePrefix('/home')).toEqual({ prefix: null, path: '/home' });
    expect(splitLocalePrefix('/de/home')).toEqual({ prefix: null, path: '/de/home' });
  });

  it('prefix_except_default: /fr/home for French, /home for English, /en/... redirects', () => {
    expect(localizePath('/home', 'fr', 'prefix_except_default')).toBe('/fr/home');
    expect(localizePath('/home', 'en', 'prefix_except_default')).toBe('/home');
    expect(localizePath('/', 'he', 'prefix_except_default')).toBe('/he');
    expect(resolveLocation('/fr/home', 'prefix_except_default', 'en')).toEqual({ locale: 'fr', path: '/home', redirect: null });
    expect(resolveLocation('/home', 'prefix_except_default', 'fr')).toEqual({ locale: 'en', path: '/home', redirect: null });
    expect(resolveLocation('/en/home', 'prefix_except_default', 'en')).toEqual({
      locale: 'en',
      path: '/home',
      redirect: '/home',
    });
    // The browser's language decides the bare root only.
    expect(resolveLocation('/', 'prefix_except_default', 'ar').redirect).toBe('/ar');
    expect(resolveLocation('/', 'prefix_except_default', 'en').redirect).toBeNull();
  });

  it("prefix_except_default: a shared link (invite, campaign, tribe) opens in the visitor's browser language", () => {
    expect(resolveLocation('/invite/AbC123', 'prefix_except_default', 'ar')).toEqual({
      locale: 'ar',
      path: '/invite/AbC123',
      redirect: '/ar/invite/AbC123',
    });
    expect(resolveLocation('/tribes/campaign/detail/42', 'prefix_except_default', 'he').redirect).toBe(
      '/he/tribes/campaign/detail/42',
    );
    expect(resolveLocation('/tribes/ait-atlas', 'prefix_except_default', 'fr').redirect).toBe('/fr/tribes/ait-atlas');
    // Other unprefixed pages stay as they are; an English browser stays unprefixed.
    expect(resolveLocation('/tribes/ledger/42', 'prefix_except_default', 'ar').redirect).toBeNull();
    expect(resolveLocation('/home', 'prefix_except_default', 'ar').redirect).toBeNull();
    expect(resolveLocation('/invite/AbC123', 'prefix_except_default', 'en').redirect).toBeNull();
  });

  it('prefix_except_default: the chosen language (the cookie) leads an unprefixed URL to its prefix', () => {
    expect(resolveLocation('/home', 'prefix_except_default', 'ar', 'ar')).toEqual({
      locale: 'ar',
      path: '/home',
      redirect: '/ar/home',
    });
    expect(resolveLocation('/', 'prefix_except_default', 'fr', 'fr').redirect).toBe('/fr');
    expect(resolveLocation('/home', 'prefix_except_default', 'en', 'en')).toEqual({
      locale: 'en',
      path: '/home',
      redirect: null,
    });
    // A URL that names its language wins over the cookie.
    expect(resolveLocation('/he/home', 'prefix_except_default', 'ar', 'ar')).toEqual({
      locale: 'he',
      path: '/home',
      redirect: null,
    });
    expect(resolveLocation('/en/home', 'prefix_except_default', 'ar', 'ar').redirect).toBe('/home');
  });

  it('prefix_and_default: every locale is prefixed, unprefixed paths redirect to the preferred one', () => {
    expect(localizePath('/home', 'en', 'prefix_and_default')).toBe('/en/home');
    expect(resolveLocation('/home', 'prefix_and_default', 'es')).toEqual({ locale: 'es', path: '/home', redirect: '/es/home' });
    expect(resolveLocation('/en/home', 'prefix_and_default', 'fr')).toEqual({ locale: 'en', path: '/home', redirect: null });
  });

  it('no_prefix: URLs never carry a locale; the preferred one applies', () => {
    expect(localizePath('/home', 'ar', 'no_prefix')).toBe('/home');
    expect(resolveLocation('/home', 'no_prefix', 'he')).toEqual({ locale: 'he', path: '/home', redirect: null });
    expect(routePrefixes('no_prefix')).toEqual(['']);
    expect(routePrefixes('prefix_except_default')).toEqual(['', '/ar', '/fr', '/he', '/es']);
    expect(routePrefixes('prefix_and_default')).toEqual(['', '/en', '/ar', '/fr', '/he', '/es']);
  });
});

describe('locale strategies in the running app', () => {
  it('prefix_except_default (the default): /ar/sign-in is Arabic and right-to-left, the cookie is set', async () => {
    const { router, strategy } = await renderApp('/ar/sign-in');
    expect(strategy).toBe('prefix_except_default');
    await settle(router, '/ar/sign-in');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.querySelector('h1')).toHaveTextContent('تسجيل الدخول');
    expect(document.cookie).toContain('i18n_redirected=ar');
  });

  it('prefix_except_default: a bookmarked or shared unprefixed URL opens in the chosen language, the cookie kept', async () => {
    document.cookie = 'i18n_redirected=ar; Path=/';
    const { router } = await renderApp('/sign-in?next=1');
    await settle(router, '/ar/sign-in');
    await waitFor(() => expect(document.querySelector('h1')).toHaveTextContent('تسجيل الدخول'));
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.cookie).toContain('i18n_redirected=ar');
    expect(document.cookie).not.toContain('i18n_redirected=en');
  });

  it('prefix_except_default: /en/sign-in redirects to /sign-in, remembers English, and links stay unprefixed', async () => {
    document.cookie = 'i18n_redirected=ar; Path=/';
    const { router } = await renderApp('/en/sign-in');
    await settle(router, '/sign-in');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(document.querySelector('a[href="/sign-up"]')).not.toBeNull();
    expect(document.cookie).toContain('i18n_redirected=en');
  });

  it('prefix_except_default: links of a French page keep the /fr prefix', async () => {
    const { router } = await renderApp('/fr/sign-in');
    await settle(router, '/fr/sign-in');
    expect(document.querySelector('h1')).toHaveTextContent('Se connecter');
    expect(document.querySelector('a[href="/fr/sign-up"]')).not.toBeNull();
  });

  it('prefix_and_default: an unprefixed path redirects to the remembered language', async () => {
    document.cookie = 'i18n_redirected=es; Path=/';
    const { router, strategy } = await renderApp('/sign-in', { strategy: 'prefix_and_default' });
    expect(strategy).toBe('prefix_and_default');
    await settle(router, '/es/sign-in');
    expect(document.querySelector('h1')).toHaveTextContent('Iniciar sesión');
    expect(document.querySelector('a[href="/es/sign-up"]')).not.toBeNull();
  });

  it('no_prefix: the language comes from the cookie', async () => {
    document.cookie = 'i18n_redirected=he; Path=/';
    const { router } = await renderApp('/sign-in', { strategy: 'no_prefix' });
    await settle(router, '/sign-in');
    expect(document.documentElement).toHaveAttribute('lang', 'he');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.querySelector('a[href="/sign-up"]')).not.toBeNull();
  });

  it('no_prefix: a prefixed URL is an unknown page', async () => {
    const { router } = await renderApp('/fr/sign-in', { strategy: 'no_prefix' });
    await settle(router, '/fr/sign-in');
    expect(document.querySelector('[data-testid="error-screen"]')).toHaveTextContent('Page not found: /fr/sign-in');
  });
});
