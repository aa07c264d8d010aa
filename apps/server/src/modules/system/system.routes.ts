import { systemEndpoints as api, TOKEN_CURRENCY } from '@tribes/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#src/composition.js';
import { ping } from '#src/core/db/client.js';
import { MAIL_QUEUE } from '#src/core/mail/mailer.js';
import { route } from '#src/core/route.js';

/** Liveness and readiness for load balancers and operators. */
export async function systemRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
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
      },
    };
  });

  route(
    app,
    api.health,
  )(async () => {
    await ping(ctx.db);
    const jobs = ctx.jobs.running ? { mail_failed: await ctx.jobs.failedCount(MAIL_QUEUE) } : undefined;
    return {
      data: {
        status: 'ok',
        database: ctx.database.kind,
        ...(jobs ? { jobs } : {}),
        payments: { provider: ctx.config.payment.provider },
        demo_accounts: ctx.risks.demoAccounts,
      },
    };
  });
}
