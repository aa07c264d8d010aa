import type {
  Campaign,
  CampaignUpdate,
  TopDonor,
  Donation,
  LedgerEntry,
  LedgerHealth,
  PaymentState,
  PaymentStatus,
  PersonRef,
  PurchaseStarted,
  SandboxResult,
  Wallet,
  WalletTransaction,
} from '@tribes/shared';
import { PURCHASE_TTL_HOURS } from '@tribes/shared';
import { renderMarkdown } from '#src/core/markdown.js';
import type { Storage } from '#src/core/storage.js';
import type { CampaignRow, CampaignUpdateRow, MilestoneRow, PersonRow } from './campaigns.repo.js';
import type { DonationRow } from './donations.repo.js';
import type { AccountEntryRow, AccountRow, PaidExpenseRow, PublicEntryRow } from './ledger.repo.js';
import type { PaymentRow } from './purchases.repo.js';

/**
 * The wallet module's one presenter: rows in, the contract's answers out
 * (packages/shared/src/contract/money.ts), each an explicit allowlist of fields.
 */

/** When a pending purchase stops being payable: PURCHASE_TTL_HOURS after it started. */
export const purchaseExpiresAt = (p: Pick<PaymentRow, 'createdAt'>) =>
  new Date(p.createdAt.getTime() + PURCHASE_TTL_HOURS * 3_600_000);

/** A purchase still pending past its expiry: no longer payable, resumable, cancellable or credited. */
export const purchaseStale = (p: Pick<PaymentRow, 'createdAt' | 'status'>, now: Date) =>
  p.status === 'pending' && purchaseExpiresAt(p) <= now;

/** My balance and the purchases still waiting for the provider. */
export function presentWallet(account: AccountRow, pending: PaymentRow[]): Wallet {
  return {
    balance: account.balance,
    pending_purchases: pending.map((p) => ({
      payment_id: p.id,
      tokens: p.tokens,
      amount_cents: p.amountCents,
      created_at: p.createdAt.toISOString(),
      expires_at: purchaseExpiresAt(p).toISOString(),
    })),
  };
}

/** One movement of my account, seen from it: in or out, and who is on the other side. */
export function presentTransaction(r: AccountEntryRow, accountId: string): WalletTransaction {
  return {
    id: r.t.id,
    kind: r.t.kind,
    direction: r.t.toAccountId === accountId ? 'in' : 'out',
    amount: r.t.amount,
    counterparty:
      r.other.kind === 'tribe'
        ? { type: 'tribe', id: r.other.ownerId, name: r.tribeName ?? '' }
        : r.other.kind === 'campaign'
          ? { type: 'campaign', id: r.other.ownerId, name: r.campaignTitle ?? '' }
          : r.other.kind === 'system'
            ? { type: 'payment', id: r.t.referenceId, name: 'payment' }
            : { type: 'user', id: r.other.ownerId, name: '' },
    donation_id: r.t.kind === 'donation' || r.t.kind === 'refund' ? r.t.referenceId : null,
    created_at: r.t.createdAt.toISOString(),
  };
}

/** A purchase just started, and where the payer goes to pay it. */
export function presentPurchaseStarted(payment: PaymentRow, checkoutUrl: string): PurchaseStarted {
  return {
    payment_id: payment.id,
    status: 'pending',
    tokens: payment.tokens,
    amount_cents: payment.amountCents,
    checkout_url: checkoutUrl,
  };
}

/** One of my purchases and where it stands: a pending one past its expiry reads as expired. */
export function presentPayment(payment: PaymentRow, now: Date): PaymentStatus {
  return {
    payment_id: payment.id,
    // The column's check constraint holds it to the five states.
    status: purchaseStale(payment, now) ? 'expired' : (payment.status as PaymentState),
    tokens: payment.tokens,
    amount_cents: payment.amountCents,
    created_at: payment.createdAt.toISOString(),
    expires_at: purchaseExpiresAt(payment).toISOString(),
  };
}

/** The sandbox checkout's outcome, with my balance after it. */
export function presentSandboxResult(payment: PaymentRow, outcome: 'succeeded' | 'declined', account: AccountRow): SandboxResult {
  return { payment_id: payment.id, status: outcome, balance: account.balance };
}

/** A donation as its donor sees it. */
export function presentDonation(d: DonationRow, donor: { id: string; name: string } | null): Donation {
  return {
    id: d.id,
    target_type: d.targetType as Donation['target_type'],
    tribe_id: d.tribeId,
    campaign_id: d.campaignId,
    amount: d.amount,
    message: d.message,
    anonymous: d.anonymous,
    donor,
    created_at: d.createdAt.toISOString(),
  };
}

/** The public side of an already presented donation: an anonymous donor has neither name nor message, as in the public ledger. */
export function publicDonation(donation: Donation): Donation {
  return donation.anonymous ? { ...donation, donor: null, message: '' } : donation;
}

/** A donation as the public sees it (lists of a tribe's or a campaign's donations). */
export function presentPublicDonation(d: DonationRow, donor: { id: string; name: string } | null): Donation {
  return publicDonation(presentDonation(d, donor));
}

/** A campaign with its milestones (reached or not), whether it is open, and whether the viewer may manage it. */
export function presentCampaign(
  c: CampaignRow,
  view: { milestones: MilestoneRow[]; open: boolean; canManage: boolean; tribeName: string; organiser: PersonRow | undefined },
  storage: Pick<Storage, 'url'>,
): Campaign {
  return {
    id: c.id,
    tribe_id: c.tribeId,
    title: c.title,
    description: c.description,
    description_html: renderMarkdown(c.description),
    goal: c.goal,
    monthly_goal: c.monthlyGoal,
    raised: c.raised,
    donor_count: c.donorCount,
    ends_at: c.endsAt.toISOString(),
    status: view.open ? 'active' : 'closed',
    cover_url: c.coverKey ? storage.url(c.coverKey) : null,
    milestones: view.milestones
      .filter((m) => m.campaignId === c.id)
      .map((m) => ({ title: m.title, amount: m.amount, reached: c.raised >= m.amount })),
    can_manage: view.canManage,
    created_at: c.createdAt.toISOString(),
    tribe_name: view.tribeName,
    organiser: view.organiser ? presentPerson(view.organiser, storage) : null,
  };
}

/** A person's public face: id, name, avatar. */
export function presentPerson(p: PersonRow, storage: Pick<Storage, 'url'>): PersonRef {
  return { id: p.id, name: p.name, avatar_url: p.avatarKey ? storage.url(p.avatarKey) : null };
}

/** A campaign update, with its author when that account still exists. */
export function presentCampaignUpdate(
  u: CampaignUpdateRow,
  author: PersonRow | undefined,
  storage: Pick<Storage, 'url'>,
): CampaignUpdate {
  return {
    id: u.id,
    campaign_id: u.campaignId,
    author: author ? presentPerson(author, storage) : null,
    body: u.body,
    body_html: renderMarkdown(u.body),
    created_at: u.createdAt.toISOString(),
  };
}

/** A campaign's giver by total: anonymous gifts without a name, whoever asks. */
export function presentTopDonor(r: { donor: { id: string; name: string }; anonymous: boolean; amount: number }): TopDonor {
  return { donor: r.anonymous ? null : r.donor, anonymous: r.anonymous, amount: r.amount };
}

/**
 * One movement of a tribe's public ledger, seen from the tribe's account or one of its campaigns'
 * (`accounts` by id). Anonymous donors stay anonymous here, whoever asks.
 */
export function presentLedgerEntry(
  { t, d, donor }: PublicEntryRow,
  tribe: { id: string; name: string },
  accounts: Map<string, AccountRow>,
  campaignTitles: Map<string, string>,
  paidExpenses: Map<string, PaidExpenseRow> = new Map(),
): LedgerEntry {
  const expense = t.kind === 'expense' && t.referenceId ? paidExpenses.get(t.referenceId) : undefined;
  const incoming = accounts.has(t.toAccountId);
  const account = accounts.get(incoming ? t.toAccountId : t.fromAccountId)!;
  return {
    id: t.id,
    kind: t.kind,
    direction: incoming ? 'in' : 'out',
    amount: t.amount,
    account:
      account.kind === 'tribe'
        ? { type: 'tribe', id: tribe.id, name: tribe.name }
        : { type: 'campaign', id: account.ownerId!, name: campaignTitles.get(account.ownerId!) ?? '' },
    donor: d && !d.anonymous && donor?.id ? { id: donor.id, name: donor.name } : null,
    // A refund's line says the leader's reason (public by design); a donation's, its donor's message unless anonymous.
    message: !d ? '' : t.kind === 'refund' ? (d.refundReason ?? '') : d.anonymous ? '' : d.message,
    donation_id: d?.id ?? null,
    refunded: Boolean(d?.refundedAt),
    expense: expense
      ? { id: expense.id, title: expense.title, payee: expense.payee, receipts: expense.receipts, approvers: expense.approvers }
      : null,
    created_at: t.createdAt.toISOString(),
  };
}

/** The ledger's invariants for monitors: whether they hold, and over how many accounts (not which). */
export function presentLedgerHealth(check: { ok: boolean; accounts: number }): LedgerHealth {
  return { ok: check.ok, accounts: check.accounts };
}

/** How the CSV (whose columns are English) marks an approval not given by a leader other than the requester. */
const APPROVED_AS = { moderator: 'moderator', proposer: 'approved by its own requester' } as const;

/** CSV of ledger entries (RFC 4180 quoting; formulas neutralised for spreadsheets). */
export function ledgerCsv(entries: LedgerEntry[]): string {
  const cell = (v: string | number) => {
    let s = String(v);
    if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
    return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const header = [
    'date',
    'direction',
    'kind',
    'amount',
    'account_type',
    'account',
    'donor',
    'message',
    'expense',
    'payee',
    'receipts',
    'approvers',
  ];
  const lines = entries.map((e) =>
    [
      e.created_at,
      e.direction,
      e.kind,
      e.amount,
      e.account.type,
      e.account.name,
      e.expense ? '' : (e.donor?.name ?? 'anonymous'),
      e.message,
      e.expense?.title ?? '',
      e.expense?.payee ?? '',
      e.expense ? e.expense.receipts : '',
      // A moderator's or the requester's own approval says so (decision 023).
      e.expense?.approvers.map((a) => (a.as === 'leader' ? a.name : `${a.name} (${APPROVED_AS[a.as]})`)).join('; ') ?? '',
    ]
      .map(cell)
      .join(','),
  );
  // A UTF-8 byte order mark first: spreadsheet programs (Excel, Numbers) otherwise read the file in the
  // system's legacy code page and garble Arabic, Hebrew and accented names.
  return '\uFEFF' + [header.join(','), ...lines].join('\r\n') + '\r\n';
}

/** The CSV download's file name, from the tribe's name (letters and digits kept, the rest as dashes). */
export function ledgerCsvFilename(tribeName: string): string {
  return `${tribeName.replace(/[^\p{L}\p{N}]+/gu, '-').toLowerCase() || 'tribe'}-ledger.csv`;
}
