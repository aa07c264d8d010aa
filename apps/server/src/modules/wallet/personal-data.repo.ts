import { and, asc, eq, or } from 'drizzle-orm';
import type { Db } from '#src/core/db/client.js';
import { donations, ledgerAccounts, ledgerTransfers } from '#src/core/db/schema/index.js';

/**
 * What the wallet holds of one member, for their data export (DESIGN 11.2): their donations and
 * every line of their wallet's ledger (each transfer in or out of their account, with its balance
 * after), oldest first.
 */
export function createWalletPersonalData(db: Db) {
  return {
    async collect(userId: string) {
      const gifts = await db.select().from(donations).where(eq(donations.donorId, userId)).orderBy(asc(donations.createdAt));
      const [account] = await db
        .select()
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.kind, 'user'), eq(ledgerAccounts.ownerId, userId)))
        .limit(1);
      const lines = account
        ? await db
            .select()
            .from(ledgerTransfers)
            .where(or(eq(ledgerTransfers.fromAccountId, account.id), eq(ledgerTransfers.toAccountId, account.id)))
            .orderBy(asc(ledgerTransfers.createdAt), asc(ledgerTransfers.id))
        : [];
      let balance = 0;
      return {
        sections: {
          donations: gifts.map((d) => ({
            id: d.id,
            target_type: d.targetType,
            tribe_id: d.tribeId,
            campaign_id: d.campaignId,
            amount: d.amount,
            message: d.message,
            anonymous: d.anonymous,
            created_at: d.createdAt.toISOString(),
            refunded_at: d.refundedAt?.toISOString() ?? null,
            refund_reason: d.refundReason,
          })),
          ledger: lines.map((t) => {
            const incoming = t.toAccountId === account!.id;
            balance += incoming ? t.amount : -t.amount;
            return {
              id: t.id,
              kind: t.kind,
              direction: incoming ? 'in' : 'out',
              amount: t.amount,
              balance_after: balance,
              reference_id: t.referenceId,
              created_at: t.createdAt.toISOString(),
            };
          }),
        },
      };
    },
  };
}
