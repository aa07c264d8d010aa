import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Seals a secret at rest with AES-256-GCM under a key derived from the app secret, bound to a
 * context (a TOTP factor's user id; `mail` for a queued mail) so a sealed value copied to another row
 * or used for another purpose does not open. Format: `v1.<iv>.<tag>.<ciphertext>`, each base64url.
 * (The key's label keeps its first name, so TOTP secrets sealed before still open.)
 */
const keyFrom = (appSecret: string) => createHash('sha256').update(`tribes:totp-seal:${appSecret}`).digest();

export function seal(appSecret: string, plaintext: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(appSecret), iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

/** Opens a sealed value; throws when it was altered, sealed under another key or for another context. */
export function unseal(appSecret: string, sealed: string, context: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Unknown sealed format');
  const decipher = createDecipheriv('aes-256-gcm', keyFrom(appSecret), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
