import type { User } from '@tribes/shared';
import { LAST_STEPS, STORAGE_KEYS, type LastStep, type OtpPurpose } from '@tribes/shared/constants';
import { createStore, useStore } from '../external-store';
import { pendingInvitePath } from './pending-invite';
import { pendingReturnPath } from './return-path';

/** A code is on its way to this address, for this purpose; reset_token once a forgot-password code is verified. */
export interface SignUpData {
  email: string;
  purpose: OtpPurpose;
  resetToken?: string;
}

/** The persisted session of DESIGN section 8 (localStorage key `auth`). */
export interface SessionState {
  accessToken: string | null;
  userData: User | null;
  userSignUpData: SignUpData | null;
  isLoggedIn: boolean;
  errors: Record<string, string[]>;
  /** True once a forgot-password code was verified: /reset-password is allowed. */
  resetPassword: boolean;
}

export const EMPTY_SESSION: SessionState = {
  accessToken: null,
  userData: null,
  userSignUpData: null,
  isLoggedIn: false,
  errors: {},
  resetPassword: false,
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reads the stored session, dropping anything malformed rather than trusting it. */
export function parseSession(raw: string | null): SessionState {
  if (!raw) return EMPTY_SESSION;
  try {
    const v: unknown = JSON.parse(raw);
    if (!isRecord(v)) return EMPTY_SESSION;
    const token = typeof v.accessToken === 'string' && v.accessToken.length > 0 ? v.accessToken : null;
    const user =
      isRecord(v.userData) && typeof v.userData.id === 'string' && isRecord(v.userData.profile)
        ? (v.userData as unknown as User)
        : null;
    const signUp =
      isRecord(v.userSignUpData) && typeof v.userSignUpData.email === 'string'
        ? (v.userSignUpData as unknown as SignUpData)
        : null;
    return {
      accessToken: token,
      userData: token ? user : null,
      userSignUpData: signUp,
      isLoggedIn: Boolean(token && user),
      errors: isRecord(v.errors) ? (v.errors as Record<string, string[]>) : {},
      resetPassword: v.resetPassword === true,
    };
  } catch {
    return EMPTY_SESSION;
  }
}

/** localStorage, or null where it cannot be read (private modes, blocked storage, no window). */
export function safeStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The session store, persisted on every change and kept in step across tabs. */
export const sessionStore = createStore<SessionState>(parseSession(safeStorage()?.getItem(STORAGE_KEYS.auth) ?? null));

sessionStore.subscribe(() => {
  const storage = safeStorage();
  const state = sessionStore.get();
  if (!storage) return;
  if (state === EMPTY_SESSION) storage.removeItem(STORAGE_KEYS.auth);
  else storage.setItem(STORAGE_KEYS.auth, JSON.stringify(state));
});

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEYS.auth) sessionStore.set(parseSession(event.newValue));
  });
}

/** Stores a fresh sign-in (login or verified email). */
export function signIn(token: string, user: User): void {
  sessionStore.set((s) => ({
    ...s,
    accessToken: token,
    userData: user,
    isLoggedIn: true,
    userSignUpData: null,
    resetPassword: false,
    errors: {},
  }));
}

/** Replaces the signed-in user after an update. */
export function setUser(user: User): void {
  // The same user again (GET /v1/me on each start) keeps the session as it is: nothing re-renders.
  sessionStore.set((s) => (s.isLoggedIn && JSON.stringify(s.userData) !== JSON.stringify(user) ? { ...s, userData: user } : s));
}

export function setSignUpData(data: SignUpData | null): void {
  sessionStore.set((s) => ({ ...s, userSignUpData: data, resetPassword: Boolean(data?.resetToken) }));
}

/** True while a logout is on its way to /: guards then send there rather than to /sign-in. */
export const loggingOutStore = createStore(false);

/** Specification section 4: clears token, user data, sign-up data and tribes; removes stored auth. */
export function clearSession(): void {
  safeStorage()?.removeItem(STORAGE_KEYS.tribes);
  sessionStore.set(EMPTY_SESSION);
}

/** The session in a component. */
export function useSession(): SessionState {
  return useStore(sessionStore);
}

/** Where onboarding continues for a signed-in user, from profile.last_step. */
export function nextOnboardingPath(lastStep: LastStep | null | undefined): string {
  switch (lastStep) {
    case 'role-selection-completed':
      return '/tribe-selection';
    case 'tribe-selection-completed':
      return '/home';
    case 'email-verified':
    case null:
    case undefined:
      return '/role-selection';
  }
}

/** How far onboarding got: 0 nothing, 1 email verified, ... 3 tribe chosen. */
export function onboardingRank(lastStep: LastStep | null | undefined): number {
  return lastStep ? LAST_STEPS.indexOf(lastStep) + 1 : 0;
}

/** Where a sign-in goes before onboarding's usual next page: a waiting invite, then a remembered page; else null. */
export function waitingPathAfterSignIn(): string | null {
  return pendingInvitePath() ?? pendingReturnPath();
}

/** Specification section 2: after login, /tribe-selection unless the tribe is already chosen. */
export function pathAfterLogin(user: User): string {
  // An invite opened while signed out comes first (back to /invite/{code} to join), then a page the
  // visitor signed in to act on (a campaign they want to give to).
  const waiting = waitingPathAfterSignIn();
  if (waiting) return waiting;
  return user.profile.last_step === 'tribe-selection-completed' ? '/home' : '/tribe-selection';
}
