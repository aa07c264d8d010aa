import { pushEndpoints } from '@tribes/shared';
import { api } from '../../app/api';

/**
 * This browser's Web Push subscription (DESIGN 10.3): asked for only after a member chooses to (a
 * button, never on load), stored on the server for the member signed in, forgotten on sign-out.
 */
export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

export const pushSupported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The VAPID key as PushManager.subscribe wants it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

const registration = () => navigator.serviceWorker.getRegistration('/');

/** Whether this browser gets pushes for the member now. */
export async function readPushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  if (Notification.permission !== 'granted') return 'off';
  const sub = await (await registration())?.pushManager.getSubscription();
  return sub ? 'on' : 'off';
}

/** Asks the browser's permission, subscribes with the server's key and stores the subscription. */
export async function enablePush(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'off';
  const reg = (await registration()) ?? (await navigator.serviceWorker.register('/sw.js'));
  await navigator.serviceWorker.ready;
  const key = keyBytes((await api.call(pushEndpoints.vapidKey)).data.public_key);
  let sub = await reg.pushManager.getSubscription();
  if (sub) {
    // Subscribed with another server key (the operator changed VAPID keys): start again.
    const old = sub.options.applicationServerKey;
    const same = old && new Uint8Array(old).every((b, i) => b === key[i]) && old.byteLength === key.length;
    if (!same) {
      await sub.unsubscribe();
      sub = null;
    }
  }
  sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const json = sub.toJSON() as { endpoint: string; expirationTime?: number | null; keys: { p256dh: string; auth: string } };
  await api.call(pushEndpoints.subscribe, {
    body: { endpoint: json.endpoint, expirationTime: json.expirationTime ?? null, keys: json.keys },
  });
  return 'on';
}

/** Stops pushes to this browser: the server forgets it, then the browser drops the subscription. */
export async function disablePush(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const sub = await (await registration())?.pushManager.getSubscription();
  if (sub) {
    await api.call(pushEndpoints.unsubscribe, { body: { endpoint: sub.endpoint } }).catch(() => undefined);
    await sub.unsubscribe().catch(() => false);
  }
  return Notification.permission === 'denied' ? 'denied' : 'off';
}
