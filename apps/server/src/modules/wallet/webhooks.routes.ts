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
    const session = event.data.object as { id?: string; metadata?: { payment_id?: string } | null; payment_status?: string };
    const ref = { paymentId: session.metadata?.payment_id, providerRef: session.id };
    let result: 'ignored' | 'duplicate' | 'unknown' | 'applied' = 'ignored';
    if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') {
      if (session.payment_status === 'paid' || event.type === 'checkout.session.async_payment_succeeded')
        result = await ctx.wallet.applyProviderEvent('stripe', event.id, ref, 'succeeded');
    } else if (event.type === 'checkout.session.async_payment_failed') {
      result = await ctx.wallet.applyProviderEvent('stripe', event.id, ref, 'declined');
    } else if (event.type === 'checkout.session.expired') {
      result = await ctx.wallet.applyProviderEvent('stripe', event.id, ref, 'expired');
    }
    reply.send({ received: true, result });
    return sent(reply);
  });
}
