import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation, useParams } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../app/i18n';
import WalletPage from '../../../routes/setting-wallet';
import { purchaseFor } from '../token-packs';
import { DonateForm } from './donate-form';
import { ok, stubApi } from '../../../test/money-test-utils';
import { SandboxCheckout } from './sandbox-checkout';

// Issue 37.7: donating with too few tokens shows the shortfall and a way to buy it; the purchase opens
// with the pack that covers it, and paying (the sandbox checkout) comes back to the donation, amount kept.

beforeAll(() => initI18n('en'));
beforeEach(() => window.sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const CAMPAIGN = 'c0000000-0000-4000-8000-000000000001';
const target = { type: 'campaign' as const, id: CAMPAIGN, name: 'A loom for the school' };
const where = { path: '', search: '' };

function Probe() {
  const location = useLocation();
  where.path = location.pathname;
  where.search = location.search;
  return null;
}

function Checkout() {
  return <SandboxCheckout paymentId={useParams().id ?? ''} />;
}

/** The donation page, the wallet page and the sandbox checkout, as the app routes them. */
function renderFlow(start: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[start]}>
        <Probe />
        <Routes>
          <Route path="/tribes/campaign/donate/:id" element={<DonateForm target={target} />} />
          <Route path="/setting/wallet" element={<WalletPage />} />
          <Route path="/checkout/sandbox/:id" element={<Checkout />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** A server with a wallet, purchases through the sandbox and no donations (the flow stops before giving). */
function sandboxServer(startBalance: number) {
  const state = { balance: startBalance, payment: null as null | { tokens: number; status: string } };
  const payment = () => ({
    payment_id: 'p1',
    status: state.payment!.status,
    tokens: state.payment!.tokens,
    amount_cents: state.payment!.tokens,
    created_at: '2026-03-01T10:00:00.000Z',
    expires_at: '2026-03-02T10:00:00.000Z',
  });
  const calls = stubApi((url, init) => {
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/v1/wallet') return ok({ balance: state.balance, pending_purchases: [] });
    if (url.pathname === '/api/v1/wallet/transactions' || url.pathname === '/api/v1/me/pledges')
      return ok({ items: [], next_cursor: null });
    if (url.pathname === '/api/v1/wallet/purchases' && method === 'POST') {
      const { tokens } = JSON.parse(String(init!.body)) as { tokens: number };
      state.payment = { tokens, status: 'pending' };
      return {
        status: 201,
        body: { status: 'success', message: '', data: { ...payment(), checkout_url: '/checkout/sandbox/p1' } },
      };
    }
    if (url.pathname === '/api/v1/wallet/purchases/p1' && state.payment) return ok(payment());
    if (url.pathname === '/api/v1/payments/sandbox/p1/complete' && method === 'POST') {
      state.payment!.status = 'succeeded';
      state.balance += state.payment!.tokens;
      return ok({ payment_id: 'p1', status: 'succeeded', balance: state.balance });
    }
  });
  return { state, calls };
}

const amountField = () => document.getElementById('donate-amount') as HTMLInputElement;

describe('purchaseFor', () => {
  it('picks the smallest pack that covers the shortfall, else the shortfall itself', () => {
    expect(purchaseFor(1)).toBe(500);
    expect(purchaseFor(70)).toBe(500);
    expect(purchaseFor(500)).toBe(500);
    expect(purchaseFor(501)).toBe(1000);
    expect(purchaseFor(4000)).toBe(5000);
    expect(purchaseFor(6001)).toBe(6001);
    expect(purchaseFor(5_000_000)).toBe(1_000_000);
  });
});

describe('donating with too few tokens', () => {
  it('shows the shortfall as the amount is typed, with a Buy action for the pack that covers it', async () => {
    sandboxServer(1000);
    renderFlow(`/tribes/campaign/donate/${CAMPAIGN}`);
    await waitFor(() => expect(screen.getByTestId('donate-balance')).toHaveTextContent('Your balance: 1,000 tokens'));
    const user = userEvent.setup();
    await user.type(amountField(), '1000');
    expect(screen.queryByTestId('donate-shortfall')).toBeNull();
    await user.type(amountField(), '1');
    expect(screen.getByTestId('donate-shortfall')).toHaveTextContent('You need 9,001 more tokens.');
    expect(screen.getByRole('link', { name: 'Buy 9,001 tokens' })).toHaveAttribute('href', '/setting/wallet?buy=9001');
    await user.clear(amountField());
    await user.type(amountField(), '1600');
    expect(screen.getByTestId('donate-shortfall')).toHaveTextContent('You need 600 more tokens.');
    expect(screen.getByRole('link', { name: 'Buy 1,000 tokens' })).toHaveAttribute('href', '/setting/wallet?buy=1000');
  });

  it('buys the shortfall through the sandbox and comes back to the donation with its amount', async () => {
    const { state, calls } = sandboxServer(1000);
    renderFlow(`/tribes/campaign/donate/${CAMPAIGN}`);
    await waitFor(() => expect(screen.getByTestId('donate-balance')).toHaveTextContent('1,000'));
    const user = userEvent.setup();
    await user.type(amountField(), '1600');
    await user.click(screen.getByTestId('buy-tokens-link'));

    // The purchase opens prefilled with the pack that covers the 600 missing, and says where paying leads.
    await waitFor(() => expect(where.path).toBe('/setting/wallet'));
    expect(where.search).toBe('?buy=1000');
    expect((document.getElementById('buy-tokens-amount') as HTMLInputElement).value).toMatch(/^1,?000$/);
    expect(screen.getByTestId('donation-waiting')).toHaveTextContent(
      'Once the payment is confirmed, you come back to your donation of 1,600 tokens.',
    );
    await user.click(screen.getByTestId('buy-tokens'));
    await user.click(await screen.findByTestId('confirm-action'));

    await waitFor(() => expect(where.path).toBe('/checkout/sandbox/p1'));
    const purchase = calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/v1/wallet/purchases');
    expect(purchase?.body).toEqual({ tokens: 1000 });
    await user.click(await screen.findByTestId('checkout-confirm'));

    // Paid: back on the donation, with the amount chosen before and the purchase's outcome; enough now.
    await waitFor(() => expect(where.path).toBe(`/tribes/campaign/donate/${CAMPAIGN}`), { timeout: 5000 });
    expect(new URLSearchParams(where.search).get('amount')).toBe('1600');
    expect(await screen.findByTestId('payment-status')).toHaveAttribute('data-status', 'succeeded');
    expect(state.balance).toBe(2000);
    await waitFor(() => expect(screen.getByTestId('donate-balance')).toHaveTextContent('Your balance: 2,000 tokens'));
    expect(amountField().value).toMatch(/^1,?600$/);
    expect(screen.queryByTestId('donate-shortfall')).toBeNull();
    // Nothing is left waiting: a later purchase stays on the wallet.
    expect(window.sessionStorage.getItem('tribes.pendingDonation')).toBeNull();
  });

  it('never sends a purchase started from the wallet itself to an old waiting donation', async () => {
    sandboxServer(0);
    // A donation once waited for tokens (the donor went to buy, then bought nothing).
    window.sessionStorage.setItem(
      'tribes.pendingDonation',
      JSON.stringify({ path: `/tribes/campaign/donate/${CAMPAIGN}`, amount: 50 }),
    );
    renderFlow('/setting/wallet');
    expect(screen.queryByTestId('donation-waiting')).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByTestId('buy-tokens'));
    await user.click(await screen.findByTestId('confirm-action'));
    await user.click(await screen.findByTestId('checkout-confirm'));
    await waitFor(() => expect(where.path).toBe('/setting/wallet'));
    expect(await screen.findByTestId('payment-status')).toHaveAttribute('data-status', 'succeeded');
    expect(where.path).toBe('/setting/wallet');
    expect(screen.queryByTestId('back-to-donation')).toBeNull();
  });
});
