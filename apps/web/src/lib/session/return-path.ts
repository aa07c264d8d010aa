/**
 * A page a signed-out visitor wanted to act on (give to a campaign from a shared link): kept for this
 * tab while they sign in or sign up, so the sign-in comes back to it (see waitingPathAfterSignIn)
 * instead of the usual next page. Cleared once a signed-in page is shown.
 */
const KEY = 'tribes.returnTo';

/** An app path of this site only ("/tribes/…"), never another host ("//evil", "\\evil", "https://…"). */
export function isAppPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.includes('\\');
}

/** Remembers where to come back to after signing in (an app path without its locale prefix). */
export function rememberReturn(path: string): void {
  if (!isAppPath(path)) return;
  try {
    window.sessionStorage.setItem(KEY, path);
  } catch {
    // Storage refused (private mode): sign-in goes on to its usual page.
  }
}

/** Where sign-in should come back to, else null. */
export function pendingReturnPath(): string | null {
  try {
    const path = typeof window === 'undefined' ? null : window.sessionStorage.getItem(KEY);
    return path && isAppPath(path) ? path : null;
  } catch {
    return null;
  }
}

export function forgetReturn(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}
