import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { bearerToken } from './auth-guard.js';
import { safeEqualHex, sha256 } from './crypto.js';
import { HttpError, notFound } from './errors.js';
import type { JobStateCount } from './jobs/jobs.js';

/**
 * Prometheus metrics of one node (DESIGN 11.1), on a registry of its own: tests build several apps in
 * one process, and prom-client's global registry would refuse the second app's series.
 */
export interface Metrics {
  registry: Registry;
  /** Request durations by method, route template and status. */
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  /** Mails that failed for good (their last try refused). */
  mailFailed: Counter;
}

/** What the gauges read when Prometheus scrapes. */
export interface MetricsSources {
  /** This node's open websocket connections. */
  realtimeConnections: () => number;
  /** Jobs by queue and state (empty when the queue does not run). */
  jobStates: () => Promise<JobStateCount[]>;
  /** Told when a scrape could not read a source (the rest of the scrape is still answered). */
  onCollectError: (err: unknown) => void;
  /** How long a scrape waits for the job counts (2 s by default): a database that does not answer must not hang it. */
  jobStatesTimeoutMs?: number;
}

/** The label of requests no route matched: one series for every unknown URL, so cardinality stays bounded. */
export const UNMATCHED_ROUTE = 'unmatched';

/** The route template a request matched (`/api/v1/tribes/:id`), never its raw URL; `unmatched` otherwise. */
export function routeTemplate(request: FastifyRequest): string {
  // The not-found handler has no route: its url is undefined.
  return request.routeOptions.url ?? UNMATCHED_ROUTE;
}

/** Resolves with the promise's value, or rejects once `ms` pass without it. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The registry with the process's default metrics and the series of DESIGN 11.1, reading `sources` on each scrape. */
export function createMetrics(sources: MetricsSources): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration in seconds, by method, route template and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const mailFailed = new Counter({
    name: 'tribes_mail_failed_total',
    help: 'Mails that failed for good (every retry refused), since this node started.',
    registers: [registry],
  });
  new Gauge({
    name: 'tribes_realtime_connections',
    help: "This node's open websocket connections.",
    registers: [registry],
    collect() {
      this.set(sources.realtimeConnections());
    },
  });
  new Gauge({
    name: 'tribes_jobs',
    help: 'Jobs held by the queue (pg-boss), by queue and state.',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      // Stale counts are worse than none: a failed read leaves the series out of this scrape.
      this.reset();
      try {
        for (const { queue, state, count } of await within(sources.jobStates(), sources.jobStatesTimeoutMs ?? 2_000)) {
          this.set({ queue, state }, count);
        }
      } catch (err) {
        sources.onCollectError(err);
      }
    },
  });
  return { registry, httpDuration, mailFailed };
}

/**
 * Records every request's duration and serves `GET /metrics` (Prometheus text) to a holder of the
 * token. Without a token (METRICS_TOKEN unset) nothing is recorded and the path answers the
 * envelope's 404, so it never falls through to the web app's pages.
 */
export function registerMetrics(app: FastifyInstance, options: { token?: string; metrics?: Metrics }): void {
  const { token, metrics } = options;
  const expected = token ? sha256(token) : undefined;
  if (metrics) {
    app.addHook('onResponse', async (request, reply) => {
      metrics.httpDuration.observe(
        { method: request.method, route: routeTemplate(request), status: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });
  }
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!metrics || !expected) throw notFound();
    const given = bearerToken(request);
    // Digests of equal length, compared in constant time, so a timing probe learns nothing of the token.
    if (!given || !safeEqualHex(sha256(given), expected)) {
      throw new HttpError(401, 'errors.unauthorized', {}, undefined, { 'www-authenticate': 'Bearer' });
    }
    const body = await metrics.registry.metrics();
    return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(body);
  });
}
