import { startLoading } from '../components/loading-bar/loading-store';
import { notify } from '../components/snackbar/notice-store';
import { clearSession, loggingOutStore, sessionStore } from '../features/auth/session-store';
import { createApiClient } from '../lib/api-client';
import { requestHeaders } from '../lib/request-headers';
import { API_BASE } from './config';
import { i18n, localeStore } from './i18n';
import { navigateTo } from './navigation';

/**
 * Forced logout (a 401, or logout itself): specification section 4, then home. The flag makes the
 * guard of the page being left send the user home too, rather than to /sign-in.
 */
export function forceLogout(): void {
  loggingOutStore.set(true);
  clearSession();
  void navigateTo('/').finally(() => window.setTimeout(() => loggingOutStore.set(false), 1000));
}

/** The app's API client, wired to the session, the language, the snackbar and the loading bar. */
export const api = createApiClient({
  baseUrl: API_BASE,
  getToken: () => sessionStore.get().accessToken,
  getLocale: () => localeStore.get(),
  t: (key) => i18n.t(key),
  notify,
  onUnauthorized: forceLogout,
  startLoading,
  extraHeaders: requestHeaders,
});
