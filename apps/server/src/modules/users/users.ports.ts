import type { Session } from '@tribes/shared';
import type { UsersRepo } from './users.repo.js';

/**
 * What the users module needs of sign-in, declared here and implemented by the auth module (which
 * depends on users, never the reverse): the composition passes auth's tokens service and password
 * functions in. Users owns the accounts; auth owns sessions and password hashing.
 */
export interface UserSessions {
  /** A user's row changed or is gone: every node forgets its cached copy before the request answers. */
  userChanged(userId: string): Promise<void>;
  /** The user's signed-in devices, the current one marked. */
  list(userId: string, currentTokenId: string): Promise<Session[]>;
  /** Signs one of the user's devices out; false when it is not theirs or is gone. */
  revoke(tokenId: string, userId: string): Promise<boolean>;
  /** Signs out every device of the user but one; how many were signed out. */
  revokeAll(userId: string, exceptTokenId?: string): Promise<number>;
}

/** Password hashing and rules, implemented by auth's passwords.ts. */
export interface UserPasswords {
  hashPassword(password: string): Promise<string>;
  verifyPassword(hash: string | null | undefined, password: string): Promise<boolean>;
  /** Throws the field error when the password repeats the account's email or name. */
  assertPasswordIsNotPersonal(password: string, account: { email?: string | null; name?: string | null }): void;
}

/**
 * Files another module keeps for an account beside its rows (a data export's ZIP, DESIGN 11.2): the
 * rows go with the account through their foreign keys, the files are deleted through this first.
 */
export interface AccountFiles {
  forget(userId: string): Promise<void>;
}

/**
 * The accounts as other modules read and write them (sign-up, invites, settings, sign-in lookups):
 * the users module's port, backed by its repo and handed out by `createUsersModule` as `accounts`.
 * Nobody outside users sees the repo itself.
 */
export type UserAccounts = Pick<
  UsersRepo,
  'findById' | 'findByEmail' | 'findByPhone' | 'create' | 'update' | 'delete' | 'anyWithEmailDomain'
>;
