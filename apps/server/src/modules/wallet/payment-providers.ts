import type Stripe from 'stripe';
import type { Config } from '#src/core/config.js';
import { lazy } from '#src/core/lazy.js';

/** Stripe's SDK is loaded by the first checkout or webhook, not at start-up. */
const loadStripe = lazy(() => import('stripe').then((m) => m.default));

export interface CheckoutRequest {
  paymentId: string;
  tokens: number;
  amountCents: number;
  /** Where the payer comes back to (the wallet page). */
  returnUrl: string;
}

/** The payment provider behind token purchases. */
export interface PaymentProvider {
  name: 'sandbox' | 'stripe' | 'none';
  /** Creates the provider's checkout; answers its reference and where to send the payer. */
  createCheckout(req: CheckoutRequest): Promise<{ providerRef: string | null; checkoutUrl: string }>;
  /** Where a pending purchase is still payable, or null when the provider's checkout is no longer open. */
  resumeCheckout(payment: { id: string; providerRef: string | null }): Promise<string | null>;
  /** Closes the provider's checkout so it can no longer be paid (best effort: a late payment credits nothing anyway). */
  cancelCheckout(payment: { id: string; providerRef: string | null }): Promise<void>;
}

/** The in-app checkout page: confirms or declines, so demos and tests need no outside service. */
export const sandboxProvider: PaymentProvider = {
  name: 'sandbox',
  createCheckout: async (req) => ({ providerRef: null, checkoutUrl: `/checkout/sandbox/${req.paymentId}` }),
  // The sandbox page answers for any pending purchase; the purchase's own status is what closes it.
  resumeCheckout: async (payment) => `/checkout/sandbox/${payment.id}`,
  cancelCheckout: async () => undefined,
};

/**
 * No provider (PAYMENT_PROVIDER=none, the production default): the wallet service refuses purchases
 * before asking for a checkout; a purchase left pending from an earlier provider can be cancelled,
 * not resumed.
 */
export const noProvider: PaymentProvider = {
  name: 'none',
  createCheckout: async () => {
    throw new Error('purchases are off: no payment provider is configured');
  },
  resumeCheckout: async () => null,
  cancelCheckout: async () => undefined,
};

/** Stripe Checkout Sessions; the tokens are credited by the signed webhook, never by the redirect. */
export function createStripeProvider(config: Config): PaymentProvider {
  const client = lazy(async () => new (await loadStripe())(config.payment.stripeSecretKey!));
  return {
    name: 'stripe',
    async createCheckout(req) {
      const stripe = await client();
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
    async resumeCheckout(payment) {
      if (!payment.providerRef) return null;
      const session = await (await client()).checkout.sessions.retrieve(payment.providerRef);
      return session.status === 'open' && session.url ? session.url : null;
    },
    async cancelCheckout(payment) {
      if (!payment.providerRef) return;
      const stripe = await client();
      const session = await stripe.checkout.sessions.retrieve(payment.providerRef);
      if (session.status === 'open') await stripe.checkout.sessions.expire(payment.providerRef);
    },
  };
}

/** How far (seconds) a webhook's signed timestamp may be from our clock, either way. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The `t=` of a Stripe-Signature header, read as Stripe's own parser reads it (the last one wins). */
function signedTimestamp(signature: string): number {
  let t = NaN;
  for (const item of signature.split(',')) {
    const [k, v] = item.split('=');
    if (k === 't') t = parseInt(v ?? '', 10);
  }
  return t;
}

/**
 * Verifies a Stripe webhook on its raw body; throws when forged, or when its signed timestamp is
 * more than 300 s before or after `now`. Stripe's SDK only bounds the past, so a captured event
 * signed with a future time would otherwise stay replayable for as long as its clock skew.
 */
export async function verifyStripeEvent(rawBody: string, signature: string, secret: string, now: Date): Promise<Stripe.Event> {
  const Stripe = await loadStripe();
  const event = Stripe.webhooks.constructEvent(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS, undefined, now.getTime());
  const skew = signedTimestamp(signature) - Math.floor(now.getTime() / 1000);
  if (!(Math.abs(skew) <= WEBHOOK_TOLERANCE_SECONDS)) throw new Error('Webhook timestamp outside the tolerance window');
  return event;
}
