import { createStore } from '../external-store';
import { pushSupported } from './push-device';

/** How long "Not now" keeps the offer away. */
const QUIET_DAYS = 30;
const DISMISSED_KEY = 'tribes.pushOffer.dismissedAt';

/** Whether the offer to turn on notifications on this device shows (after a meaningful action). */
export const pushOfferStore = createStore(false);

function dismissedRecently(now = Date.now()): boolean {
  try {
    const at = Number(localStorage.getItem(DISMISSED_KEY));
    return Number.isFinite(at) && at > 0 && now - at < QUIET_DAYS * 24 * 60 * 60 * 1000;
  } catch {
    return false;
  }
}

/**
 * Offers push after something a member would want to hear back about (a post, a comment, joining a
 * tribe): never on load, never when the browser cannot, was already asked, or was told "not now" lately.
 */
export function offerPush(): void {
  if (!pushSupported() || Notification.permission !== 'default' || dismissedRecently()) return;
  pushOfferStore.set(true);
}

/** "Not now": the offer rests for QUIET_DAYS. */
export function dismissPushOffer(): void {
  pushOfferStore.set(false);
  try {
    localStorage.setItem(DISMISSED_KEY, String(Date.now()));
  } catch {
    // storage full or off: the offer simply comes back next time
  }
}
