import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../app/i18n';
import { ok, renderWithApp, stubApi } from '../../../test/money-test-utils';
import { WalletHistory } from './wallet-history';

beforeAll(() => initI18n('en'));
afterEach(() => vi.unstubAllGlobals());

const tx = (id: string, kind: string, direction: 'in' | 'out', amount: number, name = '') => ({
  id,
  kind,
  direction,
  amount,
  counterparty: kind === 'purchase' ? { type: 'payment', id: null, name: 'payment' } : { type: 'campaign', id: 'c1', name },
  donation_id: kind === 'donation' ? `d-${id}` : null,
  created_at: '2026-03-01T10:00:00.000Z',
});

describe('WalletHistory', () => {
  it("downloads a donation's receipt and the year's statement as PDFs with the session's token", async () => {
    URL.createObjectURL = () => 'blob:pdf';
    URL.revokeObjectURL = () => undefined;
    const calls = stubApi((url) => {
      if (url.pathname === '/api/v1/wallet/transactions')
        return ok({ items: [tx('t1', 'donation', 'out', 15, 'Kente roof'), tx('t2', 'purchase', 'in', 100)], next_cursor: null });
      if (url.pathname.endsWith('/receipt') || url.pathname.endsWith('/statement')) return { body: '%PDF-1.4' };
      return undefined;
    });
    renderWithApp(<WalletHistory />);
    const user = userEvent.setup();
    const receipts = await screen.findAllByTestId('donation-receipt');
    // Only the donation has a receipt, not the purchase.
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toHaveAccessibleName('Receipt of 15 tokens to Kente roof');
    await user.click(receipts[0]!);
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/v1/donations/d-t1/receipt')).toBe(true));
    await user.click(screen.getByTestId('donation-statement'));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/v1/me/donations/statement')).toBe(true));
    const statement = calls.find((c) => c.url.pathname === '/api/v1/me/donations/statement')!;
    expect(statement.url.searchParams.get('year')).toBe(String(new Date().getFullYear()));
    expect(statement.headers.Accept).toBe('application/pdf');
  });

  it('lists movements newest first, loads more by cursor, and filters by direction', async () => {
    const calls = stubApi((url) => {
      if (url.pathname !== '/api/v1/wallet/transactions') return undefined;
      if (url.searchParams.get('direction') === 'in') return ok({ items: [tx('t9', 'purchase', 'in', 5000)], next_cursor: null });
      if (url.searchParams.get('cursor') === 'p2') return ok({ items: [tx('t3', 'purchase', 'in', 1000)], next_cursor: null });
      return ok({
        items: [tx('t1', 'donation', 'out', 1500, 'Kente roof'), tx('t2', 'donation', 'out', 20, 'Loom')],
        next_cursor: 'p2',
      });
    });
    renderWithApp(<WalletHistory />);
    const list = await screen.findByRole('list', { name: 'History' });
    let rows = within(list).getAllByTestId('wallet-transaction');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('To Kente roof');
    expect(rows[0]).toHaveTextContent('−1,500');

    const user = userEvent.setup();
    await user.click(screen.getByTestId('load-more'));
    await waitFor(() => expect(within(list).getAllByTestId('wallet-transaction')).toHaveLength(3));
    rows = within(list).getAllByTestId('wallet-transaction');
    expect(rows[2]).toHaveTextContent('Tokens bought');
    expect(rows[2]).toHaveTextContent('+1,000');
    expect(screen.queryByTestId('load-more')).not.toBeInTheDocument();

    await user.click(screen.getByTestId('history-filter'));
    await user.click(await screen.findByRole('option', { name: 'Money in' }));
    await waitFor(() => expect(screen.getAllByTestId('wallet-transaction')).toHaveLength(1));
    expect(screen.getByTestId('wallet-transaction')).toHaveTextContent('+5,000');
    expect(calls.at(-1)!.url.searchParams.get('direction')).toBe('in');
  });

  it('says what to do next when there is nothing yet', async () => {
    stubApi((url) => (url.pathname === '/api/v1/wallet/transactions' ? ok({ items: [], next_cursor: null }) : undefined));
    renderWithApp(<WalletHistory />);
    expect(await screen.findByText('No movements yet')).toBeInTheDocument();
    expect(screen.getByText(/Buy tokens above/)).toBeInTheDocument();
  });
});
