import { moneyEndpoints as api } from '@tribes/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WalletService } from './wallet.service.js';
import { route, sent } from '#src/core/route.js';

/** The services these routes use, passed by the app (not the app's whole context, a repo or a database handle). */
export interface WebhooksRoutesDeps {
  wallet: WalletService;
}

/**
 * POST /v1/payments/{provider}/webhook: the provider's signed events, checked on the raw body
 * with a 300 s tolerance either way (past and future), each applied once. Only Stripe sends webhooks; the sandbox confirms in-app.
 * Declared in packages/shared/src/contract/money.ts (moneyEndpoints.webhook); its answer is the
 * provider's, outside the envelope.
 */
export async function webhooksRoutes(app: FastifyInstance, { ctx }: { ctx: WebhooksRoutesDeps }) {
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req: FastifyRequest, body, done) => {
    req.rawBody = body as string;
    done(null, {});
  });

  // The raw body stays a string for the signature: the endpoint declares no body schema.
  route(
    app,
    api.webhook,
  )(async (req, reply) => {
    const signature = req.headers['stripe-signature'];
    const result = await ctx.wallet.receiveWebhook(
      req.params.provider,
      req.rawBody ?? '',
      typeof signature === 'string' ? signature : '',
    );
    reply.send({ received: true, result });
    return sent(reply);
  });
}
