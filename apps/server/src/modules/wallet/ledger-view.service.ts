import { and, desc, eq, inArray, or } from 'drizzle-orm';
import type { LedgerEntry, Page } from '@tribes/shared';
import { campaigns, donations, ledgerAccounts, ledgerTransfers, users } from '#src/core/db/schema/index.js';
import { notFound } from '#src/core/errors.js';
import type { TribesRepo } from '../tribes/tribes.repo.js';
import { readTimeCursor, timeCursor } from '#src/core/cursor.js';
import type { Ledger } from './ledger.repo.js';
import { olderThan } from '#src/core/db/keyset.js';

/** The public ledger of a tribe: every movement into and out of its account and its campaigns' accounts. */
export function createLedgerView({ ledger, tribes }: { ledger: Ledger; tribes: TribesRepo }) {
  const db = ledger.db;

  return {
    async entries(tribeRef: string, q: { cursor?: string; limit: number }): Promise<Page<LedgerEntry> & { tribe_name: string }> {
      const tribe = await tribes.findByRef(tribeRef);
      if (!tribe) throw notFound();
      const campaignRows = await db
        .select({ id: campaigns.id, title: campaigns.title })
        .from(campaigns)
        .where(eq(campaigns.tribeId, tribe.id));
      const owners = [tribe.id, ...campaignRows.map((c) => c.id)];
      const accounts = await db
        .select()
        .from(ledgerAccounts)
        .where(and(inArray(ledgerAccounts.ownerId, owners), inArray(ledgerAccounts.kind, ['tribe', 'campaign'])));
      if (accounts.length === 0) return { items: [], next_cursor: null, tribe_name: tribe.name };
      const ids = accounts.map((a) => a.id);
      const after = readTimeCursor(q.cursor);
      const rows = await db
        .select({ t: ledgerTransfers, d: donations, donor: { id: users.id, name: users.name } })
        .from(ledgerTransfers)
        .leftJoin(donations, and(eq(ledgerTransfers.kind, 'donation'), eq(donations.id, ledgerTransfers.referenceId)))
        .leftJoin(users, eq(users.id, donations.donorId))
        .where(
          and(
            or(inArray(ledgerTransfers.toAccountId, ids), inArray(ledgerTransfers.fromAccountId, ids)),
            olderThan(ledgerTransfers.createdAt, ledgerTransfers.id, after),
          ),
        )
        .orderBy(desc(ledgerTransfers.createdAt), desc(ledgerTransfers.id))
        .limit(q.limit + 1);
      const byId = new Map(accounts.map((a) => [a.id, a]));
      const title = new Map(campaignRows.map((c) => [c.id, c.title]));
      const items = rows.slice(0, q.limit);
      const last = items[items.length - 1];
      return {
        tribe_name: tribe.name,
        items: items.map(({ t, d, donor }) => {
          const incoming = byId.has(t.toAccountId);
          const account = byId.get(incoming ? t.toAccountId : t.fromAccountId)!;
          return {
            id: t.id,
            kind: t.kind,
            direction: incoming ? 'in' : 'out',
            amount: t.amount,
            account:
              account.kind === 'tribe'
                ? { type: 'tribe', id: tribe.id, name: tribe.name }
                : { type: 'campaign', id: account.ownerId!, name: title.get(account.ownerId!) ?? '' },
            // Anonymous donors stay anonymous here, whoever asks.
            donor: d && !d.anonymous && donor?.id ? { id: donor.id, name: donor.name } : null,
            message: d && !d.anonymous ? d.message : '',
            created_at: t.createdAt.toISOString(),
          };
        }),
        next_cursor: rows.length > q.limit && last ? timeCursor(last.t.createdAt, last.t.id) : null,
      };
    },
  };
}

/** CSV of ledger entries (RFC 4180 quoting; formulas neutralised for spreadsheets). */
export function ledgerCsv(entries: LedgerEntry[]): string {
  const cell = (v: string | number) => {
    let s = String(v);
    if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
    return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const header = ['date', 'direction', 'kind', 'amount', 'account_type', 'account', 'donor', 'message'];
  const lines = entries.map((e) =>
    [e.created_at, e.direction, e.kind, e.amount, e.account.type, e.account.name, e.donor?.name ?? 'anonymous', e.message]
      .map(cell)
      .join(','),
  );
  return [header.join(','), ...lines].join('\r\n') + '\r\n';
}
