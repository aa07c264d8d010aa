import { and, desc, eq, gt } from 'drizzle-orm';
import type { Db, Tx } from '#src/core/db/client.js';
import { paymentEvents, payments } from '#src/core/db/schema/index.js';

export type PaymentRow = typeof payments.$inferSelect;
type Conn = Db | Tx;

/** The only place that reads and writes token purchases (payments, their checkouts) and the provider's events. */
export function createPurchasesRepo(db: Db) {
  return {
    async find(id: string, conn: Conn = db): Promise<PaymentRow | undefined> {
      const [row] = await conn.select().from(payments).where(eq(payments.id, id)).limit(1);
      return row;
    },

    /** The payment, locked until the transaction ends (a confirmation and another cannot cross). */
    async findForUpdate(tx: Tx, id: string): Promise<PaymentRow | undefined> {
      const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update').limit(1);
      return row;
    },

    /** A provider's payment by our id, or else by the provider's reference (its checkout session). */
    async findByRef(
      tx: Tx,
      provider: string,
      ref: { paymentId?: string; providerRef?: string },
    ): Promise<PaymentRow | undefined> {
      const [row] = await tx
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.provider, provider),
            ref.paymentId ? eq(payments.id, ref.paymentId) : eq(payments.providerRef, ref.providerRef ?? ''),
          ),
        )
        .limit(1);
      return row;
    },

    /** A user's pending payments started after `since` (older ones have expired), newest first. */
    async pendingOf(userId: string, since: Date, limit: number): Promise<PaymentRow[]> {
      return db
        .select()
        .from(payments)
        .where(and(eq(payments.userId, userId), eq(payments.status, 'pending'), gt(payments.createdAt, since)))
        .orderBy(desc(payments.createdAt))
        .limit(limit);
    },

    async create(
      tx: Tx,
      payment: { userId: string; provider: string; tokens: number; amountCents: number; createdAt: Date },
    ): Promise<PaymentRow> {
      const [row] = await tx.insert(payments).values(payment).returning();
      return row!;
    },

    async setProviderRef(tx: Tx, id: string, providerRef: string): Promise<void> {
      await tx.update(payments).set({ providerRef }).where(eq(payments.id, id));
    },

    /** Moves a pending payment to its outcome; undefined when it is no longer pending (already settled). */
    async settle(
      tx: Tx,
      id: string,
      status: 'succeeded' | 'declined' | 'expired' | 'cancelled',
      at: Date,
    ): Promise<PaymentRow | undefined> {
      const [row] = await tx
        .update(payments)
        .set({ status, completedAt: at })
        .where(and(eq(payments.id, id), eq(payments.status, 'pending')))
        .returning();
      return row;
    },

    /** Records a provider's event id; false when it was already recorded (a replayed webhook). */
    async recordEvent(tx: Tx, event: { provider: string; eventId: string; receivedAt: Date }): Promise<boolean> {
      const fresh = await tx.insert(paymentEvents).values(event).onConflictDoNothing().returning();
      return fresh.length > 0;
    },
  };
}

export type PurchasesRepo = ReturnType<typeof createPurchasesRepo>;
