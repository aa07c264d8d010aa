import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../app/i18n';
import { DonateForm } from './donate-form';
import { DonationTargetPicker, type PickerState } from './donation-target-picker';
import { ok, renderWithApp, stubApi } from '../../../test/money-test-utils';

beforeAll(() => initI18n('en'));
afterEach(() => vi.unstubAllGlobals());

const target = { type: 'campaign' as const, id: 'c0000000-0000-4000-8000-000000000001', name: 'A loom for the school' };
const wallet = (balance: number) => ok({ balance, pending_purchases: [] });
const helper = (id: string) => document.getElementById(`${id}-helper-text`)?.textContent;

async function fillAndConfirm(amount: string) {
  const user = userEvent.setup();
  await waitFor(() => expect(screen.getByTestId('donate-balance')).toHaveTextContent(/Your balance/));
  await user.type(document.getElementById('donate-amount')!, amount);
  await user.type(document.getElementById('donate-message')!, 'Courage');
  await user.click(screen.getByTestId('donate-submit'));
  return user;
}

describe('DonateForm', () => {
  it('asks before the tokens move, then sends one donation with an Idempotency-Key', async () => {
    const calls = stubApi((url, init) => {
      if (url.pathname === '/api/v1/wallet') return wallet(500);
      if (url.pathname === '/api/v1/donations' && init?.method === 'POST')
        return {
          status: 201,
          body: {
            status: 'success',
            message: 'Thank you for your donation!',
            data: { donation: { id: 'd1', amount: 120 }, balance: 380 },
          },
        };
    });
    renderWithApp(<DonateForm target={target} />);
    const user = await fillAndConfirm('120');
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your donation' });
    expect(dialog).toHaveTextContent('Give 120 tokens to A loom for the school?');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(screen.getByTestId('confirm-action'));
    await screen.findByTestId('donation-done');
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({
      target_type: 'campaign',
      target_id: target.id,
      amount: 120,
      message: 'Courage',
      anonymous: false,
    });
    expect(posts[0]!.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByText('Your balance is now 380 tokens.')).toBeInTheDocument();
  });

  it('shows what the typed amount is worth in the reader’s money', async () => {
    stubApi((url) => {
      if (url.pathname === '/api/v1/wallet') return wallet(500);
      if (url.pathname === '/api/v1/config')
        return ok({
          realtime: { key: 'k', host: 'localhost', port: 3000, scheme: 'http' },
          payments: {
            provider: 'sandbox',
            token_price_cents: 1,
            currency: 'USD',
            display_currencies: ['USD', 'EUR'],
            display_rates: { USD: 100, EUR: 108 },
          },
        });
    });
    renderWithApp(<DonateForm target={target} />);
    await waitFor(() => expect(screen.getByTestId('donate-balance')).toHaveTextContent(/Your balance/));
    expect(screen.queryByTestId('donate-local')).toBeNull();
    await userEvent.setup().type(document.getElementById('donate-amount')!, '250');
    expect(await screen.findByTestId('donate-local')).toHaveTextContent('$2.50');
  });

  it('says on the amount field when the balance is too low, with a link to buy tokens, and sends nothing', async () => {
    const calls = stubApi((url) => (url.pathname === '/api/v1/wallet' ? wallet(50) : undefined));
    renderWithApp(<DonateForm target={target} />);
    await fillAndConfirm('120');
    await waitFor(() => expect(helper('donate-amount')).toBe('Not enough tokens: your balance is 50.'));
    expect(document.getElementById('donate-amount')).toHaveAttribute('aria-invalid', 'true');
    // 70 missing: the smallest pack that covers it.
    expect(screen.getByTestId('donate-shortfall')).toHaveTextContent('You need 70 more tokens.');
    expect(screen.getByRole('link', { name: 'Buy 500 tokens' })).toHaveAttribute('href', '/setting/wallet?buy=500');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("puts the server's 409 (insufficient funds) on the amount field; a retry of the same donation keeps its key", async () => {
    let attempts = 0;
    const calls = stubApi((url, init) => {
      if (url.pathname === '/api/v1/wallet') return wallet(500);
      if (url.pathname === '/api/v1/donations' && init?.method === 'POST') {
        attempts += 1;
        // The first answer is lost (a server error); the retry meets a balance spent elsewhere meanwhile.
        if (attempts === 1) return { status: 500, body: { status: 'error', message: 'boom' } };
        return {
          status: 409,
          body: {
            status: 'error',
            error_type: 'insufficient_funds',
            message: 'Not enough tokens in your wallet. Buy tokens first.',
          },
        };
      }
    });
    renderWithApp(<DonateForm target={target} />);
    const user = await fillAndConfirm('120');
    await user.click(await screen.findByTestId('confirm-action'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByTestId('donate-submit'));
    await user.click(await screen.findByTestId('confirm-action'));
    await waitFor(() => expect(helper('donate-amount')).toBe('Not enough tokens in your wallet. Buy tokens first.'));
    // Once the dialog has gone, the page is no longer hidden from assistive technology.
    expect(await screen.findByRole('link', { name: 'Buy 500 tokens' })).toHaveAttribute('href', '/setting/wallet?buy=500');
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[1]!.headers['Idempotency-Key']).toBe(posts[0]!.headers['Idempotency-Key']);
  });

  it('tells a closed campaign from a low balance by error_type, not by the wording of the message', async () => {
    stubApi((url, init) => {
      if (url.pathname === '/api/v1/wallet') return wallet(500);
      if (url.pathname === '/api/v1/donations' && init?.method === 'POST')
        return { status: 409, body: { status: 'error', error_type: 'campaign_closed', message: 'Cette collecte est terminée.' } };
    });
    renderWithApp(<DonateForm target={target} />);
    const user = await fillAndConfirm('120');
    await user.click(await screen.findByTestId('confirm-action'));
    expect(await screen.findByTestId('target-error')).toHaveTextContent('Cette collecte est terminée.');
    expect(helper('donate-amount')).toBe('Whole tokens, taken from your wallet.');
    expect(screen.queryByTestId('buy-tokens-link')).not.toBeInTheDocument();
  });
});

describe('DonationTargetPicker', () => {
  const picker = (over: Partial<PickerState> = {}): PickerState => ({
    tribes: [],
    tribeId: '',
    onTribe: () => undefined,
    campaigns: [],
    campaignsLoading: false,
    campaignId: '',
    onCampaign: () => undefined,
    ...over,
  });

  it('shows "the tribe itself" when no campaign is chosen, not an empty field', () => {
    renderWithApp(<DonationTargetPicker state={picker()} />);
    expect(screen.getByTestId('donate-target')).toHaveTextContent('The tribe itself');
  });

  it('says the tribe has no open campaign only once its campaigns are known, in a line kept either way', () => {
    const loading = renderWithApp(<DonationTargetPicker state={picker({ campaignsLoading: true })} />);
    expect(helper('donate-target')).not.toMatch(/no open campaign/);
    expect(document.getElementById('donate-target-helper-text')).not.toBeNull();
    loading.unmount();
    renderWithApp(<DonationTargetPicker state={picker()} />);
    expect(helper('donate-target')).toMatch(/no open campaign/);
  });
});
