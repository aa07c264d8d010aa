import { lazy, Suspense } from 'react';
import { useSession } from '../../lib/session/session-store';
import { hasFirebaseSession } from '../../lib/session/firebase-session-flag';

const Watch = lazy(() => import('./firebase-session-watch').then((m) => ({ default: m.FirebaseSessionWatch })));

/**
 * Mounts the Firebase session watch only for a session made from a Firebase user: the watch, the
 * identity feature's contract and the providers query are not loaded for anyone else. Renders nothing.
 */
export function FirebaseSessionGate() {
  const { isLoggedIn } = useSession();
  if (!isLoggedIn || !hasFirebaseSession()) return null;
  return (
    <Suspense fallback={null}>
      <Watch />
    </Suspense>
  );
}
