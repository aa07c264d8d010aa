import { authEndpoints } from '@tribes/shared';
import { api, forceLogout } from '../../app/api';
import { i18n } from '../../app/i18n';
import { notify } from '../../components/snackbar/notice-store';
import { sessionStore } from '../../lib/session/session-store';
import type { FirebaseConfig } from './firebase-client';

import { hasFirebaseSession, markFirebaseSession } from '../../lib/session/firebase-session-flag';

export { hasFirebaseSession, markFirebaseSession };

/**
 * Specification section 8: a disabled account or an expired user token signs the user out of Tribes too.
 * The Tribes token is revoked (best effort), the session cleared as by any logout (to /), and the reason shown.
 */
export async function signOutOfTribes(code: 'user-disabled' | 'user-token-expired'): Promise<void> {
  // Signed out already (a logout that signed the Firebase user out): nothing more to say.
  if (!sessionStore.get().isLoggedIn || !hasFirebaseSession()) return;
  markFirebaseSession(false);
  await api.call(authEndpoints.logout, undefined, { notifySuccess: false, quietStatuses: [401] }).catch(() => undefined);
  forceLogout();
  notify(i18n.t(`identity.errors.${code}`), 'error');
}

let known: FirebaseConfig | null = null;

/** The config of the Firebase user being watched, so a Tribes logout can sign that user out too. */
export function rememberFirebaseConfig(config: FirebaseConfig): void {
  known = config;
}

// A Tribes logout (the menu, a 401, another tab) signs the Firebase user out too.
sessionStore.subscribe(() => {
  if (sessionStore.get().isLoggedIn || !hasFirebaseSession()) return;
  markFirebaseSession(false);
  const config = known;
  if (config) void import('./firebase-client').then((client) => client.signOutFirebase(config)).catch(() => undefined);
});
