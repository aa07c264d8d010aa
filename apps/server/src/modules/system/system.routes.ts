import { systemEndpoints as api, TOKEN_CURRENCY } from '@tribes/shared';
import type { FastifyInstance } from 'fastify';
import type { Config } from '#src/core/config.js';
import { HttpError } from '#src/core/errors.js';
import { MAIL_QUEUE } from '#src/core/mail/mailer.js';
import type { Jobs } from '#src/core/jobs/jobs.js';
import { route } from '#src/core/route.js';
import type { DatabaseProbe } from './database-probe.js';
import type { SiteRisks } from './site-risks.js';

/** What only the node knows of itself: whether it drains (SIGTERM), whether its Redis connection is up. */
export interface NodeState {
  readonly draining: boolean;
  /** Undefined without REDIS_URL. */
  redis(): 'up' | 'down' | undefined;
}

/** What these routes read, passed by the app (not the app's whole context, a repo or a database handle). */
export interface SystemRoutesDeps {
  config: Config;
  jobs: Pick<Jobs, 'running' | 'failedCount' | 'counts'>;
  realtime: { appKey: string; hub: { connectionCount: number } };
  risks: Pick<SiteRisks, 'demoAccounts'>;
  database: DatabaseProbe;
}

/** Liveness, readiness and health for load balancers and operators (DESIGN 11.1). */
export async function systemRoutes(app: FastifyInstance, { ctx, node }: { ctx: SystemRoutesDeps; node: NodeState }) {
  // 503 in the envelope, never a 500 or a hang: a balancer takes the node out, and puts it back by itself.
  const databaseAnswers = () =>
    ctx.database.ping().catch((err: Error) => {
      app.log.warn({ err: { name: err.name, message: err.message } }, 'database unreachable');
      throw new HttpError(503, 'errors.database_unavailable');
    });

  // What the web app needs to know at run time and cannot at build time (the realtime key is per install).
  route(
    app,
    api.config,
  )(async () => {
    const url = ctx.config.publicUrl;
    const scheme = url.protocol === 'https:' ? 'https' : 'http';
    return {
      data: {
        realtime: {
          key: ctx.realtime.appKey,
          host: url.hostname,
          port: Number(url.port || (scheme === 'https' ? 443 : 80)),
          scheme,
        },
        // What the buy-tokens confirmation shows: the price of one token (integer cents, never a float).
        payments: {
          provider: ctx.config.payment.provider,
          token_price_cents: ctx.config.payment.tokenPriceCents,
          currency: TOKEN_CURRENCY,
          display_currencies: Object.keys(ctx.config.payment.displayRates),
          display_rates: ctx.config.payment.displayRates,
        },
        map: { tile_url: ctx.config.map.tileUrl, attribution: ctx.config.map.attribution },
        translation: { enabled: ctx.config.translation !== null },
      },
    };
  });

  // Liveness: the process runs and its event loop turns; nothing else is asked.
  route(app, api.live)(async () => ({ data: { status: 'ok' } }));

  // Readiness: the node listens only once migrated (main.ts), so a database that answers is enough.
  route(
    app,
    api.ready,
  )(async () => {
    if (node.draining) throw new HttpError(503, 'errors.shutting_down');
    await databaseAnswers();
    return { data: { status: 'ok' } };
  });

  route(
    app,
    api.health,
  )(async () => {
    await databaseAnswers();
    const redis = node.redis();
    const jobs = ctx.jobs.running
      ? { mail_failed: await ctx.jobs.failedCount(MAIL_QUEUE), ...(await ctx.jobs.counts()) }
      : undefined;
    return {
      data: {
        status: 'ok',
        database: ctx.database.kind,
        ...(redis ? { redis } : {}),
        ...(jobs ? { jobs } : {}),
        realtime: { connections: ctx.realtime.hub.connectionCount },
        payments: { provider: ctx.config.payment.provider },
        demo_accounts: ctx.risks.demoAccounts,
      },
    };
  });
}
