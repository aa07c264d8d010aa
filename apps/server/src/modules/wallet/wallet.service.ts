import type Stripe from 'stripe';
import type {
  Page,
  PaymentStatus,
  PurchaseResume,
  PurchaseStarted,
  SandboxResult,
  Wallet,
  WalletTransaction,
} from '@tribes/shared';
import { MONEY_ERRORS, PURCHASE_TTL_HOURS } from '@tribes/shared';
import type { Clock } from '#src/core/clock.js';
import type { Tx } from '#src/core/db/client.js';
import { idempotent, requestHash, type Answer } from '#src/core/db/idempotency.js';
import type { Transact } from '#src/core/db/transaction.js';
import { conflict, forbidden, HttpError, notFound } from '#src/core/errors.js';
import type { UserRow } from '../users/index.js';
import { readTimeCursor, timeCursor } from '#src/core/cursor.js';
import type { Ledger } from './ledger.repo.js';
import { verifyStripeEvent, type PaymentProvider } from './payment-providers.js';
import type { PaymentRow, PurchasesRepo } from './purchases.repo.js';
import {
  presentPayment,
  presentPurchaseStarted,
  presentSandboxResult,
  presentTransaction,
  presentWallet,
  purchaseExpiresAt,
  purchaseStale,
} from './wallet.presenter.js';

interface Deps {
  ledger: Ledger;
  purchases: PurchasesRepo;
  transact: Transact;
  clock: Clock;
  tokenPriceCents: number;
  provider: PaymentProvider;
  /** The secret Stripe signs its webhooks with; without it no webhook is taken. */
  stripeWebhookSecret: string | undefined;
  publicUrl: URL;
}

/** The user's wallet: balance, history, and token purchases that credit only on the provider's confirmation. */
export function createWalletService({
  ledger,
  purchases,
  transact,
  clock,
  tokenPriceCents,
  provider,
  stripeWebhookSecret,
  publicUrl,
}: Deps) {
  /**
   * Credits a pending payment's tokens exactly once: the payment moves from pending to its outcome
   * and the transfer is written in one transaction; a second confirmation finds it no longer pending.
   * A purchase cancelled or expired (24 h) credits nothing, even when the provider confirms a payment
   * made after it: the confirmation is recorded and ignored (an operator refunds such a payment at
   * the provider; cancelling expires Stripe's checkout first so it cannot happen but by a race).
   */
  async function settle(paymentId: string, outcome: 'succeeded' | 'declined', tx: Tx): Promise<PaymentRow | undefined> {
    const now = clock.now();
    const current = await purchases.findForUpdate(tx, paymentId);
    if (!current || current.status !== 'pending') return undefined;
    if (purchaseStale(current, now)) {
      await purchases.settle(tx, paymentId, 'expired', now);
      return undefined;
    }
    const payment = await purchases.settle(tx, paymentId, outcome, now);
    if (!payment || outcome !== 'succeeded') return payment;
    const from = await ledger.systemAccount(`external:${payment.provider}`, tx);
    const to = await ledger.accountOf('user', payment.userId, tx);
    await ledger.transfer(tx, {
      fromId: from.id,
      toId: to.id,
      amount: payment.tokens,
      kind: 'purchase',
      referenceId: payment.id,
      at: now,
    });
    return payment;
  }

  /**
   * Applies a provider's event once: the event id is recorded in the same transaction as its
   * effect, so a replayed webhook changes nothing.
   */
  async function applyProviderEvent(
    providerName: string,
    eventId: string,
    paymentRef: { paymentId?: string; providerRef?: string },
    outcome: 'succeeded' | 'declined' | 'expired',
  ) {
    return transact(async (tx) => {
      if (!(await purchases.recordEvent(tx, { provider: providerName, eventId, receivedAt: clock.now() })))
        return 'duplicate' as const;
      const payment = await purchases.findByRef(tx, providerName, paymentRef);
      if (!payment) return 'unknown' as const;
      if (outcome === 'expired') {
        await purchases.settle(tx, payment.id, 'expired', clock.now());
        return 'applied' as const;
      }
      await settle(payment.id, outcome, tx);
      return 'applied' as const;
    });
  }

  /**
   * A verified Stripe event: a paid checkout (or a later async success) credits its payment, an
   * async failure declines it, an expired session expires it, each once; any other event is ignored.
   */
  async function applyStripeEvent(event: Stripe.Event): Promise<'ignored' | 'duplicate' | 'unknown' | 'applied'> {
    const session = event.data.object as { id?: string; metadata?: { payment_id?: string } | null; payment_status?: string };
    const ref = { paymentId: session.metadata?.payment_id, providerRef: session.id };
    if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') {
      if (session.payment_status === 'paid' || event.type === 'checkout.session.async_payment_succeeded')
        return applyProviderEvent('stripe', event.id, ref, 'succeeded');
    } else if (event.type === 'checkout.session.async_payment_failed') {
      return applyProviderEvent('stripe', event.id, ref, 'declined');
    } else if (event.type === 'checkout.session.expired') {
      return applyProviderEvent('stripe', event.id, ref, 'expired');
    }
    return 'ignored';
  }

  /** One of the user's purchases: 404 unknown, 403 another's. */
  async function mine(user: UserRow, paymentId: string): Promise<PaymentRow> {
    const payment = await purchases.find(paymentId);
    if (!payment) throw notFound();
    if (payment.userId !== user.id) throw forbidden();
    return payment;
  }

  return {
    /**
     * A provider's webhook: only Stripe sends them, and only while it is the provider and has its
     * secret (404 otherwise). The event is verified on the raw body with a 300 s tolerance either
     * way (400 when it fails), then applied once.
     */
    async receiveWebhook(providerName: string, rawBody: string, signature: string) {
      if (providerName !== 'stripe' || provider.name !== 'stripe' || !stripeWebhookSecret) throw notFound();
      let event: Stripe.Event;
      try {
        event = await verifyStripeEvent(rawBody, signature, stripeWebhookSecret, clock.now());
      } catch {
        throw new HttpError(400, 'errors.bad_request');
      }
      return applyStripeEvent(event);
    },

    async wallet(user: UserRow): Promise<Wallet> {
      const account = await ledger.accountOf('user', user.id);
      const since = new Date(clock.now().getTime() - PURCHASE_TTL_HOURS * 3_600_000);
      return presentWallet(account, await purchases.pendingOf(user.id, since, 20));
    },

    /** My account's movements, newest first, optionally only in or out, or one kind. */
    async transactions(
      user: UserRow,
      q: { cursor?: string; limit: number; direction?: 'in' | 'out'; kind?: string },
    ): Promise<Page<WalletTransaction>> {
      const account = await ledger.accountOf('user', user.id);
      const rows = await ledger.entriesOf(account.id, {
        direction: q.direction,
        kind: q.kind,
        after: readTimeCursor(q.cursor),
        limit: q.limit + 1,
      });
      const items = rows.slice(0, q.limit);
      const last = items[items.length - 1];
      return {
        items: items.map((r) => presentTransaction(r, account.id)),
        next_cursor: rows.length > q.limit && last ? timeCursor(last.t.createdAt, last.t.id) : null,
      };
    },

    /**
     * Starts a purchase exactly once per Idempotency-Key: a pending payment, and where the payer
     * goes to pay, written with the key in one transaction (a replay answers the first answer and
     * its 201). Tokens come only with the provider's confirmation. Without a provider: 409
     * purchases_disabled.
     */
    async startPurchase(user: UserRow, body: { tokens: number }, key: string): Promise<Answer<PurchaseStarted>> {
      // Before the key is claimed: a refusal stores nothing, and the same key works once purchases are on.
      if (provider.name === 'none') throw conflict(MONEY_ERRORS.purchasesDisabled, 'wallet.purchases_disabled');
      const { tokens } = body;
      return transact((tx) =>
        idempotent(tx, { userId: user.id, key, hash: requestHash('purchase', body), now: clock.now(), status: 201 }, async () => {
          const payment = await purchases.create(tx, {
            userId: user.id,
            provider: provider.name,
            tokens,
            amountCents: tokens * tokenPriceCents,
            createdAt: clock.now(),
          });
          const checkout = await provider.createCheckout({
            paymentId: payment.id,
            tokens,
            amountCents: payment.amountCents,
            returnUrl: new URL('/setting/wallet', publicUrl).toString(),
          });
          if (checkout.providerRef) await purchases.setProviderRef(tx, payment.id, checkout.providerRef);
          return presentPurchaseStarted(payment, checkout.checkoutUrl);
        }),
      );
    },

    /** The sandbox checkout page's answer, from the payer only. */
    async completeSandbox(user: UserRow, paymentId: string, outcome: 'succeeded' | 'declined'): Promise<SandboxResult> {
      if (provider.name !== 'sandbox') throw notFound();
      return transact(async (tx) => {
        const payment = await purchases.findForUpdate(tx, paymentId);
        if (!payment || payment.provider !== 'sandbox') throw notFound();
        if (payment.userId !== user.id) throw forbidden();
        if (payment.status !== 'pending') throw conflict(MONEY_ERRORS.paymentSettled, 'wallet.payment_settled');
        if (purchaseStale(payment, clock.now())) throw conflict(MONEY_ERRORS.paymentSettled, 'wallet.payment_expired');
        await settle(payment.id, outcome, tx);
        return presentSandboxResult(payment, outcome, await ledger.accountOf('user', user.id, tx));
      });
    },

    async payment(user: UserRow, paymentId: string) {
      return presentPayment(await mine(user, paymentId), clock.now());
    },

    /**
     * Back to a pending purchase's checkout while the purchase and the provider's checkout are both
     * still open; 409 payment_settled otherwise (paid, declined, cancelled, expired).
     */
    async resume(user: UserRow, paymentId: string): Promise<PurchaseResume> {
      const payment = await mine(user, paymentId);
      if (payment.status !== 'pending') throw conflict(MONEY_ERRORS.paymentSettled, 'wallet.payment_settled');
      if (purchaseStale(payment, clock.now())) throw conflict(MONEY_ERRORS.paymentSettled, 'wallet.payment_expired');
      const url = await provider.resumeCheckout({ id: payment.id, providerRef: payment.providerRef });
      if (!url) throw conflict(MONEY_ERRORS.paymentSettled, 'wallet.payment_expired');
      return { payment_id: payment.id, checkout_url: url, expires_at: purchaseExpiresAt(payment).toISOString() };
    },

    /**
     * Cancels a pending purchase: the provider's checkout is closed first (a failure there means the
     * payment's fate is already decided at the provider: 409), then the purchase becomes cancelled
     * under its row lock, so a confirmation crossing it either credits before or credits nothing.
     * Cancelling a cancelled purchase answers it again.
     */
    async cancel(user: UserRow, paymentId: string): Promise<PaymentStatus> {
      const payment = await mine(user, paymentId);
      if (payment.status === 'cancelled') return presentPayment(payment, clock.now());
      if (payment.status !== 'pending') throw conflict(MONEY_ERRORS.paymentSettled, 'wallet.payment_settled');
      if (purchaseStale(payment, clock.now())) throw conflict(MONEY_ERRORS.paymentSettled, 'wallet.payment_expired');
      try {
        await provider.cancelCheckout({ id: payment.id, providerRef: payment.providerRef });
      } catch {
        throw conflict(MONEY_ERRORS.paymentSettled, 'wallet.payment_settled');
      }
      return transact(async (tx) => {
        const now = clock.now();
        const cancelled = await purchases.settle(tx, payment.id, 'cancelled', now);
        if (cancelled) return presentPayment(cancelled, now);
        // Settled meanwhile (paid or declined by a confirmation that crossed): say how.
        const settled = await purchases.find(payment.id, tx);
        if (settled?.status === 'cancelled') return presentPayment(settled, now);
        throw conflict(MONEY_ERRORS.paymentSettled, 'wallet.payment_settled');
      });
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
