import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';
import { localeDir } from '@tribes/shared/locales';
import { Staged } from '../lib/staged';
import { useStore } from '../lib/external-store';
import { i18n, localeStore } from './i18n';
import { appTheme } from './theme';
import { rememberThemeForServer, themeStore, watchSystemScheme } from './theme-mode';

const caches: Record<'ltr' | 'rtl', EmotionCache> = {
  ltr: createCache({ key: 'mui', prepend: true }),
  // Right-to-left: the stylis plugin flips margins, paddings and positions of every style.
  rtl: createCache({ key: 'muirtl', prepend: true, stylisPlugins: [prefixer, rtlPlugin] }),
};

/** A query client: no retry storms on 4xx; the API client already told the user. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // offlineFirst: a query runs even offline, so the service worker can answer it from what was read before;
      // mutations fail at once offline ("no connection") rather than wait unseen, unless they go through the outbox.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000, networkMode: 'offlineFirst' },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

/** The theme (light/dark), the writing direction (MUI and emotion) of the current locale. */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const mode = useStore(themeStore);
  const locale = useStore(localeStore);
  const dir = localeDir(locale);
  const theme = appTheme(mode, dir);
  useEffect(() => watchSystemScheme(), []);
  useEffect(() => {
    document.documentElement.style.colorScheme = mode;
    // A theme chosen before the server drew the frame (issue 42) reaches its cookie on the next visit.
    rememberThemeForServer(mode);
  }, [mode]);
  return (
    <CacheProvider value={caches[dir]}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <Staged name="app">{children}</Staged>
      </ThemeProvider>
    </CacheProvider>
  );
}

/** Every provider the app needs, in order. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AppThemeProvider>{children}</AppThemeProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
