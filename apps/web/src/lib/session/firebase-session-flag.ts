/**
 * Whether the Tribes session on this device was made from a Firebase user: one localStorage flag, in a
 * module of its own so the signed-in layout can ask without loading the identity feature.
 */
import { safeStorage as storage } from './session-store';

const SESSION_KEY = 'tribes.firebase-session';

/** Marks the Tribes session as made from a Firebase user, whose state is then watched (firebase-session-watch). */
export function markFirebaseSession(on: boolean): void {
  if (on) storage()?.setItem(SESSION_KEY, '1');
  else storage()?.removeItem(SESSION_KEY);
}

export function hasFirebaseSession(): boolean {
  return storage()?.getItem(SESSION_KEY) === '1';
}
