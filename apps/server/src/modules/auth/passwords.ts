import { passwordMentionsAccount } from '@tribes/shared';
import argon2 from 'argon2';
import { fieldError } from '#src/core/errors.js';

/** argon2id with OWASP's minimum parameters, pinned so a library upgrade cannot weaken them silently. */
export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password with the pinned argon2id parameters. */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password against a stored hash. With no hash (unknown account) it still does the same
 * work against a dummy hash, so the answer takes as long whether or not the account exists.
 */
export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword('dummy password for timing equality');
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/**
 * Refuses, as a field error on `password`, a new password that contains the account's email or
 * name (the schemas check what their own body carries; this covers the account's stored values).
 */
export function assertPasswordIsNotPersonal(password: string, account: { email?: string | null; name?: string | null }): void {
  if (passwordMentionsAccount(password, account)) throw fieldError('password', 'validation.password_personal');
}
