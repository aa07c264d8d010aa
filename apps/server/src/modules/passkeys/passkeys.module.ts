import type { Clock } from '#src/core/clock.js';
import type { Db } from '#src/core/db/client.js';
import type { SignIn } from '../auth/sign-in.js';
import type { UsersRepo } from '../users/users.repo.js';
import { createPasskeysRepo } from './passkeys.repo.js';
import { createPasskeysService } from './passkeys.service.js';

/** Wires the passkeys module: WebAuthn credentials registered by a user, and the passwordless sign-in. */
export function createPasskeysModule(deps: { db: Db; users: UsersRepo; signIn: SignIn; clock: Clock; publicUrl: URL }) {
  const repo = createPasskeysRepo(deps.db);
  return { passkeys: createPasskeysService({ ...deps, repo }), passkeysRepo: repo };
}
