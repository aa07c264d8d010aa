import { startLoading } from '../components/loading-bar/loading-store';
import { notify } from '../components/snackbar/notice-store';
import { clearSession, sessionStore } from '../features/auth/session-store';
import { createApiClient } from '../lib/api-client';
import { API_BASE } from './config';
import { i18n, localeStore } from './i18n';
import { navigateTo } from './navigation';

/** Forced logout (a 401, or logout itself): specification section 4, then home. */
export function forceLogout(): void {
  clearSession();
  navigateTo('/');
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
});
