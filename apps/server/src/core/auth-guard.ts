import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, unauthorized } from './errors.js';

/**
 * The signed-in user as core sees it: an id. The module that owns users widens it to its full row
 * by declaration merging (modules/users/request-user.ts), so routes read `req.auth.user` fully typed
 * while core imports no module.
 */
export interface AuthUser {
  id: string;
}

export interface RequestAuth {
  user: AuthUser;
  tokenId: string;
  /** When the session last proved its owner (its sign-in, or a reauth): sensitive acts need it recent. */
  authenticatedAt: Date;
}

/** What the guard needs from the module that owns tokens: the user and token behind a bearer token, if live. */
export interface TokenAuthenticator {
  authenticate(token: string): Promise<RequestAuth | undefined>;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
  interface FastifyInstance {
    /** onRequest hook: 401 unless the request carries a live bearer token. */
    authenticate(request: FastifyRequest): Promise<void>;
    /** onRequest hook: reads a bearer token when there is one, never refuses. */
    identify(request: FastifyRequest): Promise<void>;
    /**
     * onRequest hook after `authenticate`, for sensitive acts ("sudo mode", DESIGN 11.7): 403
     * reauthentication_required unless the session signed in or reauthenticated within the window.
     */
    requireFresh(request: FastifyRequest): Promise<void>;
  }
}

/** The bearer token of the Authorization header, if well-formed. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer ([A-Za-z0-9_\-.~+/=]{1,512})$/.exec(header.trim());
  return match?.[1];
}

/** The 403 of a sensitive act on a session that is not fresh: `POST /v1/me/reauth` first. */
export const reauthenticationRequired = () =>
  new HttpError(403, 'errors.reauthentication_required', {}, undefined, {}, 'reauthentication_required');

/** Whether a session that proved its owner at `authenticatedAt` may still do a sensitive act at `now`. */
export function isFresh(authenticatedAt: Date, now: Date, windowSeconds: number): boolean {
  const age = now.getTime() - authenticatedAt.getTime();
  // A clock moved backwards (age < 0) does not make a session fresh forever: it counts from now.
  return age >= -60_000 && age < windowSeconds * 1000;
}

/** Decorates the app with the guards every route picks from. */
export const authGuard = fp(
  async (app: FastifyInstance, opts: { tokens: TokenAuthenticator; now: () => Date; reauthWindowSeconds: number }) => {
    app.decorateRequest('auth', null);
    const resolve = async (request: FastifyRequest) => {
      const token = bearerToken(request);
      return token ? opts.tokens.authenticate(token) : undefined;
    };
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const found = await resolve(request);
      if (!found) throw unauthorized();
      request.auth = found;
    });
    app.decorate('identify', async (request: FastifyRequest) => {
      request.auth = (await resolve(request)) ?? null;
    });
    app.decorate('requireFresh', async (request: FastifyRequest) => {
      const auth = request.auth;
      if (!auth) throw unauthorized();
      if (!isFresh(auth.authenticatedAt, opts.now(), opts.reauthWindowSeconds)) throw reauthenticationRequired();
    });
  },
);
