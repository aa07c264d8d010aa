import type { LedgerEntry, LedgerHealth, Page } from '@tribes/shared';
import { notFound } from '#src/core/errors.js';
import type { TribeReads } from '../tribes/index.js';
import { readTimeCursor, timeCursor } from '#src/core/cursor.js';
import type { CampaignsRepo } from './campaigns.repo.js';
import type { Ledger } from './ledger.repo.js';
import { ledgerCsv, ledgerCsvFilename, presentLedgerEntry, presentLedgerHealth } from './wallet.presenter.js';

/** The public ledger of a tribe: every movement into and out of its account and its campaigns' accounts. */
export function createLedgerView({
  ledger,
  campaigns,
  tribes,
}: {
  ledger: Ledger;
  campaigns: CampaignsRepo;
  tribes: TribeReads;
}) {
  async function entries(
    tribeRef: string,
    q: { cursor?: string; limit: number },
  ): Promise<Page<LedgerEntry> & { tribe_name: string }> {
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
    const paid = await ledger.paidExpenses(
      items.filter((r) => r.t.kind === 'expense' && r.t.referenceId).map((r) => r.t.referenceId!),
    );
    return {
      tribe_name: tribe.name,
      items: items.map((r) => presentLedgerEntry(r, tribe, byId, titles, paid)),
      next_cursor: rows.length > q.limit && last ? timeCursor(last.t.createdAt, last.t.id) : null,
    };
  }

  return {
    entries,

    /**
     * The whole ledger of a tribe, read page by page (at most about 100,000 entries), as its CSV
     * download: the file's name (from the tribe's) and its text.
     */
    async csv(tribeRef: string): Promise<{ filename: string; body: string }> {
      const items: LedgerEntry[] = [];
      let cursor: string | undefined;
      let name: string;
      do {
        const page = await entries(tribeRef, { cursor, limit: 50 });
        name = page.tribe_name;
        items.push(...page.items);
        cursor = page.next_cursor ?? undefined;
      } while (cursor && items.length < 100_000);
      return { filename: ledgerCsvFilename(name), body: ledgerCsv(items) };
    },

    /**
     * The ledger's invariants for monitors (every balance equals its credits minus its debits, all
     * balances sum to zero): whether they hold, and over how many accounts.
     */
    async health(): Promise<LedgerHealth> {
      return presentLedgerHealth(await ledger.checkInvariants());
    },
  };
}

export type LedgerView = ReturnType<typeof createLedgerView>;
