import { render, waitFor } from '@testing-library/react';
import { expect, vi } from 'vitest';
import type { LocaleStrategy } from '../app/config';

/**
 * Renders the whole app (providers, router, guards, locale root) at a path, with fresh modules so
 * the locale strategy comes from configuration (VITE_LOCALE_STRATEGY) as in a real build.
 */
export async function renderApp(path: string, options: { strategy?: LocaleStrategy; session?: Record<string, unknown> } = {}) {
  vi.resetModules();
  vi.stubEnv('VITE_LOCALE_STRATEGY', options.strategy ?? 'prefix_except_default');
  if (options.session) {
    window.localStorage.setItem(
      'auth',
      JSON.stringify({
        errors: {},
        resetPassword: false,
        userSignUpData: null,
        accessToken: null,
        userData: null,
        isLoggedIn: false,
        ...options.session,
      }),
    );
  }
  window.history.replaceState(null, '', path);
  const { MemoryRouter, useLocation } = await import('react-router');
  const { AppRoutes } = await import('../app/routes');
  const { initI18n } = await import('../app/i18n');
  const { resolveLocation } = await import('../app/locale-routing');
  const { preferredLocale } = await import('../app/preferred-locale');
  const { LOCALE_STRATEGY } = await import('../app/config');
  const { AppProviders, createQueryClient } = await import('../app/providers');
  const { bindSessionToApi } = await import('../app/session-binding');
  bindSessionToApi();
  await initI18n(resolveLocation(path, LOCALE_STRATEGY, preferredLocale()).locale);
  // Where the router is now, read by settle().
  const router = { state: { location: { pathname: path } } };
  function LocationProbe() {
    router.state.location.pathname = useLocation().pathname;
    return null;
  }
  const view = render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <LocationProbe />
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
  return { router, view, strategy: LOCALE_STRATEGY };
}

/** Waits until the router settles on a path and the page rendered its heading. */
export async function settle(router: { state: { location: { pathname: string } } }, pathname: string) {
  // Hang guards, not timings: a page's first render includes cold imports of its lazy chunks, which a
  // loaded machine has been seen to take over 5 s for.
  await waitFor(() => expect(router.state.location.pathname).toBe(pathname), { timeout: 20_000 });
  await waitFor(() => expect(document.querySelector('h1')).not.toBeNull(), { timeout: 20_000 });
}
