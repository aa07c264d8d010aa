import type { Clock } from '#src/core/clock.js';
import type { Db } from '#src/core/db/client.js';
import type { SignIn } from '../auth/index.js';
import type { UserAccounts } from '../users/index.js';
import { createPasskeyAssertions } from './assertions.js';
import { createPasskeysRepo } from './passkeys.repo.js';
import type { UserPasskeys } from './passkeys.ports.js';
import { createPasskeysService } from './passkeys.service.js';

/**
 * Wires the passkeys module in two steps: first the repo and the WebAuthn assertion check (the
 * second factor takes them before sign-in exists), then `withSignIn` the service: WebAuthn
 * credentials registered by a user, and the passwordless sign-in.
 */
export function createPasskeysModule(deps: { db: Db; clock: Clock; publicUrl: URL }) {
  const repo = createPasskeysRepo(deps.db);
  const assertions = createPasskeyAssertions({ repo, clock: deps.clock, publicUrl: deps.publicUrl });
  return {
    /** The sign-in methods list (identity) reads and removes a user's passkeys through this. */
    userPasskeys: repo as UserPasskeys,
    /** One passkey check for the passwordless sign-in and the second factor. */
    assertions,
    withSignIn({ users, signIn }: { users: UserAccounts; signIn: SignIn }) {
      return { passkeys: createPasskeysService({ repo, assertions, users, signIn, clock: deps.clock }) };
    },
  };
}
