import { useCallback, useEffect, useRef, useState } from 'react';
import type { ConfirmationResult } from 'firebase/auth';
import { useLocale } from '../../app/locale-hooks';
import type { FirebaseConfig, PopupProvider } from './firebase-client';
import { signOutOfTribes } from './firebase-session';
import { QUIET_CODES, SIGN_OUT_CODES, identityErrorCode, identityErrorKey, type IdentityErrorCode } from './identity-errors';

/** What a Firebase sign-in is for: a Tribes session, or a method linked to the signed-in account. */
export type FirebasePurpose = 'sign-in' | 'link';
export type FirebaseMethod = PopupProvider | 'phone';

/** A message in place: `info` for a popup the user closed or replaced, `error` for the rest. */
export interface FlowNotice {
  key: string;
  severity: 'info' | 'error';
  code: IdentityErrorCode | null;
}

// The SDK itself is fetched only here, when a method is picked (or a redirect comes back).
const loadClient = () => import('./firebase-client');

/**
 * Starts fetching the SDK when a method is about to be picked (pointer over or focus on its button), so the
 * click opens the popup while the browser still counts it as the user's gesture.
 */
export const prefetchFirebase = () => void loadClient().catch(() => undefined);

const REDIRECT_KEY = 'tribes.firebase-redirect';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The purpose of a redirect sign-in under way (kept across the trip to the provider). */
export function pendingRedirect(): FirebasePurpose | null {
  const value = storage()?.getItem(REDIRECT_KEY);
  return value === 'sign-in' || value === 'link' ? value : null;
}

/** A notice for a thrown error; null when it is not worth showing. */
export function noticeFor(err: unknown): FlowNotice {
  const code = identityErrorCode(err);
  return { key: identityErrorKey(err), severity: code && QUIET_CODES.has(code) ? 'info' : 'error', code };
}

/**
 * The states of a Firebase sign-in (specification section 4): idle, pending (one method at a time),
 * redirect pending (after the browser blocked the popup, until the provider sends the visitor back),
 * a phone number waiting for its SMS code; and the notice of the last failure.
 * `onIdToken` turns the ID token into what the purpose needs (a session, a link) and throws when it fails:
 * then the Firebase user is signed out again, so nothing half-done remains.
 */
export function useFirebaseFlow(
  config: FirebaseConfig | null | undefined,
  purpose: FirebasePurpose,
  onIdToken: (idToken: string) => Promise<void>,
) {
  const locale = useLocale();
  const [pending, setPending] = useState<FirebaseMethod | null>(null);
  const [redirecting, setRedirecting] = useState(() => pendingRedirect() === purpose);
  const [notice, setNotice] = useState<FlowNotice | null>(null);
  const [confirmation, setConfirmation] = useState<ConfirmationResult | null>(null);
  const handler = useRef(onIdToken);
  handler.current = onIdToken;

  const finish = useCallback(
    async (idToken: string): Promise<boolean> => {
      try {
        await handler.current(idToken);
        return true;
      } catch {
        // The API has shown why (its notice); a sign-in's Firebase user goes so the next try starts clean
        // (a link keeps it: the Tribes session may rest on the Firebase user being watched).
        if (config && purpose === 'sign-in')
          await loadClient()
            .then((c) => c.signOutFirebase(config))
            .catch(() => undefined);
        return false;
      }
    },
    [config, purpose],
  );

  const fail = useCallback((err: unknown) => {
    const next = noticeFor(err);
    setNotice(next);
    // Specification section 8: a disabled account or an expired user token signs the user out of Tribes too.
    if (next.code && SIGN_OUT_CODES.has(next.code)) void signOutOfTribes(next.code as 'user-disabled' | 'user-token-expired');
  }, []);

  // Back from a redirect sign-in: its result, once.
  useEffect(() => {
    if (!config || pendingRedirect() !== purpose) return;
    let live = true;
    setRedirecting(true);
    void (async () => {
      try {
        const client = await loadClient();
        const token = await client.redirectIdToken(config);
        storage()?.removeItem(REDIRECT_KEY);
        if (token && live) await finish(token);
      } catch (err) {
        storage()?.removeItem(REDIRECT_KEY);
        if (live) fail(err);
      } finally {
        if (live) setRedirecting(false);
      }
    })();
    return () => {
      live = false;
    };
  }, [config, purpose, finish, fail]);

  /** Google, Apple or Facebook in a popup (a redirect when the popup is blocked). */
  const startPopup = useCallback(
    async (provider: PopupProvider) => {
      if (!config) return;
      setPending(provider);
      setNotice(null);
      try {
        const client = await loadClient();
        // Kept before the popup opens: a blocked popup turns into a redirect that leaves the page.
        storage()?.setItem(REDIRECT_KEY, purpose);
        const result = await client.signInWithProvider(config, provider, locale);
        if ('redirecting' in result) {
          setRedirecting(true);
          return;
        }
        storage()?.removeItem(REDIRECT_KEY);
        await finish(result.idToken);
      } catch (err) {
        storage()?.removeItem(REDIRECT_KEY);
        fail(err);
      } finally {
        setPending(null);
      }
    },
    [config, purpose, locale, finish, fail],
  );

  /** Sends the SMS code to a phone number; true when it left. */
  const sendPhoneCode = useCallback(
    async (phone: string, container: HTMLElement): Promise<boolean> => {
      if (!config) return false;
      setPending('phone');
      setNotice(null);
      try {
        const client = await loadClient();
        setConfirmation(await client.sendPhoneCode(config, phone, container, locale));
        return true;
      } catch (err) {
        fail(err);
        return false;
      } finally {
        setPending(null);
      }
    },
    [config, locale, fail],
  );

  /** Checks the SMS code, then hands the ID token on; true when all went through. */
  const confirmPhoneCode = useCallback(
    async (code: string): Promise<boolean> => {
      if (!confirmation) return false;
      setPending('phone');
      setNotice(null);
      try {
        const client = await loadClient();
        const token = await client.confirmPhoneCode(confirmation, code);
        return await finish(token);
      } catch (err) {
        fail(err);
        return false;
      } finally {
        setPending(null);
      }
    },
    [confirmation, finish, fail],
  );

  const resetPhone = useCallback(() => {
    setConfirmation(null);
    setNotice(null);
  }, []);

  return {
    pending,
    redirecting,
    busy: pending !== null || redirecting,
    notice,
    clearNotice: () => setNotice(null),
    startPopup,
    sendPhoneCode,
    confirmPhoneCode,
    codeSent: confirmation !== null,
    resetPhone,
  };
}

export type FirebaseFlow = ReturnType<typeof useFirebaseFlow>;
