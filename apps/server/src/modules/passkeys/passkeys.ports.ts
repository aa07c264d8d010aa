import type { PasskeysRepo } from './passkeys.repo.js';

/** What the sign-in methods list (identity) asks of passkeys: a user's passkeys, and removing one. */
export type UserPasskeys = Pick<PasskeysRepo, 'listOf' | 'remove'>;
