import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissPushOffer, offerPush, pushOfferStore } from './push-offer';

/** A browser that can take pushes, with the permission in the given state. */
function pushCapable(permission: NotificationPermission) {
  vi.stubGlobal('Notification', { permission, requestPermission: vi.fn() });
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
}

beforeEach(() => {
  localStorage.clear();
  pushOfferStore.set(false);
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('the offer of push notifications', () => {
  it('shows after a meaningful action when the browser was never asked', () => {
    pushCapable('default');
    offerPush();
    expect(pushOfferStore.get()).toBe(true);
  });

  it('never shows when the browser cannot push, or was already answered', () => {
    offerPush();
    expect(pushOfferStore.get()).toBe(false);
    for (const answered of ['granted', 'denied'] as const) {
      pushCapable(answered);
      offerPush();
      expect(pushOfferStore.get()).toBe(false);
    }
  });

  it('rests for 30 days after "Not now", then comes back', () => {
    pushCapable('default');
    offerPush();
    dismissPushOffer();
    expect(pushOfferStore.get()).toBe(false);
    offerPush();
    expect(pushOfferStore.get()).toBe(false);
    localStorage.setItem('tribes.pushOffer.dismissedAt', String(Date.now() - 31 * 24 * 60 * 60 * 1000));
    offerPush();
    expect(pushOfferStore.get()).toBe(true);
  });
});
