import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '#src/core/clock.js';
import type { Config } from '#src/core/config.js';
import type { Db } from '#src/core/db/client.js';
import type { SignIn, TokensService } from '../auth/index.js';
import type { UserPasskeys } from '../passkeys/index.js';
import type { UserAccounts } from '../users/index.js';
import { createFirebaseVerifier, type FirebaseVerifier } from './identity.firebase.js';
import type { IdentityLinks } from './identity.ports.js';
import { createIdentityRepo } from './identity.repo.js';
import { createIdentityService } from './identity.service.js';

/**
 * Wires Firebase identities and the sign-in methods list: the verifier (firebase-admin, loaded on
 * first use) only when FIREBASE_PROJECT_ID is set. `verifier` replaces it in tests.
 */
export function createIdentityModule({
  db,
  config,
  clock,
  users,
  passkeys,
  signIn,
  tokens,
  logger,
  verifier,
}: {
  db: Db;
  config: Pick<Config, 'firebase' | 'oidcProviders'>;
  clock: Clock;
  users: UserAccounts;
  passkeys: Pick<UserPasskeys, 'listOf' | 'remove'>;
  signIn: SignIn;
  tokens: Pick<TokensService, 'userChanged'>;
  logger: Pick<FastifyBaseLogger, 'warn'>;
  verifier?: FirebaseVerifier;
}) {
  const repo = createIdentityRepo(db);
  const f = config.firebase;
  const firebase = f
    ? {
        projectId: f.projectId,
        verifier: verifier ?? createFirebaseVerifier({ projectId: f.projectId, emulatorHost: f.emulatorHost }),
      }
    : undefined;
  const identity = createIdentityService({
    repo,
    passkeys,
    users,
    signIn,
    clock,
    firebase,
    config,
    userChanged: (id) => tokens.userChanged(id),
    log: (fields, message) => logger.warn(fields, message),
  });
  const identities: IdentityLinks = repo;
  return { identity, identities };
}
