import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { usersEndpoints } from '@tribes/shared';
import { api } from '../../app/api';
import { useLocaleNavigate } from '../../app/locale-hooks';
import { clearSession, pathAfterLogin, sessionStore, signIn } from '../../lib/session/session-store';

/** What the OIDC callback put in the fragment: the session token and where to go back to. */
export function readCompletion(hash: string): { token: string | null; returnTo: string | null } {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const returnTo = params.get('return_to');
  // Same-site app paths only, as the server keeps them: never another host.
  const safe = returnTo && returnTo.startsWith('/') && !returnTo.startsWith('//') && !returnTo.includes('\\') ? returnTo : null;
  return { token: params.get('token') || null, returnTo: safe };
}

export type CompletionState = 'pending' | 'missing' | 'failed';

/**
 * /sign-in/complete: takes the token from the fragment and at once removes it from the address bar
 * and history, reads the user with it (GET /v1/me), stores the session like a login and continues:
 * onboarding per last_step, or the page the sign-in started from once onboarding is done.
 */
export function useOidcCompletion(): CompletionState {
  const location = useLocation();
  const navigate = useLocaleNavigate();
  // Read once: the fragment is wiped below, and a second effect run (StrictMode) must not lose it.
  const [completion] = useState(() => readCompletion(location.hash));
  const [state, setState] = useState<CompletionState>(completion.token ? 'pending' : 'missing');

  useEffect(() => {
    if (window.location.hash)
      window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  }, []);

  useEffect(() => {
    const { token, returnTo } = completion;
    if (!token) return;
    let cancelled = false;
    // This sign-in replaces any session the browser had: /v1/me must be asked with the new token.
    if (sessionStore.get().accessToken) clearSession();
    api
      .call(usersEndpoints.me, undefined, { headers: { Authorization: `Bearer ${token}` } })
      .then(({ data }) => {
        if (cancelled) return;
        signIn(token, data.user);
        const onboarded = data.user.profile.last_step === 'tribe-selection-completed';
        navigate(onboarded && returnTo ? returnTo : pathAfterLogin(data.user), { replace: true });
      })
      .catch(() => {
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
    };
  }, [completion, navigate]);

  return state;
}
