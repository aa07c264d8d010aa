import { TOKEN_CURRENCY, type PublicConfig } from '@tribes/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#src/core/context.js';
import { ping } from '#src/core/db/client.js';
import { success } from '#src/core/envelope.js';

/** Liveness and readiness for load balancers and operators. */
export async function systemRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // What the web app needs to know at run time and cannot at build time (the realtime key is per install).
  app.get('/v1/config', { schema: { tags: ['system'] } }, async (req, reply) => {
    const url = ctx.config.publicUrl;
    const scheme = url.protocol === 'https:' ? 'https' : 'http';
    return success(req, reply, {
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
      },
    } satisfies PublicConfig);
  });

  app.get('/v1/health', { schema: { tags: ['system'] } }, async (req, reply) => {
    await ping(ctx.db);
    return success(req, reply, { status: 'ok', database: ctx.database.kind });
  });
}
