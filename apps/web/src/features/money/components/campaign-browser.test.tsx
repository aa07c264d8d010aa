import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Campaign } from '@tribes/shared';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../app/i18n';
import { CampaignBrowser } from './campaign-browser';
import { ok, renderWithApp, stubApi } from '../../../test/money-test-utils';

beforeAll(() => initI18n('en'));
afterEach(() => vi.unstubAllGlobals());

const campaign = (id: string, title: string, tribe: string): Campaign => ({
  id,
  tribe_id: `t-${id}`,
  title,
  description: 'A story.',
  description_html: '<p>A story.</p>',
  goal: 1000,
  monthly_goal: null,
  raised: 100,
  donor_count: 2,
  ends_at: '2030-01-01T00:00:00.000Z',
  status: 'active',
  cover_url: null,
  milestones: [],
  can_manage: false,
  created_at: '2026-01-01T00:00:00.000Z',
  tribe_name: tribe,
  organiser: null,
});

describe('CampaignBrowser', () => {
  it('lists open campaigns of every tribe, searches as one types, and says when nothing matches', async () => {
    const calls = stubApi((url) => {
      if (url.pathname !== '/api/v1/campaigns') return undefined;
      const q = url.searchParams.get('q');
      if (!q) return ok({ items: [campaign('c1', 'A loom', 'Atlas'), campaign('c2', 'A well', 'Kumasi')], next_cursor: null });
      return ok({ items: q === 'well' ? [campaign('c2', 'A well', 'Kumasi')] : [], next_cursor: null });
    });
    renderWithApp(<CampaignBrowser />);
    await waitFor(() => expect(screen.getAllByTestId('campaign-card')).toHaveLength(2));
    const user = userEvent.setup();
    await user.type(screen.getByTestId('campaign-search'), 'well');
    await waitFor(() => expect(screen.getAllByTestId('campaign-card')).toHaveLength(1));
    expect(screen.getByTestId('campaign-card')).toHaveTextContent('A well');
    await user.clear(screen.getByTestId('campaign-search'));
    await user.type(screen.getByTestId('campaign-search'), 'roof');
    expect(await screen.findByText('No open campaign matches “roof”.')).toBeInTheDocument();
    expect(calls.map((c) => c.url.searchParams.get('q'))).toEqual(expect.arrayContaining([null, 'well', 'roof']));
  });
});
