/**
 * Everything that touches the Firebase Authentication SDK. Loaded ONLY through `import('./firebase-client')`
 * once a visitor picks a Firebase method (or returns from a redirect, or has a Firebase session to watch),
 * so the SDK never weighs on /sign-in's first load. No token is logged or kept here: the ID token goes
 * straight to the Tribes API, which answers a Tribes session.
 */
import { getApp, getApps, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  FacebookAuthProvider,
  GoogleAuthProvider,
  OAuthProvider,
  RecaptchaVerifier,
  connectAuthEmulator,
  getAuth,
  getRedirectResult,
  onIdTokenChanged,
  signInWithPhoneNumber,
  signInWithPopup,
  signInWithRedirect,
  signOut,
  type Auth,
  type AuthProvider,
  type ConfirmationResult,
} from 'firebase/auth';
import type { AuthProviders } from '@tribes/shared';
import { identityErrorCode } from './identity-errors';

export type FirebaseConfig = NonNullable<AuthProviders['firebase']>;
export type PopupProvider = 'google' | 'apple' | 'facebook';

const APP_NAME = 'tribes';
let cached: { key: string; auth: Auth } | null = null;

/** The Auth instance for this config, made once; connected to the emulator when the server names one. */
export function firebaseAuth(config: FirebaseConfig): Auth {
  const key = `${config.project_id}|${config.api_key}|${config.emulator_host ?? ''}`;
  if (cached?.key === key) return cached.auth;
  const app: FirebaseApp = getApps().some((a) => a.name === APP_NAME)
    ? getApp(APP_NAME)
    : initializeApp({ apiKey: config.api_key, authDomain: config.auth_domain, projectId: config.project_id }, APP_NAME);
  const auth = getAuth(app);
  if (config.emulator_host) {
    connectAuthEmulator(auth, `http://${config.emulator_host}`, { disableWarnings: true });
    // The emulator sends no real SMS and checks no reCAPTCHA: the verifier is a stand-in there.
    auth.settings.appVerificationDisabledForTesting = true;
  }
  auth.useDeviceLanguage();
  cached = { key, auth };
  return auth;
}

function providerFor(provider: PopupProvider): AuthProvider {
  switch (provider) {
    case 'google': {
      const google = new GoogleAuthProvider();
      google.setCustomParameters({ prompt: 'select_account' });
      return google;
    }
    case 'apple': {
      const apple = new OAuthProvider('apple.com');
      apple.addScope('email');
      apple.addScope('name');
      return apple;
    }
    case 'facebook':
      return new FacebookAuthProvider();
  }
}

/** A popup sign-in's ID token; when the browser blocks the popup, the page goes to the provider instead. */
export async function signInWithProvider(
  config: FirebaseConfig,
  provider: PopupProvider,
  language: string,
): Promise<{ idToken: string } | { redirecting: true }> {
  const auth = firebaseAuth(config);
  auth.languageCode = language;
  try {
    const credential = await signInWithPopup(auth, providerFor(provider));
    return { idToken: await credential.user.getIdToken() };
  } catch (err) {
    if (identityErrorCode(err) !== 'popup-blocked') throw err;
    await signInWithRedirect(auth, providerFor(provider));
    return { redirecting: true };
  }
}

/** After coming back from a redirect sign-in: its ID token, or null when there was none. */
export async function redirectIdToken(config: FirebaseConfig): Promise<string | null> {
  const auth = firebaseAuth(config);
  const credential = await getRedirectResult(auth);
  return credential ? credential.user.getIdToken() : null;
}

/**
 * Sends the SMS code to a phone number (E.164). The reCAPTCHA is invisible, drawn in `container`;
 * the emulator skips it (appVerificationDisabledForTesting).
 */
export async function sendPhoneCode(
  config: FirebaseConfig,
  phone: string,
  container: HTMLElement,
  language: string,
): Promise<ConfirmationResult> {
  const auth = firebaseAuth(config);
  auth.languageCode = language;
  const verifier = new RecaptchaVerifier(auth, container, { size: 'invisible' });
  try {
    return await signInWithPhoneNumber(auth, phone, verifier);
  } finally {
    verifier.clear();
  }
}

/** Checks the SMS code and answers the ID token of the phone user. */
export async function confirmPhoneCode(confirmation: ConfirmationResult, code: string): Promise<string> {
  const credential = await confirmation.confirm(code);
  return credential.user.getIdToken();
}

/**
 * Watches the Firebase user behind a Tribes session (specification section 4: the session is cleared
 * when the account is disabled or the user token expired). Asks the service about the user now and on
 * every `recheck()` (accounts:lookup through reload()), and follows the SDK's own token refreshes.
 * `onInvalid` is called once, with the client code, when the user may no longer be signed in:
 * user-disabled or user-token-expired as the service answers; user-token-expired as well when the SDK
 * dropped its user (it does so silently on start for a user it cannot reload, whatever the reason).
 */
export function watchFirebaseUser(
  config: FirebaseConfig,
  onInvalid: (code: 'user-disabled' | 'user-token-expired') => void,
): { recheck: () => Promise<void>; stop: () => void } {
  const auth = firebaseAuth(config);
  let stopped = false;
  let reported = false;
  let hadUser = false;
  const invalid = (code: 'user-disabled' | 'user-token-expired') => {
    if (stopped || reported) return;
    reported = true;
    onInvalid(code);
  };
  const fail = (err: unknown) => {
    const code = identityErrorCode(err);
    if (code === 'user-disabled' || code === 'user-token-expired') invalid(code);
  };
  const recheck = async () => {
    await auth.authStateReady();
    const user = auth.currentUser;
    if (stopped) return;
    if (!user) return invalid('user-token-expired');
    hadUser = true;
    // A disabled account or a revoked token answers an error (and the SDK signs its user out).
    await user.reload().catch(fail);
  };
  const unsubscribe = onIdTokenChanged(
    auth,
    (user) => {
      if (user) hadUser = true;
      // The SDK signed its user out: a failed reload reports its own reason first, this is the fallback.
      else if (hadUser) window.setTimeout(() => invalid('user-token-expired'), 1000);
    },
    fail,
  );
  return {
    recheck,
    stop: () => {
      stopped = true;
      unsubscribe();
    },
  };
}

/** Signs the Firebase user out (a Tribes logout, or a Tribes sign-in that failed). */
export async function signOutFirebase(config: FirebaseConfig): Promise<void> {
  await signOut(firebaseAuth(config));
}
