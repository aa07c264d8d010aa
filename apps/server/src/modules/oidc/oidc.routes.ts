import { oidcEndpoints as api } from '@tribes/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '#src/core/config.js';
import type { OidcService } from './oidc.service.js';
import { HttpError } from '#src/core/errors.js';
import { LIMITS, limit } from '#src/core/rate-limit.js';
import { route, sent } from '#src/core/route.js';
import { OidcIssuerError } from './oidc.client.js';
import { bindingCookie, clearBindingCookie, setBindingCookie } from './oidc.cookie.js';
import type { OidcOutcome } from './oidc.service.js';

/** Adds a query parameter to a same-site path. */
const withParam = (path: string, name: string, value: string) =>
  `${path}${path.includes('?') ? '&' : '?'}${name}=${encodeURIComponent(value)}`;

/** Where the browser goes after a callback (DESIGN 10.2): the token travels in the fragment, never to a server. */
export function callbackLocation(outcome: OidcOutcome, providerId: string): string {
  switch (outcome.kind) {
    case 'signed_in': {
      const back = outcome.returnTo ? `&return_to=${encodeURIComponent(outcome.returnTo)}` : '';
      return `/sign-in/complete#token=${encodeURIComponent(outcome.token)}${back}`;
    }
    case 'two_factor_required':
      return withParam('/sign-in', 'challenge', outcome.challengeId);
    case 'linked':
      return withParam(outcome.returnTo, 'linked', providerId);
    case 'failed':
      return withParam(outcome.linkReturnTo ?? '/sign-in', 'error', outcome.code);
  }
}

/** A redirect nobody caches and that leaks no URL (the callback's carries the code) to the next page. */
function redirect(reply: FastifyReply, location: string) {
  return sent(reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(location, 302));
}

/** The services these routes use, passed by the app (not the app's whole context, a repo or a database handle). */
export interface OidcRoutesDeps {
  config: Config;
  oidc: OidcService;
}

/**
 * OpenID Connect sign-in (packages/shared/src/contract/oidc.ts): browser navigations answered with
 * redirects; only an unknown provider is a 404 envelope.
 */
export async function oidcRoutes(app: FastifyInstance, { ctx }: { ctx: OidcRoutesDeps }) {
  route(app, api.start, { config: limit(app, LIMITS.otp) })(async (req, reply) => {
    ctx.oidc.assertProvider(req.params.id);
    try {
      const started = await ctx.oidc.start(req.params.id, { returnTo: req.query.return_to });
      setBindingCookie(reply, ctx.config.publicUrl, req.params.id, started.binding);
      return redirect(reply, started.url);
    } catch (err) {
      if (!(err instanceof OidcIssuerError)) throw err;
      req.log.warn({ oidc: { provider: req.params.id, step: 'discovery', reason: err.message } }, 'oidc issuer unavailable');
      return redirect(reply, '/sign-in?error=oidc_unavailable');
    }
  });

  route(app, api.callback, { config: limit(app, LIMITS.otp) })(async (req, reply) => {
    ctx.oidc.assertProvider(req.params.id);
    // openid-client compares the redirect_uri and reads state, code and iss from the URL as received.
    const search = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
    const url = new URL(`api/v1/auth/oidc/${encodeURIComponent(req.params.id)}/callback${search}`, ctx.config.publicUrl);
    let outcome: OidcOutcome;
    // Whatever the outcome, this browser's authorization is over.
    clearBindingCookie(reply, ctx.config.publicUrl, req.params.id);
    try {
      outcome = await ctx.oidc.callback(req.params.id, {
        query: req.query,
        url,
        device: { userAgent: req.headers['user-agent'] ?? null },
        binding: bindingCookie(req),
      });
    } catch (err) {
      if (err instanceof HttpError) throw err;
      // Never a 500 page in the middle of a sign-in: the web app shows the failure.
      // Only the error's kind: a failed query's message would carry its parameters (verifier, nonce).
      const e = err as { name?: string; code?: string };
      req.log.error({ err: { name: e?.name, code: e?.code } }, 'oidc callback failed');
      outcome = { kind: 'failed', code: 'oidc_failed' };
    }
    return redirect(reply, callbackLocation(outcome, req.params.id));
  });

  route(app, api.link, { config: limit(app, LIMITS.write) })(async (req, reply) => {
    ctx.oidc.assertProvider(req.params.id);
    try {
      const started = await ctx.oidc.start(req.params.id, { returnTo: req.body.return_to, linkUserId: req.auth!.user.id });
      // The web app fetches this (same origin) and then sends the browser to the issuer: the cookie is set here.
      setBindingCookie(reply, ctx.config.publicUrl, req.params.id, started.binding);
      return { data: { url: started.url } };
    } catch (err) {
      if (err instanceof OidcIssuerError) throw new HttpError(503, 'oidc.unavailable');
      throw err;
    }
  });
}
