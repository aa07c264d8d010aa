import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Campaign, PublicConfig, Wallet } from '@tribes/shared';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../app/i18n';
import { CampaignMeta, CampaignShare, CampaignUpdates, TopDonors, daysLeft } from './campaign-extras';
import { CampaignProgress } from './campaign-progress';
import { displayCurrency, formatLocalMoney } from '../../../components/local-money';
import { ok, renderWithApp, stubApi } from '../../../test/stub-api';
import { WalletBalance } from './wallet-balance';

beforeAll(() => initI18n('en'));
afterEach(() => vi.unstubAllGlobals());

const campaign: Campaign = {
  id: 'c1',
  tribe_id: 't1',
  title: 'A loom for the school',
  description: '',
  description_html: '',
  goal: 1000,
  monthly_goal: null,
  raised: 2500,
  donor_count: 3,
  ends_at: '2030-01-11T12:00:00.000Z',
  status: 'active',
  cover_url: null,
  milestones: [],
  can_manage: true,
  created_at: '2026-01-01T00:00:00.000Z',
  tribe_name: 'River',
  organiser: { id: 'u-org', name: 'Amina', avatar_url: null },
};

const config: PublicConfig['payments'] = {
  provider: 'sandbox',
  token_price_cents: 1,
  currency: 'USD',
  display_currencies: ['USD', 'EUR', 'MAD', 'ILS'],
  display_rates: { USD: 100, EUR: 108, MAD: 10, ILS: 27 },
};
const configAnswer = (url: URL) =>
  url.pathname === '/api/v1/config'
    ? ok({ realtime: { key: 'k', host: 'localhost', port: 3000, scheme: 'http' }, payments: config })
    : undefined;

describe('local money', () => {
  it('picks the reader’s currency when offered and formats tokens in it', () => {
    expect(displayCurrency('fr', config.display_currencies)).toBe('EUR');
    expect(displayCurrency('ar', config.display_currencies)).toBe('MAD');
    expect(displayCurrency('he', ['USD'])).toBe('USD');
    expect(formatLocalMoney(2500, 'USD', 100, 'en')).toBe('$25.00');
    expect(formatLocalMoney(50_000, 'MAD', 10, 'en')).toMatch(/^MAD\s5,000$/);
  });

  it('shows the raised tokens in dollars beside a campaign’s progress, for an English reader', async () => {
    stubApi(configAnswer);
    renderWithApp(<CampaignProgress campaign={campaign} />);
    expect(await screen.findByTestId('local-money')).toHaveTextContent('≈ $25.00');
  });
});

describe('campaign page pieces', () => {
  it('names the organiser and counts the days left', () => {
    renderWithApp(<CampaignMeta campaign={campaign} now={new Date('2030-01-01T12:00:00.000Z')} />);
    expect(screen.getByTestId('campaign-organiser')).toHaveTextContent('Organised by');
    expect(screen.getByTestId('campaign-organiser')).toHaveTextContent('Amina');
    expect(screen.getByTestId('campaign-days-left')).toHaveTextContent('10 days left');
    expect(daysLeft('2030-01-01T18:00:00.000Z', new Date('2030-01-01T12:00:00.000Z'))).toBe(0);
    expect(daysLeft('2029-12-31T00:00:00.000Z', new Date('2030-01-01T12:00:00.000Z'))).toBeNull();
  });

  it('shares the page link to WhatsApp and Telegram and copies it', async () => {
    const user = userEvent.setup();
    renderWithApp(<CampaignShare campaign={campaign} url="https://tribes.example/tribes/campaign/detail/c1" />);
    const url = encodeURIComponent('https://tribes.example/tribes/campaign/detail/c1');
    expect(screen.getByTestId('share-whatsapp')).toHaveAttribute(
      'href',
      `https://wa.me/?text=${encodeURIComponent('A loom for the school https://tribes.example/tribes/campaign/detail/c1')}`,
    );
    expect(screen.getByTestId('share-telegram').getAttribute('href')).toContain(`url=${url}`);
    await user.click(screen.getByTestId('share-copy'));
    expect(await navigator.clipboard.readText()).toBe('https://tribes.example/tribes/campaign/detail/c1');
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
  });

  it('lists top donors with anonymous gifts shown as such', async () => {
    stubApi((url) =>
      url.pathname === '/api/v1/campaigns/c1/donors/top'
        ? ok({
            items: [
              { donor: null, anonymous: true, amount: 400 },
              { donor: { id: 'u1', name: 'Kofi' }, anonymous: false, amount: 250 },
            ],
          })
        : undefined,
    );
    renderWithApp(<TopDonors campaignId="c1" />);
    const list = await screen.findByTestId('top-donors');
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Anonymous donor');
    expect(rows[0]).toHaveTextContent('400 tokens');
    expect(rows[1]).toHaveTextContent('Kofi');
    expect(rows[1]).toHaveTextContent('250 tokens');
  });

  it('lists updates and lets a manager post one, with the server’s message under the field', async () => {
    let posted = 0;
    const calls = stubApi((url, init) => {
      if (url.pathname !== '/api/v1/campaigns/c1/updates') return undefined;
      if (init?.method === 'POST') {
        posted += 1;
        return posted === 1
          ? {
              status: 400,
              body: {
                status: 'error',
                message: 'Check the form.',
                error_type: 'validation_error',
                errors: { body: ['Too long.'] },
              },
            }
          : ok({
              update: {
                id: 'u2',
                campaign_id: 'c1',
                author: null,
                body: 'Tiles arrived.',
                body_html: '<p>Tiles arrived.</p>',
                created_at: '2026-02-02T00:00:00.000Z',
              },
            });
      }
      return ok({
        items: [
          {
            id: 'u1',
            campaign_id: 'c1',
            author: { id: 'u-org', name: 'Amina', avatar_url: null },
            body: '**Roof** ordered.',
            body_html: '<p><strong>Roof</strong> ordered.</p>',
            created_at: '2026-02-01T00:00:00.000Z',
          },
        ],
        next_cursor: null,
      });
    });
    renderWithApp(<CampaignUpdates campaign={campaign} />);
    expect(await screen.findByTestId('campaign-update')).toHaveTextContent('Roof ordered.');
    // The server's rendered Markdown, not the raw text.
    expect(screen.getByText('Roof', { selector: 'strong' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByTestId('update-body'), 'Tiles arrived.');
    await user.click(screen.getByTestId('update-post'));
    expect(await screen.findByText('Too long.')).toBeInTheDocument();
    await user.click(screen.getByTestId('update-post'));
    await waitFor(() => expect(screen.getByTestId('update-body')).toHaveValue(''));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { body: 'Tiles arrived.' },
      { body: 'Tiles arrived.' },
    ]);
  });

  it('checks an update with the shared schema: nothing to post when blank, too long said under the field', async () => {
    const calls = stubApi((url) =>
      url.pathname === '/api/v1/campaigns/c1/updates' ? ok({ items: [], next_cursor: null }) : undefined,
    );
    renderWithApp(<CampaignUpdates campaign={campaign} />);
    const user = userEvent.setup();
    const field = await screen.findByTestId('update-body');
    await user.type(field, '   ');
    expect(screen.getByTestId('update-post')).toBeDisabled();
    // Past the field's own limit (a paste the browser let through): the schema's message, nothing sent.
    fireEvent.change(field, { target: { value: 'x'.repeat(5001) } });
    await user.click(screen.getByTestId('update-post'));
    expect(await screen.findByText('Must be at most 5000 characters.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('offers no update form to a visitor who does not manage the campaign', async () => {
    stubApi((url) => (url.pathname === '/api/v1/campaigns/c1/updates' ? ok({ items: [], next_cursor: null }) : undefined));
    renderWithApp(<CampaignUpdates campaign={{ ...campaign, can_manage: false }} />);
    expect(await screen.findByText('No updates yet.')).toBeInTheDocument();
    expect(screen.queryByTestId('update-body')).toBeNull();
  });
});

describe('pending purchases in the wallet', () => {
  const wallet: Wallet = {
    balance: 0,
    pending_purchases: [
      {
        payment_id: 'p1',
        tokens: 500,
        amount_cents: 500,
        created_at: '2026-02-01T10:00:00.000Z',
        expires_at: '2026-02-02T10:00:00.000Z',
      },
    ],
  };

  it('resumes to the checkout and cancels only after a confirmation', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const calls = stubApi((url, init) => {
      if (url.pathname === '/api/v1/wallet/purchases/p1/resume')
        return ok({
          payment_id: 'p1',
          checkout_url: '/checkout/sandbox/p1',
          expires_at: wallet.pending_purchases[0]!.expires_at,
        });
      if (url.pathname === '/api/v1/wallet/purchases/p1/cancel' && init?.method === 'POST')
        return ok(
          { payment_id: 'p1', status: 'cancelled', tokens: 500, amount_cents: 500, created_at: '', expires_at: '' },
          'The purchase is cancelled.',
        );
      return configAnswer(url);
    });
    renderWithApp(<WalletBalance wallet={wallet} />);
    const user = userEvent.setup();
    expect(screen.getByTestId('pending-purchase')).toHaveTextContent('$5.00');
    await user.click(screen.getByTestId('resume-purchase'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/checkout/sandbox/p1'));

    await user.click(screen.getByTestId('cancel-purchase'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Cancel this purchase?');
    expect(calls.some((c) => c.url.pathname.endsWith('/cancel'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel purchase' }));
    await waitFor(() => expect(calls.filter((c) => c.url.pathname.endsWith('/cancel'))).toHaveLength(1));
  });
});
