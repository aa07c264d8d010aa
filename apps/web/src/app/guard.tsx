import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { loggingOutStore, useSession } from '../lib/session/session-store';
import { forgetReturn } from '../lib/session/return-path';
import { useStore } from '../lib/external-store';
import { guardRedirect, type GuardKind } from './guards';
import { useLocalePath } from './locale-hooks';

/** Runs a route's guard: renders the page, or redirects to where the visitor belongs. */
export function Guard({ kind, children }: { kind: GuardKind; children: ReactNode }) {
  const session = useSession();
  const toUrl = useLocalePath();
  const loggingOut = useStore(loggingOutStore);
  const redirect = guardRedirect(kind, session);
  const target = loggingOut && redirect === '/sign-in' ? '/' : redirect;
  const shown = !target;
  // A page remembered for after sign-in (rememberReturn) has done its work once a signed-in page shows.
  useEffect(() => {
    if (shown && session.isLoggedIn) forgetReturn();
  }, [shown, session.isLoggedIn]);
  if (target) return <Navigate to={toUrl(target)} replace />;
  return <>{children}</>;
}
