import type { LedgerEntry, LedgerHealth, Page } from '@tribes/shared';
import { notFound } from '#src/core/errors.js';
import type { TribesRepo } from '../tribes/tribes.repo.js';
import { readTimeCursor, timeCursor } from '#src/core/cursor.js';
import type { CampaignsRepo } from './campaigns.repo.js';
import type { Ledger } from './ledger.repo.js';
import { presentLedgerEntry } from './wallet.presenter.js';

/** The public ledger of a tribe: every movement into and out of its account and its campaigns' accounts. */
export function createLedgerView({
  ledger,
  campaigns,
  tribes,
}: {
  ledger: Ledger;
  campaigns: CampaignsRepo;
  tribes: TribesRepo;
}) {
  return {
    async entries(tribeRef: string, q: { cursor?: string; limit: number }): Promise<Page<LedgerEntry> & { tribe_name: string }> {
      const tribe = await tribes.findByRef(tribeRef);
      if (!tribe) throw notFound();
      const campaignRows = await campaigns.titlesOf(tribe.id);
      const accounts = await ledger.publicAccountsOf([tribe.id, ...campaignRows.map((c) => c.id)]);
      if (accounts.length === 0) return { items: [], next_cursor: null, tribe_name: tribe.name };
      const rows = await ledger.publicEntries(
        accounts.map((a) => a.id),
        { after: readTimeCursor(q.cursor), limit: q.limit + 1 },
      );
      const byId = new Map(accounts.map((a) => [a.id, a]));
      const titles = new Map(campaignRows.map((c) => [c.id, c.title]));
      const items = rows.slice(0, q.limit);
      const last = items[items.length - 1];
      return {
        tribe_name: tribe.name,
        items: items.map((r) => presentLedgerEntry(r, tribe, byId, titles)),
        next_cursor: rows.length > q.limit && last ? timeCursor(last.t.createdAt, last.t.id) : null,
      };
    },

    /**
     * The ledger's invariants for monitors (every balance equals its credits minus its debits, all
     * balances sum to zero): whether they hold, and over how many accounts.
     */
    async health(): Promise<LedgerHealth> {
      const check = await ledger.checkInvariants();
      return { ok: check.ok, accounts: check.accounts };
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
