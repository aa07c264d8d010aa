import { startLoading } from '../components/loading-bar/loading-store';
import { notify } from '../components/snackbar/notice-store';
import { createApiClient } from '../lib/api-client';
import { requestReauth } from '../lib/reauth-prompt';
import { requestHeaders } from '../lib/request-headers';
import { API_BASE } from './config';
import { i18n, localeStore } from './i18n';
import { navigateTo } from './navigation';

/**
 * What the API client needs of the session. The client is a seam every feature imports, so it
 * imports no feature: the auth feature's session store is bound here by the composition root
 * (app/session-binding.ts, called by main.tsx), never imported.
 */
export interface ApiSession {
  /** The bearer token of the signed-in user, or null. */
  accessToken(): string | null;
  /** Clears token, user data and sign-up data (specification section 4). */
  clear(): void;
  /** Marks a logout on its way home, so the guard of the page being left sends there too. */
  setLoggingOut(on: boolean): void;
}

const NO_SESSION: ApiSession = { accessToken: () => null, clear: () => undefined, setLoggingOut: () => undefined };
let session: ApiSession = NO_SESSION;

/** Binds the session the API client reads its token from and clears on a forced logout. */
export function bindApiSession(next: ApiSession | null): void {
  session = next ?? NO_SESSION;
}

/**
 * Forced logout (a 401, or logout itself): specification section 4, then home. The flag makes the
 * guard of the page being left send the user home too, rather than to /sign-in.
 */
export function forceLogout(): void {
  session.setLoggingOut(true);
  session.clear();
  void navigateTo('/').finally(() => window.setTimeout(() => session.setLoggingOut(false), 1000));
}

/** The app's API client, wired to the session, the language, the snackbar and the loading bar. */
export const api = createApiClient({
  baseUrl: API_BASE,
  getToken: () => session.accessToken(),
  getLocale: () => localeStore.get(),
  t: (key) => i18n.t(key),
  notify,
  onUnauthorized: forceLogout,
  onReauthRequired: requestReauth,
  startLoading,
  extraHeaders: requestHeaders,
});
