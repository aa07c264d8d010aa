import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../app/i18n';
import { BuyTokens } from './buy-tokens';
import { ok, renderWithApp, stubApi } from '../../../test/money-test-utils';

afterEach(() => vi.unstubAllGlobals());

const config = ok({
  realtime: { key: 'k', host: 'localhost', port: 3000, scheme: 'http' },
  payments: { provider: 'sandbox', token_price_cents: 2, currency: 'USD' },
});

describe('BuyTokens', () => {
  it('shows the price from GET /v1/config in the confirmation, formatted for the reader', async () => {
    await initI18n('en');
    const calls = stubApi((url) => (url.pathname === '/api/v1/config' ? config : undefined));
    renderWithApp(<BuyTokens />);
    const user = userEvent.setup();
    await user.click(screen.getByTestId('buy-tokens'));
    await waitFor(() => expect(screen.getByRole('dialog')).toHaveTextContent('You are about to buy 1,000 tokens for $20.00.'));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('formats the price in French with Intl', async () => {
    await initI18n('fr');
    stubApi((url) => (url.pathname === '/api/v1/config' ? config : undefined));
    renderWithApp(<BuyTokens />);
    await userEvent.setup().click(screen.getByTestId('buy-tokens'));
    // toHaveTextContent turns the no-break spaces Intl puts in French numbers into plain ones.
    const price = new Intl.NumberFormat('fr', { style: 'currency', currency: 'USD' }).format(20).replace(/\s/g, ' ');
    await waitFor(() => expect(screen.getByRole('dialog')).toHaveTextContent(`pour ${price}.`));
  });

  it('says in plain words that tokens cannot be bought when the site has no payment provider, with no form to try', async () => {
    const off = ok({
      realtime: { key: 'k', host: 'localhost', port: 3000, scheme: 'http' },
      payments: { provider: 'none', token_price_cents: 1, currency: 'USD' },
    });
    for (const [locale, text] of [
      ['en', 'Buying tokens is not available on this site.'],
      ['ar', 'شراء الرموز غير متاح على هذا الموقع.'],
    ] as const) {
      await initI18n(locale);
      const calls = stubApi((url) => (url.pathname === '/api/v1/config' ? off : undefined));
      const { unmount } = renderWithApp(<BuyTokens />);
      expect(await screen.findByTestId('buy-tokens-unavailable')).toHaveTextContent(text);
      expect(screen.getByRole('heading', { level: 2 })).toBeInTheDocument();
      expect(screen.queryByTestId('buy-tokens')).not.toBeInTheDocument();
      expect(document.getElementById('buy-tokens-amount')).toBeNull();
      expect(calls.some((c) => c.method === 'POST')).toBe(false);
      unmount();
    }
  });

  it("checks the amount with the shared purchase schema, and puts the server's field error on it", async () => {
    await initI18n('en');
    const calls = stubApi((url, init) => {
      if (url.pathname === '/api/v1/config') return config;
      if (url.pathname === '/api/v1/wallet/purchases' && init?.method === 'POST')
        return {
          status: 400,
          body: {
            status: 'error',
            message: 'Check the form.',
            error_type: 'validation_error',
            errors: { tokens: ['Purchases are paused.'] },
          },
        };
    });
    renderWithApp(<BuyTokens />);
    const user = userEvent.setup();
    const input = document.getElementById('buy-tokens-amount')!;
    await user.clear(input);
    await user.type(input, '50');
    await user.click(screen.getByTestId('buy-tokens'));
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    expect(document.getElementById('buy-tokens-amount-helper-text')).toHaveTextContent('Between 100 and 1,000,000 tokens.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '500' }));
    expect(input).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByTestId('buy-tokens'));
    await user.click(await screen.findByTestId('confirm-action'));
    await waitFor(() =>
      expect(document.getElementById('buy-tokens-amount-helper-text')).toHaveTextContent('Purchases are paused.'),
    );
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({ tokens: 500 });
    expect(posts[0]!.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
