import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../app/i18n';
import { ok, renderWithApp, stubApi } from './money-test-utils';
import { WalletHistory } from './wallet-history';

beforeAll(() => initI18n('en'));
afterEach(() => vi.unstubAllGlobals());

const tx = (id: string, kind: string, direction: 'in' | 'out', amount: number, name = '') => ({
  id,
  kind,
  direction,
  amount,
  counterparty: kind === 'purchase' ? { type: 'payment', id: null, name: 'payment' } : { type: 'campaign', id: 'c1', name },
  created_at: '2026-03-01T10:00:00.000Z',
});

describe('WalletHistory', () => {
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
