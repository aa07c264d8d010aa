import { useEffect, useMemo } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSkeleton } from '../components/page-skeleton';
import { LOCALE_STRATEGY } from './config';
import { changeLocale } from './i18n';
import { writeLocaleCookie } from './locale-cookie';
import { useLocale } from './locale-hooks';
import { resolveLocation, splitLocalePrefix } from './locale-routing';
import { resolveForVisitor } from './preferred-locale';

/**
 * The locale provider of the shell: reads the locale from the URL under the configured strategy,
 * redirects when the strategy says so, loads that language, and remembers it in the cookie.
 */
export function LocaleRoot() {
  const location = useLocation();
  const current = useLocale();
  const resolved = useMemo(
    () =>
      LOCALE_STRATEGY === 'no_prefix'
        ? resolveLocation(location.pathname, LOCALE_STRATEGY, current)
        : resolveForVisitor(location.pathname, LOCALE_STRATEGY),
    [location.pathname, current],
  );

  useEffect(() => {
    if (resolved.redirect) {
      // A URL that names its language (/en/home, redirected to /home) is a choice: remember it.
      if (splitLocalePrefix(location.pathname).prefix === resolved.locale) writeLocaleCookie(resolved.locale);
      return;
    }
    writeLocaleCookie(resolved.locale);
    void changeLocale(resolved.locale);
    // Only a new URL decides the locale; the switcher changes the URL after loading the messages.
  }, [resolved.locale, resolved.redirect, location.pathname]);

  if (resolved.redirect) return <Navigate to={`${resolved.redirect}${location.search}${location.hash}`} replace />;
  if (resolved.locale !== current) return <PageSkeleton />;
  return <Outlet />;
}
