import { screen, within } from '@testing-library/react';
import type { AdminStats, AdminStatsDay } from '@tribes/shared';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../app/i18n';
import { ok, renderWithApp, stubApi } from '../../test/stub-api';
import { AdminDashboard } from './components/dashboard';

beforeAll(() => initI18n('en'));
afterEach(async () => {
  vi.unstubAllGlobals();
  await initI18n('en');
});

/** 30 days from 30 Oct to 28 Nov 2026, all zero but for the days given (index → figures). */
function series(days: Record<number, Partial<AdminStatsDay>>): AdminStatsDay[] {
  return Array.from({ length: 30 }, (_, i) => ({
    date: new Date(Date.UTC(2026, 9, 30 + i)).toISOString().slice(0, 10),
    signups: 0,
    active: 0,
    posts: 0,
    reports: 0,
    ...days[i],
  }));
}

const stats = (s: AdminStatsDay[]): AdminStats => ({
  users: { total: 1200, new_7d: 30, active_1d: 100, active_7d: 400, active_30d: 800 },
  tribes: { total: 12 },
  posts: { total: 5000, new_7d: 70 },
  reports: { open: 4 },
  appeals: { open: 2 },
  jobs: { failed: 1 },
  realtime: { connections: 55 },
  series: s,
});

const stubStats = (s: AdminStatsDay[]) => stubApi((url) => (url.pathname === '/api/v1/admin/stats' ? ok(stats(s)) : undefined));

describe('the dashboard’s charts of the last 30 days', () => {
  it('draws one bar a day for each measure, titled, with its total and highest day in its label', async () => {
    stubStats(
      series({
        0: { signups: 5, active: 1 },
        10: { signups: 30, posts: 2, reports: 1 },
        29: { signups: 7, active: 12, posts: 1000 },
      }),
    );
    renderWithApp(<AdminDashboard />);
    const signups = await screen.findByRole('img', {
      name: 'Sign-ups over 30 days: 42 in total, at most 30 in a day.',
    });
    const bars = signups.querySelectorAll('rect');
    expect(bars).toHaveLength(30);
    expect(bars[0]).toHaveAttribute('data-value', '5');
    expect(bars[29]).toHaveAttribute('data-value', '7');
    // The highest day fills the height; an empty day draws nothing; time runs left to right.
    expect(Number(bars[10]!.getAttribute('height'))).toBeGreaterThan(Number(bars[29]!.getAttribute('height')));
    expect(bars[1]).toHaveAttribute('height', '0');
    expect(Number(bars[0]!.getAttribute('x'))).toBeLessThan(Number(bars[29]!.getAttribute('x')));
    expect(signups).toHaveStyle({ direction: 'ltr' });
    // The first and last days are written under the chart.
    expect(within(signups).getByText('Oct 30')).toBeInTheDocument();
    expect(within(signups).getByText('Nov 28')).toBeInTheDocument();

    expect(screen.getByRole('img', { name: 'Posts over 30 days: 1,002 in total, at most 1,000 in a day.' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Reports over 30 days: 1 in total, at most 1 in a day.' })).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: 'Members last active over 30 days: 13 in total, at most 12 in a day.' }),
    ).toBeInTheDocument();
    // Each chart is a titled section; "active" says what it counts.
    for (const title of ['Sign-ups', 'Active members', 'Posts', 'Reports'])
      expect(screen.getByRole('heading', { level: 3, name: title })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Active members' })).toHaveTextContent(
      'Each member counts once, on the day of their last activity.',
    );
    expect(screen.getByTestId('chart-total-posts')).toHaveTextContent('1,002');
    // The cards are still there beside the charts.
    expect(screen.getByTestId('stat-usersTotal')).toHaveTextContent('1,200');
  });

  it('shows skeletons until the figures come', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    renderWithApp(<AdminDashboard />);
    for (const m of ['signups', 'active', 'posts', 'reports'])
      expect(await screen.findByTestId(`chart-loading-${m}`)).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('labels the charts in Arabic, the drawing kept left to right', async () => {
    await initI18n('ar');
    stubStats(series({ 29: { reports: 3 } }));
    renderWithApp(<AdminDashboard />);
    const reports = await screen.findByTestId('chart-reports');
    expect(screen.getByRole('heading', { level: 2, name: 'آخر 30 يومًا' })).toBeInTheDocument();
    expect(reports.getAttribute('aria-label')).toMatch(/^البلاغات خلال 30 يومًا: .+ في المجموع، وأعلى يوم .+\.$/);
    expect(reports).toHaveStyle({ direction: 'ltr' });
    expect(reports.querySelectorAll('rect')[29]).toHaveAttribute('data-value', '3');
  });
});
