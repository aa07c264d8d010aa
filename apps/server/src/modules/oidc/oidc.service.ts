import type { OidcErrorCode } from '@tribes/shared';
import type { Clock } from '#src/core/clock.js';
import type { OidcProviderConfig } from '#src/core/config.js';
import { hmac, safeEqualHex } from '#src/core/crypto.js';
import { HttpError } from '#src/core/errors.js';
import { isUniqueViolation, type UserRow, type UserAccounts } from '../users/index.js';
import type { SignIn, SignInDevice } from '../auth/index.js';
import { OidcIssuerError, type OidcClaims, type OidcClient } from './oidc.client.js';
import type { IdentityLinks, NewIdentityRow } from '../identity/index.js';
import type { OidcRepo, OidcStateRow } from './oidc.repo.js';

/** How long a started authorization may take to come back. */
export const OIDC_STATE_TTL_MS = 10 * 60 * 1000;

/** Where a linked identity lands when the caller named no page. */
export const LINK_DEFAULT_RETURN = '/setting/sign-in-methods';

/** How a callback ended; the routes turn each into a redirect. */
export type OidcOutcome =
  | { kind: 'signed_in'; token: string; returnTo: string | null }
  | { kind: 'two_factor_required'; challengeId: string }
  | { kind: 'linked'; returnTo: string }
  | { kind: 'failed'; code: OidcErrorCode; /** Set when a link failed: the page to go back to. */ linkReturnTo?: string };

/** What the issuer sent back to the callback (the query as parsed, and the URL it came to). */
export interface OidcCallbackInput {
  query: { state?: string; code?: string; error?: string };
  /** The public callback URL with the query as received (openid-client checks `iss`, `state`, `code`). */
  url: URL;
  device: SignInDevice;
  /** The binding cookie the browser sent along (undefined when it sent none). */
  binding: string | undefined;
}

/** A started authorization: the issuer URL, and the value of the cookie that binds it to this browser. */
export interface OidcStart {
  url: string;
  binding: string;
}

/** A failure worth a log line: which step, which provider, why (never a code, token or claim). */
export type OidcLog = (fields: { provider: string; step: string; reason: string }) => void;

/**
 * A same-site path to return to, or null: it must start with one `/` (not `//` or `/\`, which
 * browsers read as another host) and hold no control characters.
 */
export function safeReturnTo(value: string | undefined | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  return value;
}

/** A display name from the claims: the name, else the email's local part, else a neutral word. */
function nameFrom(claims: OidcClaims): string {
  const name = claims.name?.trim() || claims.email?.split('@')[0]?.trim() || 'Member';
  return name.slice(0, 100);
}

/** A subject as a user_identities row: the provider's configured id is its issuer and provider. */
const identityValues = (providerId: string, claims: OidcClaims, at: Date): NewIdentityRow => ({
  kind: 'oidc',
  issuer: providerId,
  subject: claims.sub,
  provider: providerId,
  email: claims.email ?? null,
  createdAt: at,
  lastUsedAt: at,
});

/**
 * OpenID Connect sign-in (DESIGN 10.2). Joining rules: a subject already joined signs in its account;
 * otherwise an account with the same email only when the issuer marks the email verified (and the
 * account verified it too); otherwise a new account (its email only when verified and free). Every
 * way out of the callback is an outcome, never a throw.
 */
export function createOidcService({
  providers,
  client,
  repo,
  identities,
  users,
  signIn,
  clock,
  callbackUrl,
  appSecret,
  log,
}: {
  providers: readonly OidcProviderConfig[];
  client: OidcClient;
  repo: OidcRepo;
  /** The subjects joined to accounts (user_identities, kind 'oidc'). */
  identities: Pick<IdentityLinks, 'find' | 'touch' | 'insert' | 'createUserWithIdentity'>;
  users: UserAccounts;
  signIn: SignIn;
  clock: Clock;
  /** The public URL of a provider's callback (its redirect_uri). */
  callbackUrl: (providerId: string) => string;
  /** Keys the browser binding of a state. */
  appSecret: string;
  log: OidcLog;
}) {
  /**
   * The state's binding to the browser that started the flow (DESIGN 11.7), kept in an httpOnly
   * cookie: a callback carrying someone else's state (login CSRF: an attacker's own authorization
   * finished in the victim's browser) comes without it. Only the server can compute it, so nothing
   * needs storing beside the state.
   */
  const bindingOf = (state: string) => hmac(appSecret, `oidc-browser:${state}`);

  const provider = (id: string): OidcProviderConfig => {
    const found = providers.find((p) => p.id === id);
    if (!found) throw new HttpError(404, 'oidc.unknown_provider');
    return found;
  };

  /** The account a subject signs in to: joined already, joined by a verified email, or new. */
  async function accountFor(providerId: string, claims: OidcClaims): Promise<UserRow> {
    const now = clock.now();
    const joined = await identities.find('oidc', providerId, claims.sub);
    if (joined) {
      const user = await users.findById(joined.userId);
      if (user) {
        await identities.touch(joined.id, { lastUsedAt: now });
        return user;
      }
    }
    const verifiedEmail = claims.emailVerified && claims.email ? claims.email : null;
    const existing = verifiedEmail ? await users.findByEmail(verifiedEmail) : undefined;
    try {
      // Both sides must have proved the address: joining an account whose owner never verified it would
      // hand the issuer's user an account someone else may have registered (and know the password of).
      if (existing?.emailVerifiedAt) {
        await identities.insert(existing.id, identityValues(providerId, claims, now));
        return existing;
      }
      // The address is taken by an unverified account: a new account without it.
      const email = existing ? null : verifiedEmail;
      return await identities.createUserWithIdentity(
        {
          name: nameFrom(claims),
          email,
          emailVerifiedAt: email ? now : null,
          // Signed in through the issuer: onboarding starts at the role (as after a verified sign-up).
          lastStep: 'email-verified',
          createdAt: now,
          updatedAt: now,
        },
        identityValues(providerId, claims, now),
      );
    } catch (err) {
      // Two callbacks for one new subject (or one new email) raced: the winner's account is the one.
      if (!isUniqueViolation(err)) throw err;
      const winner = await identities.find('oidc', providerId, claims.sub);
      const user = winner && (await users.findById(winner.userId));
      if (!user) throw err;
      return user;
    }
  }

  /** Joins the subject to the signed-in account that started the link. */
  async function link(state: OidcStateRow, claims: OidcClaims): Promise<OidcOutcome> {
    const returnTo = state.returnTo ?? LINK_DEFAULT_RETURN;
    const joined = await identities.find('oidc', state.providerId, claims.sub);
    if (joined && joined.userId !== state.linkUserId)
      return { kind: 'failed', code: 'oidc_linked_elsewhere', linkReturnTo: returnTo };
    if (!joined) {
      try {
        await identities.insert(state.linkUserId!, identityValues(state.providerId, claims, clock.now()));
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        return { kind: 'failed', code: 'oidc_linked_elsewhere', linkReturnTo: returnTo };
      }
    }
    return { kind: 'linked', returnTo };
  }

  return {
    /** The configured providers, for GET /v1/auth/providers. */
    providers: () => providers.map(({ id, name }) => ({ id, name })),

    /** 404 for an unknown provider (before anything else is looked at). */
    assertProvider(id: string): void {
      provider(id);
    },

    /**
     * Starts an authorization: a fresh state, PKCE verifier and nonce kept for 10 minutes, and the
     * issuer URL to send the browser to, with the binding its cookie carries. OidcIssuerError('unavailable')
     * when the issuer cannot be reached.
     */
    async start(
      providerId: string,
      { returnTo, linkUserId }: { returnTo?: string; linkUserId?: string } = {},
    ): Promise<OidcStart> {
      const p = provider(providerId);
      const secrets = await client.randomSecrets();
      const url = await client.authorizationUrl(p, { ...secrets, redirectUri: callbackUrl(p.id) });
      const now = clock.now();
      // Authorizations that ended or were abandoned leave with the next start (an hour past their expiry).
      await repo.pruneStates(new Date(now.getTime() - 60 * 60 * 1000));
      await repo.insertState({
        state: secrets.state,
        providerId: p.id,
        codeVerifier: secrets.codeVerifier,
        nonce: secrets.nonce,
        returnTo: safeReturnTo(returnTo),
        linkUserId: linkUserId ?? null,
        expiresAt: new Date(now.getTime() + OIDC_STATE_TTL_MS),
        createdAt: now,
      });
      return { url, binding: bindingOf(secrets.state) };
    },

    /**
     * Finishes an authorization: checks the state's browser binding, spends the state once, exchanges
     * the code, joins the subject, signs in. A state from another browser is refused before it is
     * spent, so a forged callback cannot burn the flow of the browser that owns it.
     */
    async callback(providerId: string, input: OidcCallbackInput): Promise<OidcOutcome> {
      const p = provider(providerId);
      const fail = (code: OidcErrorCode, step: string, reason: string, linkReturnTo?: string): OidcOutcome => {
        log({ provider: p.id, step, reason });
        return { kind: 'failed', code, ...(linkReturnTo ? { linkReturnTo } : {}) };
      };
      const { state: stateValue, code, error } = input.query;
      if (stateValue && !(input.binding && safeEqualHex(input.binding, bindingOf(stateValue)))) {
        return fail('oidc_state', 'state', input.binding ? 'state of another browser' : 'no browser binding cookie');
      }
      const state = stateValue ? await repo.consumeState(stateValue, p.id, clock.now()) : undefined;
      if (!state) return fail('oidc_state', 'state', stateValue ? 'unknown, expired or spent state' : 'no state');
      const linkReturnTo = state.linkUserId ? (state.returnTo ?? LINK_DEFAULT_RETURN) : undefined;
      if (error) {
        const denied = error === 'access_denied';
        return fail(denied ? 'oidc_denied' : 'oidc_failed', 'authorize', `issuer error ${error.slice(0, 60)}`, linkReturnTo);
      }
      if (!code) return fail('oidc_failed', 'authorize', 'no code', linkReturnTo);
      let claims: OidcClaims;
      try {
        claims = await client.exchange(p, input.url, {
          state: state.state,
          nonce: state.nonce,
          codeVerifier: state.codeVerifier,
        });
      } catch (err) {
        if (!(err instanceof OidcIssuerError)) throw err;
        return fail(err.reason === 'unavailable' ? 'oidc_unavailable' : 'oidc_failed', 'exchange', err.message, linkReturnTo);
      }
      if (state.linkUserId) return link(state, claims);
      const user = await accountFor(p.id, claims);
      const outcome = await signIn.complete(user, input.device);
      return outcome.kind === 'signed_in'
        ? { kind: 'signed_in', token: outcome.token, returnTo: state.returnTo }
        : { kind: 'two_factor_required', challengeId: outcome.challengeId };
    },
  };
}

export type OidcService = ReturnType<typeof createOidcService>;
