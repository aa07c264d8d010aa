import { moneyEndpoints as api } from '@tribes/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type Stripe from 'stripe';
import type { AppContext } from '#src/composition.js';
import { HttpError, notFound } from '#src/core/errors.js';
import { route, sent } from '#src/core/route.js';
import { verifyStripeEvent } from './payment-providers.js';

/**
 * POST /v1/payments/{provider}/webhook: the provider's signed events, checked on the raw body
 * with a 300 s tolerance either way (past and future), each applied once. Only Stripe sends webhooks; the sandbox confirms in-app.
 * Declared in packages/shared/src/contract/money.ts (moneyEndpoints.webhook); its answer is the
 * provider's, outside the envelope.
 */
export async function webhooksRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req: FastifyRequest, body, done) => {
    req.rawBody = body as string;
    done(null, {});
  });

  // The raw body stays a string for the signature: the endpoint declares no body schema.
  route(
    app,
    api.webhook,
  )(async (req, reply) => {
    const { provider } = req.params;
    const secret = ctx.config.payment.stripeWebhookSecret;
    if (provider !== 'stripe' || ctx.config.payment.provider !== 'stripe' || !secret) throw notFound();
    const signature = req.headers['stripe-signature'];
    let event: Stripe.Event;
    try {
      event = await verifyStripeEvent(req.rawBody ?? '', typeof signature === 'string' ? signature : '', secret, ctx.clock.now());
    } catch {
      throw new HttpError(400, 'errors.bad_request');
    }
    const result = await ctx.wallet.applyStripeEvent(event);
    reply.send({ received: true, result });
    return sent(reply);
  });
}
