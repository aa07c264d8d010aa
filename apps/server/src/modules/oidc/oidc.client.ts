import type { OidcProviderConfig } from '#src/core/config.js';
import { lazy } from '#src/core/lazy.js';

/** openid-client, loaded by the first OIDC request rather than at start-up. */
const loadClient = lazy(() => import('openid-client'));
type Client = Awaited<ReturnType<typeof loadClient>>;
type Configuration = InstanceType<Client['Configuration']>;

/** What the service needs from a provider's claims (ID token, completed from userinfo when missing). */
export interface OidcClaims {
  sub: string;
  email?: string;
  emailVerified: boolean;
  name?: string;
}

/** The checks one authorization response is held to. */
export interface OidcChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** Why a step with the issuer failed: unreachable (discovery) or refused (exchange, checks). */
export class OidcIssuerError extends Error {
  override name = 'OidcIssuerError';
  constructor(
    readonly reason: 'unavailable' | 'failed',
    message: string,
  ) {
    super(message);
  }
}

/** The issuer side of the flow: the URL to send the browser to, and the code exchange. */
export interface OidcClient {
  authorizationUrl(
    provider: OidcProviderConfig,
    p: { redirectUri: string; state: string; nonce: string; codeVerifier: string },
  ): Promise<string>;
  /** Exchanges the code (PKCE verifier, state, nonce and `iss` checked) and answers the subject's claims. */
  exchange(provider: OidcProviderConfig, callbackUrl: URL, checks: OidcChecks): Promise<OidcClaims>;
  randomSecrets(): Promise<{ state: string; nonce: string; codeVerifier: string }>;
}

/**
 * openid-client v6 behind the OidcClient seam. Discovery is lazy and cached per provider: an issuer
 * that is down at start-up does not stop the app, and a failed discovery is tried again next time.
 * `http://` issuers are allowed only when asked (tests and local development).
 */
export function createOpenIdClient({ allowHttp = false, timeoutSeconds = 10 } = {}): OidcClient {
  const configs = new Map<string, Promise<Configuration>>();

  const configuration = async (provider: OidcProviderConfig): Promise<Configuration> => {
    const client = await loadClient();
    let pending = configs.get(provider.id);
    if (!pending) {
      const insecure = allowHttp && new URL(provider.issuer).protocol === 'http:';
      pending = client.discovery(
        new URL(provider.issuer),
        provider.clientId,
        { client_secret: provider.clientSecret },
        client.ClientSecretPost(provider.clientSecret),
        { timeout: timeoutSeconds, ...(insecure ? { execute: [client.allowInsecureRequests] } : {}) },
      );
      configs.set(provider.id, pending);
      pending.catch(() => configs.delete(provider.id));
    }
    try {
      return await pending;
    } catch (err) {
      throw new OidcIssuerError('unavailable', `discovery failed: ${describe(err)}`);
    }
  };

  return {
    async randomSecrets() {
      const client = await loadClient();
      return { state: client.randomState(), nonce: client.randomNonce(), codeVerifier: client.randomPKCECodeVerifier() };
    },

    async authorizationUrl(provider, { redirectUri, state, nonce, codeVerifier }) {
      const config = await configuration(provider);
      const client = await loadClient();
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return url.href;
    },

    async exchange(provider, callbackUrl, checks) {
      const config = await configuration(provider);
      const client = await loadClient();
      try {
        const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: checks.codeVerifier,
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          idTokenExpected: true,
        });
        const idToken = tokens.claims()!;
        let claims: Record<string, unknown> = { ...idToken };
        // Many issuers (oidc-provider by default) put email and name in userinfo, not the ID token.
        if ((claims.email === undefined || claims.name === undefined) && config.serverMetadata().userinfo_endpoint) {
          const info = await client.fetchUserInfo(config, tokens.access_token, idToken.sub);
          claims = {
            ...info,
            ...claims,
            email: claims.email ?? info.email,
            email_verified: claims.email_verified ?? info.email_verified,
          };
        }
        return {
          sub: idToken.sub,
          email: typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : undefined,
          // Only a boolean true counts: some issuers send "true" as text, some nothing at all.
          emailVerified: claims.email_verified === true,
          name: typeof claims.name === 'string' ? claims.name : undefined,
        };
      } catch (err) {
        throw new OidcIssuerError('failed', describe(err));
      }
    },
  };
}

/** An error's class, code and message, never its cause's payload (which may echo a code or token). */
function describe(err: unknown): string {
  const e = err as { name?: string; code?: string; message?: string };
  return [e?.name, e?.code, e?.message].filter(Boolean).join(': ').slice(0, 300);
}
