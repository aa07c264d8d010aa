import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LedgerEntry, Tribe } from '@tribes/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../app/i18n';
import { TribeLedger } from '../features/money/components/tribe-ledger';
import { ok, renderWithApp, stubApi } from '../test/stub-api';
import { LedgerReceipts } from '../features/treasury/components/ledger-receipts';

// Issue 37.9: the public ledger's "one receipt" opens the receipt (a fresh signed link from GET
// /v1/expenses/{id}, DESIGN 11.7); amounts show local money beside the tokens.

afterEach(() => vi.unstubAllGlobals());

const tribe = { id: 't1', slug: 'river', name: 'River', my_membership: null } as unknown as Tribe;
const SIGNED = '/media/private/receipts/0123456789abcdef0123456789abcdef.pdf?exp=1900000000&sig=' + 'a'.repeat(64);

const entry = (over: Partial<LedgerEntry>): LedgerEntry => ({
  id: 'l1',
  kind: 'donation',
  direction: 'in',
  amount: 250,
  account: { type: 'tribe', id: 't1', name: 'River' },
  donor: { id: 'u1', name: 'Kofi' },
  message: '',
  donation_id: 'd1',
  refunded: false,
  expense: null,
  created_at: '2026-02-01T10:00:00.000Z',
  ...over,
});
const paidExpense = (id: string, receipts: number) =>
  entry({
    id: `l-${id}`,
    kind: 'expense',
    direction: 'out',
    amount: 1200,
    donor: null,
    donation_id: null,
    expense: { id, title: 'Paint', payee: 'Hardware shop', receipts, approvers: [{ id: 'u9', name: 'Amina', as: 'leader' }] },
  });
const config = ok({
  realtime: { key: 'k', host: 'localhost', port: 3000, scheme: 'http' },
  payments: {
    provider: 'sandbox',
    token_price_cents: 1,
    currency: 'USD',
    display_currencies: ['USD', 'EUR', 'MAD'],
    display_rates: { USD: 100, EUR: 108, MAD: 10 },
  },
});

function ledgerServer(expense: (id: string) => { status?: number; body: unknown } | undefined) {
  return stubApi((url) => {
    if (url.pathname === '/api/v1/config') return config;
    if (url.pathname === '/api/v1/tribes/river/ledger')
      return ok({ tribe_name: 'River', items: [entry({}), paidExpense('e1', 1), paidExpense('e0', 0)], next_cursor: null });
    const m = /^\/api\/v1\/expenses\/(\w+)$/.exec(url.pathname);
    if (m) return expense(m[1]!);
  });
}

const renderLedger = () =>
  renderWithApp(<TribeLedger tribe={tribe} expenseReceipts={(e) => <LedgerReceipts expenseId={e.id} count={e.receipts} />} />);

describe('the public ledger’s receipts and local money', () => {
  it('opens a paid expense’s receipt through a fresh signed link, asked for only when wanted', async () => {
    await initI18n('en');
    const calls = ledgerServer((id) =>
      id === 'e1'
        ? ok({ expense: { id: 'e1', status: 'paid', receipts: [{ url: SIGNED, content_type: 'application/pdf' }] } })
        : undefined,
    );
    renderLedger();
    const [donation, withReceipt, without] = await screen.findAllByTestId('ledger-entry');
    // Amounts in tokens, and what they are worth in the reader's money.
    expect(await within(donation!).findByTestId('ledger-local')).toHaveTextContent('≈ $2.50');
    expect(within(withReceipt!).getByTestId('ledger-local')).toHaveTextContent('≈ $12.00');
    expect(within(withReceipt!).getByTestId('ledger-expense')).toHaveTextContent('Expense “Paint”, approved by Amina');
    expect(within(without!).getByTestId('ledger-no-receipt')).toHaveTextContent('No receipt attached');
    expect(calls.some((c) => c.url.pathname.startsWith('/api/v1/expenses/'))).toBe(false);

    const open = within(withReceipt!).getByRole('button', { name: 'Open the receipt' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    await userEvent.setup().click(open);
    const link = await within(withReceipt!).findByRole('link', { name: 'Receipt 1 (PDF)' });
    expect(link).toHaveAttribute('href', SIGNED);
    expect(link).toHaveAttribute('target', '_blank');
    expect(within(withReceipt!).getByRole('button', { name: 'Hide the receipts' })).toHaveAttribute('aria-expanded', 'true');
    expect(calls.filter((c) => c.url.pathname === '/api/v1/expenses/e1')).toHaveLength(1);
  });

  it('says plainly when the receipts are not the reader’s to see, instead of a dead link', async () => {
    await initI18n('en');
    ledgerServer(() => ({
      status: 403,
      body: { status: 'error', message: 'You do not have permission to perform this action.' },
    }));
    renderLedger();
    const withReceipt = (await screen.findAllByTestId('ledger-entry'))[1]!;
    await userEvent.setup().click(within(withReceipt).getByTestId('ledger-receipts-toggle'));
    expect(await within(withReceipt).findByTestId('ledger-receipts-unavailable')).toHaveTextContent(
      'The receipts of this expense are not available to you.',
    );
    expect(within(withReceipt).queryByRole('link')).toBeNull();
  });

  it('reads in Arabic, with Moroccan dirhams beside the tokens', async () => {
    await initI18n('ar');
    ledgerServer(() => ok({ expense: { id: 'e1', receipts: [{ url: SIGNED, content_type: 'image/webp' }] } }));
    renderLedger();
    const withReceipt = (await screen.findAllByTestId('ledger-entry'))[1]!;
    const local = (await within(withReceipt).findByTestId('ledger-local')).textContent ?? '';
    expect(local).toContain(
      new Intl.NumberFormat('ar', { style: 'currency', currency: 'MAD', maximumFractionDigits: 0 }).format(120),
    );
    await userEvent.setup().click(within(withReceipt).getByRole('button', { name: 'فتح الإيصال' }));
    await waitFor(() =>
      expect(within(withReceipt).getByRole('link', { name: 'الإيصال 1 (صورة)' })).toHaveAttribute('href', SIGNED),
    );
  });
});
