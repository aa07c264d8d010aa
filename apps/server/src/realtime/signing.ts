import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

const hex = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

function equal(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

/** The `auth` of a private or presence subscription: key:HMAC-SHA256(secret, socket_id:channel[:channel_data]). */
export function channelAuth(key: string, secret: string, socketId: string, channel: string, channelData?: string): string {
  return `${key}:${hex(secret, channelData === undefined ? `${socketId}:${channel}` : `${socketId}:${channel}:${channelData}`)}`;
}

/** Checks a subscription's auth in constant time. */
export function verifyChannelAuth(
  key: string,
  secret: string,
  socketId: string,
  channel: string,
  auth: unknown,
  channelData?: string,
): boolean {
  return typeof auth === 'string' && equal(auth, channelAuth(key, secret, socketId, channel, channelData));
}

/** The `auth` of a user sign-in: key:HMAC-SHA256(secret, socket_id::user::user_data). */
export function userAuth(key: string, secret: string, socketId: string, userData: string): string {
  return `${key}:${hex(secret, `${socketId}::user::${userData}`)}`;
}

export function verifyUserAuth(key: string, secret: string, socketId: string, userData: unknown, auth: unknown): boolean {
  return typeof auth === 'string' && typeof userData === 'string' && equal(auth, userAuth(key, secret, socketId, userData));
}

/**
 * Pusher HTTP API request signing: HMAC-SHA256 over "METHOD\nPATH\nsorted query", with auth_key,
 * auth_timestamp (within 600 s), auth_version 1.0 and body_md5 for bodies.
 */
export function verifyApiRequest(opts: {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  rawBody: string;
  key: string;
  secret: string;
  nowSeconds: number;
}): boolean {
  const q: Record<string, string> = {};
  for (const [k, v] of Object.entries(opts.query)) if (typeof v === 'string') q[k.toLowerCase()] = v;
  if (q.auth_key !== opts.key || q.auth_version !== '1.0' || !q.auth_signature) return false;
  const ts = Number(q.auth_timestamp);
  if (!Number.isFinite(ts) || Math.abs(opts.nowSeconds - ts) > 600) return false;
  if (opts.rawBody && q.body_md5 !== createHash('md5').update(opts.rawBody).digest('hex')) return false;
  const signature = q.auth_signature;
  delete q.auth_signature;
  const queryString = Object.keys(q)
    .sort()
    .map((k) => `${k}=${q[k]}`)
    .join('&');
  return equal(signature, hex(opts.secret, `${opts.method.toUpperCase()}\n${opts.path}\n${queryString}`));
}
