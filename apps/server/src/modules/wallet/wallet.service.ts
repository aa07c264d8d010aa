import { and, desc, eq, or, sql } from 'drizzle-orm';
import { MONEY_ERRORS, type Page, type Wallet, type WalletTransaction } from '@tribes/shared';
import type { Clock } from '#src/core/clock.js';
import { campaigns, ledgerAccounts, ledgerTransfers, paymentEvents, payments, tribes } from '#src/core/db/schema/index.js';
import { conflict, forbidden, notFound } from '#src/core/errors.js';
import type { Tx } from '#src/core/db/client.js';
import type { UserRow } from '../users/users.repo.js';
import { readTimeCursor, timeCursor } from '#src/core/cursor.js';
import type { Ledger } from './ledger.repo.js';
import type { PaymentProvider } from './payment-providers.js';
import { olderThan } from '#src/core/db/keyset.js';

interface Deps {
  ledger: Ledger;
  clock: Clock;
  tokenPriceCents: number;
  provider: PaymentProvider;
  publicUrl: URL;
}

export type PaymentRow = typeof payments.$inferSelect;

/** The user's wallet: balance, history, and token purchases that credit only on the provider's confirmation. */
export function createWalletService({ ledger, clock, tokenPriceCents, provider, publicUrl }: Deps) {
  const db = ledger.db;

  /**
   * Credits a pending payment's tokens exactly once: the payment moves from pending to its outcome
   * and the transfer is written in one transaction; a second confirmation finds it no longer pending.
   */
  async function settle(paymentId: string, outcome: 'succeeded' | 'declined', tx: Tx): Promise<PaymentRow | undefined> {
    const now = clock.now();
    const [payment] = await tx
      .update(payments)
      .set({ status: outcome, completedAt: now })
      .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
      .returning();
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

  return {
    settle,

    async wallet(user: UserRow): Promise<Wallet> {
      const account = await ledger.accountOf('user', user.id);
      const pending = await db
        .select()
        .from(payments)
        .where(and(eq(payments.userId, user.id), eq(payments.status, 'pending')))
        .orderBy(desc(payments.createdAt))
        .limit(20);
      return {
        balance: account.balance,
        pending_purchases: pending.map((p) => ({ payment_id: p.id, tokens: p.tokens, created_at: p.createdAt.toISOString() })),
      };
    },

    /** My account's movements, newest first, optionally only in or out, or one kind. */
    async transactions(
      user: UserRow,
      q: { cursor?: string; limit: number; direction?: 'in' | 'out'; kind?: string },
    ): Promise<Page<WalletTransaction>> {
      const account = await ledger.accountOf('user', user.id);
      const after = readTimeCursor(q.cursor);
      const mine =
        q.direction === 'in'
          ? eq(ledgerTransfers.toAccountId, account.id)
          : q.direction === 'out'
            ? eq(ledgerTransfers.fromAccountId, account.id)
            : or(eq(ledgerTransfers.toAccountId, account.id), eq(ledgerTransfers.fromAccountId, account.id));
      const rows = await db
        .select({
          t: ledgerTransfers,
          other: { kind: ledgerAccounts.kind, ownerId: ledgerAccounts.ownerId },
          tribeName: tribes.name,
          campaignTitle: campaigns.title,
        })
        .from(ledgerTransfers)
        .innerJoin(
          ledgerAccounts,
          sql`${ledgerAccounts.id} = case when ${ledgerTransfers.fromAccountId} = ${account.id} then ${ledgerTransfers.toAccountId} else ${ledgerTransfers.fromAccountId} end`,
        )
        .leftJoin(tribes, and(eq(ledgerAccounts.kind, 'tribe'), eq(tribes.id, ledgerAccounts.ownerId)))
        .leftJoin(campaigns, and(eq(ledgerAccounts.kind, 'campaign'), eq(campaigns.id, ledgerAccounts.ownerId)))
        .where(
          and(
            mine,
            q.kind ? eq(ledgerTransfers.kind, q.kind) : undefined,
            olderThan(ledgerTransfers.createdAt, ledgerTransfers.id, after),
          ),
        )
        .orderBy(desc(ledgerTransfers.createdAt), desc(ledgerTransfers.id))
        .limit(q.limit + 1);
      const items = rows.slice(0, q.limit);
      const last = items[items.length - 1];
      return {
        items: items.map((r) => ({
          id: r.t.id,
          kind: r.t.kind,
          direction: r.t.toAccountId === account.id ? 'in' : 'out',
          amount: r.t.amount,
          counterparty:
            r.other.kind === 'tribe'
              ? { type: 'tribe', id: r.other.ownerId, name: r.tribeName ?? '' }
              : r.other.kind === 'campaign'
                ? { type: 'campaign', id: r.other.ownerId, name: r.campaignTitle ?? '' }
                : r.other.kind === 'system'
                  ? { type: 'payment', id: r.t.referenceId, name: 'payment' }
                  : { type: 'user', id: r.other.ownerId, name: '' },
          created_at: r.t.createdAt.toISOString(),
        })),
        next_cursor: rows.length > q.limit && last ? timeCursor(last.t.createdAt, last.t.id) : null,
      };
    },

    /** Starts a purchase: a pending payment, and where the payer goes to pay. Tokens come only with the confirmation. */
    async startPurchase(user: UserRow, tokens: number, tx: Tx) {
      const [payment] = await tx
        .insert(payments)
        .values({
          userId: user.id,
          provider: provider.name,
          tokens,
          amountCents: tokens * tokenPriceCents,
          createdAt: clock.now(),
        })
        .returning();
      const checkout = await provider.createCheckout({
        paymentId: payment!.id,
        tokens,
        amountCents: payment!.amountCents,
        returnUrl: new URL('/setting/wallet', publicUrl).toString(),
      });
      if (checkout.providerRef)
        await tx.update(payments).set({ providerRef: checkout.providerRef }).where(eq(payments.id, payment!.id));
      return {
        payment_id: payment!.id,
        status: 'pending' as const,
        tokens,
        amount_cents: payment!.amountCents,
        checkout_url: checkout.checkoutUrl,
      };
    },

    /** The sandbox checkout page's answer, from the payer only. */
    async completeSandbox(user: UserRow, paymentId: string, outcome: 'succeeded' | 'declined') {
      if (provider.name !== 'sandbox') throw notFound();
      return db.transaction(async (tx) => {
        const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update').limit(1);
        if (!payment || payment.provider !== 'sandbox') throw notFound();
        if (payment.userId !== user.id) throw forbidden();
        if (payment.status !== 'pending') throw conflict(MONEY_ERRORS.paymentSettled, 'wallet.payment_settled');
        await settle(payment.id, outcome, tx);
        const account = await ledger.accountOf('user', user.id, tx);
        return { payment_id: payment.id, status: outcome, balance: account.balance };
      });
    },

    /**
     * Applies a provider's event once: the event id is recorded in the same transaction as its
     * effect, so a replayed webhook changes nothing.
     */
    async applyProviderEvent(
      providerName: string,
      eventId: string,
      paymentRef: { paymentId?: string; providerRef?: string },
      outcome: 'succeeded' | 'declined' | 'expired',
    ) {
      return db.transaction(async (tx) => {
        const fresh = await tx
          .insert(paymentEvents)
          .values({ provider: providerName, eventId, receivedAt: clock.now() })
          .onConflictDoNothing()
          .returning();
        if (fresh.length === 0) return 'duplicate' as const;
        const [payment] = await tx
          .select()
          .from(payments)
          .where(
            and(
              eq(payments.provider, providerName),
              paymentRef.paymentId
                ? eq(payments.id, paymentRef.paymentId)
                : eq(payments.providerRef, paymentRef.providerRef ?? ''),
            ),
          )
          .limit(1);
        if (!payment) return 'unknown' as const;
        if (outcome === 'expired') {
          await tx
            .update(payments)
            .set({ status: 'expired', completedAt: clock.now() })
            .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')));
          return 'applied' as const;
        }
        await settle(payment.id, outcome, tx);
        return 'applied' as const;
      });
    },

    async payment(user: UserRow, paymentId: string) {
      const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
      if (!payment) throw notFound();
      if (payment.userId !== user.id) throw forbidden();
      return {
        payment_id: payment.id,
        status: payment.status,
        tokens: payment.tokens,
        amount_cents: payment.amountCents,
        created_at: payment.createdAt.toISOString(),
      };
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
