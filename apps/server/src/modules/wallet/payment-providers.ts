import Stripe from 'stripe';
import type { Config } from '#src/core/config.js';

export interface CheckoutRequest {
  paymentId: string;
  tokens: number;
  amountCents: number;
  /** Where the payer comes back to (the wallet page). */
  returnUrl: string;
}

/** The payment provider behind token purchases. */
export interface PaymentProvider {
  name: 'sandbox' | 'stripe';
  /** Creates the provider's checkout; answers its reference and where to send the payer. */
  createCheckout(req: CheckoutRequest): Promise<{ providerRef: string | null; checkoutUrl: string }>;
}

/** The in-app checkout page: confirms or declines, so demos and tests need no outside service. */
export const sandboxProvider: PaymentProvider = {
  name: 'sandbox',
  createCheckout: async (req) => ({ providerRef: null, checkoutUrl: `/checkout/sandbox/${req.paymentId}` }),
};

/** Stripe Checkout Sessions; the tokens are credited by the signed webhook, never by the redirect. */
export function createStripeProvider(config: Config): PaymentProvider & { stripe: Stripe } {
  const stripe = new Stripe(config.payment.stripeSecretKey!);
  return {
    name: 'stripe',
    stripe,
    async createCheckout(req) {
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        client_reference_id: req.paymentId,
        metadata: { payment_id: req.paymentId },
        line_items: [
          {
            quantity: 1,
            price_data: { currency: 'usd', unit_amount: req.amountCents, product_data: { name: `${req.tokens} Tribes tokens` } },
          },
        ],
        success_url: `${req.returnUrl}?payment=${req.paymentId}`,
        cancel_url: `${req.returnUrl}?payment=${req.paymentId}&cancelled=1`,
      });
      return { providerRef: session.id, checkoutUrl: session.url ?? req.returnUrl };
    },
  };
}

/** Verifies a Stripe webhook on its raw body with a 300 s tolerance; throws when forged or stale. */
export function verifyStripeEvent(rawBody: string, signature: string, secret: string): Stripe.Event {
  return Stripe.webhooks.constructEvent(rawBody, signature, secret, 300);
}
