import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_TYPES, type NotificationType } from '@tribes/shared';

/** What an unsubscribe link turns off: one notification type's mail, or the weekly digest. */
export type UnsubscribeType = NotificationType | 'digest';
const TYPES: readonly string[] = [...NOTIFICATION_TYPES, 'digest'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const sign = (appSecret: string, payload: string) =>
  createHmac('sha256', `tribes:unsubscribe:${appSecret}`).update(payload).digest().subarray(0, 16).toString('base64url');

/**
 * `<user id>.<type>.<mac>` (RFC 8058 one-click): works without signing in and never expires, so a
 * mail read months later still unsubscribes; the MAC under the app secret makes it unforgeable.
 */
export function unsubscribeToken(appSecret: string, userId: string, type: UnsubscribeType): string {
  const payload = `${userId}.${type}`;
  return `${payload}.${sign(appSecret, payload)}`;
}

/** The user and type of a genuine token, else null. */
export function readUnsubscribeToken(appSecret: string, token: string): { userId: string; type: UnsubscribeType } | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [userId, type, mac] = parts as [string, string, string];
  if (!UUID.test(userId) || !TYPES.includes(type)) return null;
  const expected = Buffer.from(sign(appSecret, `${userId}.${type}`));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, type: type as UnsubscribeType };
}

/** The web page a person opens, and the URI a mail client POSTs to for one-click unsubscribe. */
export const unsubscribeUrl = (publicUrl: string, token: string) =>
  new URL(`unsubscribe/${encodeURIComponent(token)}`, publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`).href;

/** RFC 2369 / RFC 8058 headers of every notification mail. */
export function unsubscribeHeaders(publicUrl: string, token: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${unsubscribeUrl(publicUrl, token)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}
