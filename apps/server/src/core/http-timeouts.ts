import type { ServerOptions } from 'node:http';

/** How long the HTTP server gives a client (DESIGN 10.1), in milliseconds. */
export interface HttpTimeouts {
  /** Node's headersTimeout: until a request's headers are complete. */
  headersMs: number;
  /** Node's requestTimeout: until the whole request (headers and body) is in. */
  requestMs: number;
  /** An idle keep-alive connection between two requests. */
  keepAliveMs: number;
  /** How often Node looks for requests past headersMs / requestMs (connectionsCheckingInterval). */
  checkIntervalMs: number;
}

/**
 * DESIGN 10.1: headers within 30 s, the whole request within 60 s, keep-alive 10 s. Node cuts a late
 * request only at its next check (every 30 s by default, which let a stalled body live 90 s), so the
 * check runs every 2 s and the limits Node applies are 2 s shorter: a stalled body is closed within
 * 60 s of its start, never after. The check walks only requests still being received: cheap.
 */
export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = {
  headersMs: 28_000,
  requestMs: 58_000,
  keepAliveMs: 10_000,
  checkIntervalMs: 2_000,
};

/**
 * The Fastify server options that apply the timeouts. Node applies the request and header limits
 * only to requests still being received: an upgraded websocket is not cut by them.
 */
export function httpTimeoutOptions(t: HttpTimeouts): {
  requestTimeout: number;
  keepAliveTimeout: number;
  http: ServerOptions;
} {
  return {
    // Fastify sets these two on the server after creating it; `http` is passed to http.createServer.
    requestTimeout: t.requestMs,
    keepAliveTimeout: t.keepAliveMs,
    http: {
      headersTimeout: t.headersMs,
      requestTimeout: t.requestMs,
      keepAliveTimeout: t.keepAliveMs,
      connectionsCheckingInterval: t.checkIntervalMs,
    },
  };
}
