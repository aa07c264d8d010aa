/**
 * An invite opened while signed out: kept for this tab while the visitor signs in, so sign-in
 * comes back to /invite/{code} (see pathAfterLogin) instead of the usual next page.
 */
const KEY = 'tribes.pendingInvite';

export function rememberInvite(code: string): void {
  try {
    window.sessionStorage.setItem(KEY, code);
  } catch {
    // Storage refused (private mode): sign-in goes on to its usual page.
  }
}

export function pendingInvite(): string | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function forgetInvite(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}

/** Where sign-in goes when an invite is waiting, else null. */
export function pendingInvitePath(): string | null {
  const code = pendingInvite();
  return code ? `/invite/${encodeURIComponent(code)}` : null;
}
