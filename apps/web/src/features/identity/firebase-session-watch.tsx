import { useEffect } from 'react';
import { useSession } from '../../lib/session/session-store';
import { useAuthProviders } from './firebase-api';
import { hasFirebaseSession, rememberFirebaseConfig, signOutOfTribes } from './firebase-session';

/**
 * Specification section 4: "the session is cleared automatically if the account is disabled or the user
 * token is expired". While a Tribes session made from a Firebase user is open, the SDK (loaded only then)
 * asks the identity service about that user on arrival and whenever the page comes back into view, and
 * follows its token refreshes; user-disabled or user-token-expired signs the user out of Tribes with the
 * reason. Renders nothing. Mounted by the signed-in layout.
 */
export function FirebaseSessionWatch() {
  const { isLoggedIn } = useSession();
  const watched = isLoggedIn && hasFirebaseSession();
  const providers = useAuthProviders();
  const config = watched ? (providers.data?.firebase ?? null) : null;

  useEffect(() => {
    if (!config) return;
    rememberFirebaseConfig(config);
    let stop = () => undefined as void;
    let live = true;
    const onVisible = () => {
      if (document.visibilityState === 'visible') void watch.then((w) => w?.recheck());
    };
    const watch = import('./firebase-client').then((client) => {
      if (!live) return null;
      const w = client.watchFirebaseUser(config, (code) => {
        w.stop();
        void signOutOfTribes(code);
      });
      stop = w.stop;
      void w.recheck();
      return w;
    });
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      live = false;
      document.removeEventListener('visibilitychange', onVisible);
      stop();
    };
  }, [config]);

  return null;
}
