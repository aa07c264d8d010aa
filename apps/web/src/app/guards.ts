import type { SessionState } from '../lib/session/session-store';
import { nextOnboardingPath, onboardingRank, waitingPathAfterSignIn } from '../lib/session/session-store';

/**
 * The guard every route runs (specification section 2): who may see the page, and where others go.
 * - public: everyone (landing, information pages, error pages)
 * - guest: anonymous only (sign-in, sign-up, get-started, forgot-password)
 * - verify-otp, reset-password: anonymous with a pending code or a verified forgot-password code
 * - role-selection, tribe-selection, register-village: onboarding, in that order
 * - auth: panel pages, signed-in users only
 */
export type GuardKind =
  'public' | 'guest' | 'verify-otp' | 'reset-password' | 'role-selection' | 'tribe-selection' | 'register-village' | 'auth';

/** The app path to send the visitor to instead, or null when the page may render. */
export function guardRedirect(kind: GuardKind, session: SessionState): string | null {
  const rank = onboardingRank(session.userData?.profile.last_step);
  const next = nextOnboardingPath(session.userData?.profile.last_step);
  switch (kind) {
    case 'public':
      return null;
    case 'guest':
      // Signed in on a guest page (just now, on /sign-in): an invite or a page opened while signed out comes first.
      return session.isLoggedIn ? (waitingPathAfterSignIn() ?? next) : null;
    case 'verify-otp':
      // Signed in by an emailed code: a waiting invite or page comes first here too.
      if (session.isLoggedIn) return waitingPathAfterSignIn() ?? next;
      return session.userSignUpData ? null : '/sign-up';
    case 'reset-password':
      if (session.isLoggedIn) return next;
      return session.resetPassword && session.userSignUpData?.resetToken ? null : '/forgot-password';
    case 'role-selection':
      if (!session.isLoggedIn) return '/sign-in';
      return rank >= 2 ? next : null;
    case 'tribe-selection':
      if (!session.isLoggedIn) return '/sign-in';
      if (rank < 2) return '/role-selection';
      return rank >= 3 ? '/home' : null;
    case 'register-village':
      if (!session.isLoggedIn) return '/sign-in';
      return rank >= 3 ? null : next;
    case 'auth':
      return session.isLoggedIn ? null : '/sign-in';
  }
}
