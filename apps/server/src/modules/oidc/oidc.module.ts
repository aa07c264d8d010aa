import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '#src/core/clock.js';
import type { Config } from '#src/core/config.js';
import type { Db } from '#src/core/db/client.js';
import type { UserAccounts } from '../users/index.js';
import type { SignIn } from '../auth/index.js';
import type { IdentityLinks } from '../identity/index.js';
import { createOpenIdClient, type OidcClient } from './oidc.client.js';
import { createOidcRepo } from './oidc.repo.js';
import { createOidcService } from './oidc.service.js';

/** Is the issuer on this machine (a local test or development issuer over plain http)? */
const isLoopback = (issuer: string) => ['localhost', '127.0.0.1', '[::1]'].includes(new URL(issuer).hostname);

/**
 * Wires OpenID Connect sign-in: the providers of OIDC_PROVIDERS, openid-client (loaded on first use)
 * and the callback URL under PUBLIC_URL. Plain-http issuers are allowed outside production, or on
 * loopback (tests, local development); production issuers must use https.
 */
export function createOidcModule({
  db,
  config,
  clock,
  users,
  identities,
  signIn,
  logger,
  client,
}: {
  db: Db;
  config: Pick<Config, 'oidcProviders' | 'publicUrl' | 'env' | 'appSecret'>;
  clock: Clock;
  users: UserAccounts;
  /** The identity module's linked identities (sign-up and linking through a provider). */
  identities: IdentityLinks;
  signIn: SignIn;
  logger: Pick<FastifyBaseLogger, 'warn'>;
  client?: OidcClient;
}) {
  const providers = config.oidcProviders.filter(
    (p) => new URL(p.issuer).protocol === 'https:' || config.env !== 'production' || isLoopback(p.issuer),
  );
  for (const p of config.oidcProviders.filter((x) => !providers.includes(x)))
    logger.warn({ provider: p.id }, 'oidc provider left out: a plain-http issuer in production');
  const oidc = createOidcService({
    providers,
    client: client ?? createOpenIdClient({ allowHttp: true }),
    repo: createOidcRepo(db),
    identities,
    users,
    signIn,
    clock,
    callbackUrl: (id) => new URL(`api/v1/auth/oidc/${encodeURIComponent(id)}/callback`, config.publicUrl).href,
    appSecret: config.appSecret,
    log: (fields) => logger.warn({ oidc: fields }, 'oidc sign-in failed'),
  });
  return { oidc };
}
