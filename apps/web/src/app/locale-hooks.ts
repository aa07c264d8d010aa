import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { Locale } from '@tribes/shared';
import { useStore } from '../lib/external-store';
import { LOCALE_STRATEGY } from './config';
import { localeStore } from './i18n';
import { localizePath } from './locale-routing';

/** The interface language in a component. */
export function useLocale(): Locale {
  return useStore(localeStore);
}

/** Turns an app path ("/sign-in") into this locale's URL ("/fr/sign-in"). */
export function useLocalePath(): (path: string) => string {
  const locale = useLocale();
  return useCallback((path: string) => localizePath(path, locale, LOCALE_STRATEGY), [locale]);
}

/** navigate() for app paths, in the current locale. */
export function useLocaleNavigate(): (path: string, options?: { replace?: boolean }) => void {
  const navigate = useNavigate();
  const toUrl = useLocalePath();
  return useCallback((path, options) => void navigate(toUrl(path), options), [navigate, toUrl]);
}
