import { and, asc, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '#src/core/db/client.js';
import type { TimeCursor } from '#src/core/cursor.js';
import { olderThan } from '#src/core/db/keyset.js';
import {
  campaigns,
  donations,
  expenseDecisions,
  expenseReceipts,
  expenses,
  tribeMembers,
  tribes,
  users,
} from '#src/core/db/schema/index.js';
import type { Deciders } from './approval-rule.js';

export type ExpenseRow = typeof expenses.$inferSelect;
export type DonationRow = typeof donations.$inferSelect;
export type ExpenseDecisionRow = typeof expenseDecisions.$inferSelect;
export type ExpenseReceiptRow = typeof expenseReceipts.$inferSelect;
export interface PersonRow {
  id: string;
  name: string;
  avatarKey: string | null;
}

/** An expense with everything its answer shows: decisions (with their leaders), receipts, people, source name. */
export interface ExpenseView {
  row: ExpenseRow;
  decisions: (ExpenseDecisionRow & { leader: PersonRow })[];
  receipts: ExpenseReceiptRow[];
  people: Map<string, PersonRow>;
  campaignTitle: string | null;
}

type Conn = Db | Tx;

/** Expenses, their decisions and receipts: the only Drizzle of the treasury module. */
export function createTreasuryRepo(db: Db) {
  async function views(rows: ExpenseRow[], conn: Conn = db): Promise<ExpenseView[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const decisions = await conn
      .select({ d: expenseDecisions, leader: { id: users.id, name: users.name, avatarKey: users.avatarKey } })
      .from(expenseDecisions)
      .innerJoin(users, eq(users.id, expenseDecisions.leaderId))
      .where(inArray(expenseDecisions.expenseId, ids))
      .orderBy(asc(expenseDecisions.createdAt));
    const receipts = await conn
      .select()
      .from(expenseReceipts)
      .where(inArray(expenseReceipts.expenseId, ids))
      .orderBy(asc(expenseReceipts.position));
    const personIds = [...new Set(rows.flatMap((r) => [r.proposerId, r.paidBy]).filter((x): x is string => Boolean(x)))];
    const people = new Map<string, PersonRow>(
      personIds.length
        ? (
            await conn
              .select({ id: users.id, name: users.name, avatarKey: users.avatarKey })
              .from(users)
              .where(inArray(users.id, personIds))
          ).map((p) => [p.id, p])
        : [],
    );
    const campaignIds = [...new Set(rows.map((r) => r.campaignId).filter((x): x is string => Boolean(x)))];
    const titles = new Map<string, string>(
      campaignIds.length
        ? (
            await conn
              .select({ id: campaigns.id, title: campaigns.title })
              .from(campaigns)
              .where(inArray(campaigns.id, campaignIds))
          ).map((c) => [c.id, c.title])
        : [],
    );
    return rows.map((row) => ({
      row,
      decisions: decisions.filter((x) => x.d.expenseId === row.id).map((x) => ({ ...x.d, leader: x.leader })),
      receipts: receipts.filter((r) => r.expenseId === row.id),
      people,
      campaignTitle: row.campaignId ? (titles.get(row.campaignId) ?? '') : null,
    }));
  }

  return {
    views,

    async insert(
      tx: Tx,
      values: typeof expenses.$inferInsert,
      receipts: { storageKey: string; contentType: string }[],
    ): Promise<ExpenseRow> {
      const [row] = await tx.insert(expenses).values(values).returning();
      if (receipts.length)
        await tx.insert(expenseReceipts).values(receipts.map((r, position) => ({ ...r, expenseId: row!.id, position })));
      return row!;
    },

    async findDonation(id: string): Promise<DonationRow | undefined> {
      const [row] = await db.select().from(donations).where(eq(donations.id, id)).limit(1);
      return row;
    },

    /** A donor's donations in [from, to), oldest first, with their tribe's name and campaign's title. */
    async donationsOfDonor(
      donorId: string,
      from: Date,
      to: Date,
    ): Promise<{ d: DonationRow; tribeName: string; campaignTitle: string | null }[]> {
      return db
        .select({ d: donations, tribeName: tribes.name, campaignTitle: campaigns.title })
        .from(donations)
        .innerJoin(tribes, eq(tribes.id, donations.tribeId))
        .leftJoin(campaigns, eq(campaigns.id, donations.campaignId))
        .where(and(eq(donations.donorId, donorId), gte(donations.createdAt, from), lt(donations.createdAt, to)))
        .orderBy(asc(donations.createdAt), asc(donations.id));
    },

    /** One donation with its tribe's name and campaign's title. */
    async donationView(id: string): Promise<{ d: DonationRow; tribeName: string; campaignTitle: string | null } | undefined> {
      const [row] = await db
        .select({ d: donations, tribeName: tribes.name, campaignTitle: campaigns.title })
        .from(donations)
        .innerJoin(tribes, eq(tribes.id, donations.tribeId))
        .leftJoin(campaigns, eq(campaigns.id, donations.campaignId))
        .where(eq(donations.id, id))
        .limit(1);
      return row;
    },

    /** Locks a donation: two refunds of one donation run one at a time. */
    async lockDonation(tx: Tx, id: string): Promise<DonationRow | undefined> {
      const [row] = await tx.select().from(donations).where(eq(donations.id, id)).for('update');
      return row;
    },

    /** Marks a donation refunded and takes it out of its campaign's total (the donor count stays: they did give). */
    async markRefunded(tx: Tx, d: DonationRow, patch: { reason: string; by: string; at: Date }): Promise<DonationRow> {
      const [row] = await tx
        .update(donations)
        .set({ refundedAt: patch.at, refundReason: patch.reason, refundedBy: patch.by })
        .where(eq(donations.id, d.id))
        .returning();
      if (d.campaignId)
        await tx
          .update(campaigns)
          .set({ raised: sql`${campaigns.raised} - ${d.amount}` })
          .where(eq(campaigns.id, d.campaignId));
      return row!;
    },

    /** How many of a tribe's expenses wait for a decision or a payout. */
    async countOpen(tribeId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(expenses)
        .where(and(eq(expenses.tribeId, tribeId), inArray(expenses.status, ['proposed', 'approved'])));
      return row?.n ?? 0;
    },

    async find(id: string, conn: Conn = db): Promise<ExpenseRow | undefined> {
      const [row] = await conn.select().from(expenses).where(eq(expenses.id, id)).limit(1);
      return row;
    },

    /** Locks the expense: decisions and the payout of one expense run one at a time. */
    async lock(tx: Tx, id: string): Promise<ExpenseRow | undefined> {
      const [row] = await tx.select().from(expenses).where(eq(expenses.id, id)).for('update');
      return row;
    },

    /** A tribe's active leaders and moderators: who may decide on its expenses (decision 023). */
    async deciders(tribeId: string, conn: Conn = db): Promise<Deciders> {
      const rows = await conn
        .select({ id: tribeMembers.userId, role: tribeMembers.role })
        .from(tribeMembers)
        .where(
          and(
            eq(tribeMembers.tribeId, tribeId),
            eq(tribeMembers.status, 'active'),
            inArray(tribeMembers.role, ['leader', 'moderator']),
          ),
        );
      return {
        leaders: rows.filter((r) => r.role === 'leader').map((r) => r.id),
        moderators: rows.filter((r) => r.role === 'moderator').map((r) => r.id),
      };
    },

    async decisions(id: string, conn: Conn = db): Promise<ExpenseDecisionRow[]> {
      return conn.select().from(expenseDecisions).where(eq(expenseDecisions.expenseId, id));
    },

    async addDecision(tx: Tx, values: typeof expenseDecisions.$inferInsert): Promise<void> {
      await tx.insert(expenseDecisions).values(values);
    },

    async update(tx: Tx, id: string, patch: Partial<typeof expenses.$inferInsert>): Promise<ExpenseRow> {
      const [row] = await tx.update(expenses).set(patch).where(eq(expenses.id, id)).returning();
      return row!;
    },

    /** A tribe's expenses, newest first, after the cursor, optionally of some statuses. */
    async ofTribe(
      tribeId: string,
      q: { statuses?: readonly string[]; after: TimeCursor | undefined; limit: number },
    ): Promise<ExpenseRow[]> {
      return db
        .select()
        .from(expenses)
        .where(
          and(
            eq(expenses.tribeId, tribeId),
            q.statuses ? inArray(expenses.status, [...q.statuses]) : undefined,
            olderThan(expenses.createdAt, expenses.id, q.after),
          ),
        )
        .orderBy(desc(expenses.createdAt), desc(expenses.id))
        .limit(q.limit);
    },
  };
}

export type TreasuryRepo = ReturnType<typeof createTreasuryRepo>;
