import type { Server, ServerResponse } from 'node:http';
import { Server as NetServer } from 'node:net';

/**
 * A node's HTTP side while it drains (SIGTERM, DESIGN 11.1): readiness reads `draining`, the
 * listener stops taking connections, and the requests in flight are answered before the app closes.
 */
export interface HttpDrain {
  /** True from the signal on: GET /v1/health/ready answers 503. */
  readonly draining: boolean;
  /** Requests received and not answered yet. */
  readonly inFlight: number;
  /**
   * Marks the node draining, stops accepting connections and waits up to `graceMs` for the requests
   * in flight; then closes the connections left. Resolves true when every request was answered.
   */
  drain(graceMs: number): Promise<boolean>;
}

/** Counts the server's requests from now on, so that a drain knows when the last one is answered. */
export function trackRequests(server: Server): HttpDrain {
  const open = new Set<ServerResponse>();
  let draining = false;
  let settled: (() => void) | undefined;
  // Before Fastify's own listener, so that a request arriving during the drain carries the header.
  server.prependListener('request', (_req, res: ServerResponse) => {
    open.add(res);
    if (draining) res.setHeader('connection', 'close');
    res.once('close', () => {
      open.delete(res);
      if (open.size === 0) settled?.();
    });
  });
  return {
    get draining() {
      return draining;
    },
    get inFlight() {
      return open.size;
    },
    async drain(graceMs) {
      draining = true;
      // Each answer from now on closes its connection, so keep-alive clients (a balancer's pool) move on.
      for (const res of open) if (!res.headersSent) res.setHeader('connection', 'close');
      // The listening socket closes now. http.Server#close would also cut idle keep-alive connections at
      // once, losing a request already on its way over one; they are answered instead, and closed below.
      if (server.listening) NetServer.prototype.close.call(server);
      if (open.size > 0) {
        let timer: NodeJS.Timeout | undefined;
        await new Promise<void>((resolve) => {
          settled = resolve;
          timer = setTimeout(resolve, graceMs);
        });
        clearTimeout(timer);
        settled = undefined;
      }
      const answered = open.size === 0;
      server.closeIdleConnections();
      if (!answered) server.closeAllConnections();
      return answered;
    },
  };
}
