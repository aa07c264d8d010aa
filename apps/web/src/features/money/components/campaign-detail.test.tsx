import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Campaign, Donation, User } from '@tribes/shared';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../app/i18n';
import { clearSession, pathAfterLogin, signIn } from '../../../lib/session/session-store';
import { CampaignDetail, CampaignGive } from './campaign-detail';
import { ok, renderWithApp, stubApi } from '../../../test/stub-api';

beforeAll(() => initI18n('en'));
afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
  window.sessionStorage.clear();
});

const member = { id: 'u1', name: 'Noor', profile: { last_step: 'tribe-selection-completed', primary_tribe_id: null } } as User;

const campaign: Campaign = {
  id: 'c1',
  tribe_id: 't1',
  title: 'A loom for the school',
  description: '',
  description_html: '',
  goal: 1000,
  monthly_goal: null,
  raised: 260,
  donor_count: 3,
  ends_at: '2030-01-01T00:00:00.000Z',
  status: 'active',
  cover_url: '/media/campaigns/abc.webp',
  milestones: [],
  can_manage: false,
  created_at: '2026-01-01T00:00:00.000Z',
  tribe_name: 'River',
  organiser: { id: 'u-org', name: 'Amina', avatar_url: null },
};
const gift = (id: string, amount: number, donor: string | null): Donation => ({
  id,
  target_type: 'campaign',
  tribe_id: 't1',
  campaign_id: 'c1',
  amount,
  message: '',
  anonymous: donor === null,
  donor: donor ? { id: `u-${donor}`, name: donor } : null,
  created_at: '2026-02-01T10:00:00.000Z',
});

describe('CampaignDetail', () => {
  it("shows the cover, charts the campaign's whole daily series and pages through its own donors", async () => {
    const calls = stubApi((url) => {
      if (url.pathname === '/api/v1/campaigns/c1/daily')
        return ok({
          items: [
            { date: '2026-01-10', amount: 200 },
            { date: '2026-02-01', amount: 60 },
          ],
        });
      if (url.pathname === '/api/v1/campaigns/c1/donations')
        return url.searchParams.get('cursor') === 'p2'
          ? ok({ items: [gift('d3', 200, 'Amina')], next_cursor: null })
          : ok({ items: [gift('d1', 50, 'Kofi'), gift('d2', 10, null)], next_cursor: 'p2' });
    });
    renderWithApp(<CampaignDetail campaign={campaign} />);
    expect(screen.getByTestId('campaign-cover')).toHaveAttribute('src', '/media/campaigns/abc.webp');
    expect(await screen.findByRole('img', { name: /260 of a goal of 1,000/ })).toBeInTheDocument();
    const list = await screen.findByTestId('donor-list');
    expect(
      within(list)
        .getAllByTestId('donor')
        .map((d) => d.textContent),
    ).toEqual([expect.stringContaining('Kofi'), expect.stringContaining('Anonymous donor')]);
    await userEvent.setup().click(screen.getByTestId('load-more'));
    await waitFor(() => expect(within(list).getAllByTestId('donor')).toHaveLength(3));
    expect(within(list).getAllByTestId('donor')[2]).toHaveTextContent('Amina');
    // Nothing comes from the tribe-wide list any more.
    expect(calls.some((c) => c.url.pathname.startsWith('/api/v1/tribes/t1/donations'))).toBe(false);
  });

  it('tells the story as the server rendered it from Markdown, never the raw text', async () => {
    stubApi((url) => {
      if (url.pathname === '/api/v1/campaigns/c1/daily') return ok({ items: [] });
      if (url.pathname === '/api/v1/campaigns/c1/donations') return ok({ items: [], next_cursor: null });
    });
    renderWithApp(
      <CampaignDetail
        campaign={{
          ...campaign,
          description: '## Why\n\nOnly **three** weavers remain.',
          description_html: '<h2>Why</h2>\n<p>Only <strong>three</strong> weavers remain.</p>',
        }}
      />,
    );
    const story = screen.getByTestId('campaign-story');
    expect(within(story).getByRole('heading', { name: 'Why' })).toBeInTheDocument();
    expect(within(story).getByText('three', { selector: 'strong' })).toBeInTheDocument();
    expect(story.textContent).not.toContain('**');
  });

  it('leaves progress, donating and top donors to the side column on wide screens', async () => {
    stubApi((url) => {
      if (url.pathname === '/api/v1/campaigns/c1/daily') return ok({ items: [] });
      if (url.pathname === '/api/v1/campaigns/c1/donations') return ok({ items: [], next_cursor: null });
      if (url.pathname === '/api/v1/campaigns/c1/donors/top') return ok({ items: [] });
    });
    const main = renderWithApp(<CampaignDetail campaign={campaign} giveInAside />);
    expect(screen.queryByTestId('campaign-give')).toBeNull();
    expect(screen.queryByTestId('campaign-donate')).toBeNull();
    main.unmount();
    signIn('token', member);
    renderWithApp(<CampaignGive campaign={campaign} withTopDonors />);
    expect(screen.getByTestId('campaign-give')).toBeInTheDocument();
    expect(screen.getByTestId('campaign-donate')).toHaveAttribute('href', '/tribes/campaign/donate/c1');
    expect(screen.getByTestId('campaign-progress')).toBeInTheDocument();
  });

  it('keeps them in the page on phones', async () => {
    stubApi((url) => {
      if (url.pathname === '/api/v1/campaigns/c1/daily') return ok({ items: [] });
      if (url.pathname === '/api/v1/campaigns/c1/donations') return ok({ items: [], next_cursor: null });
    });
    renderWithApp(<CampaignDetail campaign={campaign} />);
    expect(screen.getByTestId('campaign-give')).toBeInTheDocument();
    expect(screen.getByTestId('campaign-donate')).toBeInTheDocument();
  });
});

describe('a campaign opened from a shared link while signed out (issue 37.4)', () => {
  const where = { path: '' };
  function Probe() {
    where.path = useLocation().pathname;
    return null;
  }

  it('shows the campaign, its progress and the way to its ledger; Donate asks to sign in, which comes back to give', async () => {
    stubApi((url) => {
      if (url.pathname === '/api/v1/tribes/t1') return ok({ tribe: { id: 't1', slug: 'river', name: 'River' } });
      if (url.pathname === '/api/v1/campaigns/c1/daily') return ok({ items: [] });
      if (url.pathname === '/api/v1/campaigns/c1/donations') return ok({ items: [], next_cursor: null });
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/tribes/campaign/detail/c1']}>
          <Probe />
          <Routes>
            <Route path="/tribes/campaign/detail/:id" element={<CampaignDetail campaign={campaign} />} />
            <Route path="/sign-in" element={<h1>Sign in</h1>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('campaign-raised')).toHaveTextContent('260 of 1,000 tokens');
    expect(await screen.findByTestId('campaign-ledger-link')).toHaveAttribute('href', '/tribes/ledger/river');
    const donate = screen.getByTestId('campaign-donate');
    expect(donate).toHaveTextContent('Sign in to donate');
    expect(donate).not.toHaveAttribute('href');

    await userEvent.setup().click(donate);
    await waitFor(() => expect(where.path).toBe('/sign-in'));
    // Signing in (any way: password, code, passkey...) then comes back to the campaign's giving page.
    expect(pathAfterLogin(member)).toBe('/tribes/campaign/donate/c1');
    expect(pathAfterLogin({ ...member, profile: { ...member.profile, last_step: 'email-verified' } })).toBe(
      '/tribes/campaign/donate/c1',
    );
  });
});
