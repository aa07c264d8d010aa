import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { reloadOnceForChunkError } from './app/chunk-reload';
import { LOCALE_STRATEGY } from './app/config';
import { FatalErrorBoundary } from './app/error-boundary';
import { initI18n } from './app/i18n';
import { resolveLocation } from './app/locale-routing';
import { setNavigator } from './app/navigation';
import { preferredLocale } from './app/preferred-locale';
import { AppProviders, createQueryClient } from './app/providers';
import { buildRoutes } from './app/routes';

// A chunk that vanished after a deploy: reload once per 10 s per path, else let the error screen show.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadOnceForChunkError()) event.preventDefault();
});

async function start() {
  const { locale } = resolveLocation(window.location.pathname, LOCALE_STRATEGY, preferredLocale());
  await initI18n(locale);
  const router = createBrowserRouter(buildRoutes());
  setNavigator((to, options) => router.navigate(to, options));
  const queryClient = createQueryClient();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <FatalErrorBoundary>
          <RouterProvider router={router} />
        </FatalErrorBoundary>
      </AppProviders>
    </StrictMode>,
  );
}

void start();
