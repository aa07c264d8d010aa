import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Locale } from '@tribes/shared';
import { LOCALE_STRATEGY } from '../../app/config';
import { changeLocale, loadMessages } from '../../app/i18n';
import { writeLocaleCookie } from '../../app/locale-cookie';
import { localizePath, splitLocalePrefix } from '../../app/locale-routing';

/**
 * Switches the interface language. The messages load before the route changes (specification
 * section 2); the cookie is written first so the new URL resolves to the chosen language.
 */
export function useSwitchLocale(): (locale: Locale) => Promise<void> {
  const location = useLocation();
  const navigate = useNavigate();
  return useCallback(
    async (locale: Locale) => {
      await loadMessages(locale);
      writeLocaleCookie(locale);
      if (LOCALE_STRATEGY === 'no_prefix') {
        await changeLocale(locale);
        return;
      }
      const { path } = splitLocalePrefix(location.pathname);
      await navigate(`${localizePath(path, locale, LOCALE_STRATEGY)}${location.search}${location.hash}`);
    },
    [location.pathname, location.search, location.hash, navigate],
  );
}
