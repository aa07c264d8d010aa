import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminReport, AdminUser, ModerationNotice } from '@tribes/shared';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../app/i18n';
import { ok, renderWithApp, stubApi } from '../../test/stub-api';
import { AdminDashboard } from './components/dashboard';
import { MyNotices } from './components/my-notices';
import { AdminReports } from './components/reports';
import { AdminTribes } from './components/tribes';
import { AdminUserDetail } from './components/user-detail';
import { AdminUsers } from './components/users';

beforeAll(() => initI18n('en'));
afterEach(() => vi.unstubAllGlobals());

const U1 = '11111111-1111-4111-8111-111111111111';
const user = (over: Partial<AdminUser> = {}): AdminUser => ({
  id: U1,
  name: 'Amina Diallo',
  email: 'amina@example.org',
  phone: null,
  status: 'active',
  platform_role: null,
  created_at: '2026-01-10T10:00:00.000Z',
  last_seen_at: '2026-11-20T10:00:00.000Z',
  suspension: null,
  ...over,
});

const report = (over: Partial<AdminReport> = {}): AdminReport => ({
  id: 'r1',
  target_type: 'comment',
  target_id: 'c1',
  snapshot: {
    type: 'comment',
    id: 'c1',
    author: { id: U1, name: 'Amina Diallo' },
    title: null,
    text: 'Buy cheap tokens at spam.example',
    image_urls: [],
    tribe_id: null,
    post_id: 'p1',
    created_at: '2026-11-01T10:00:00.000Z',
  },
  reporter: { id: 'u2', name: 'Kofi' },
  reason: 'Spam',
  tribe: null,
  handler: 'operators',
  escalated_at: null,
  escalation_note: null,
  status: 'open',
  action: null,
  note: null,
  handled_by: null,
  handled_at: null,
  created_at: '2026-11-02T10:00:00.000Z',
  ...over,
});

const notice = (over: Partial<ModerationNotice> = {}): ModerationNotice => ({
  id: 'n1',
  kind: 'content_removed',
  reason: 'Hate speech',
  snapshot: null,
  target: { type: 'post', id: 'p1' },
  until: null,
  created_at: new Date(Date.now() - 86_400_000).toISOString(),
  appeal: {
    status: 'none',
    deadline: new Date(Date.now() + 19 * 86_400_000).toISOString(),
    text: null,
    note: null,
    decided_at: null,
  },
  ...over,
});

describe('the users console', () => {
  it('searches by q and status, and loads the next page by cursor', async () => {
    const calls = stubApi((url) => {
      if (url.pathname !== '/api/v1/admin/users') return undefined;
      if (url.searchParams.get('cursor') === 'p2') return ok({ items: [user({ id: 'u3', name: 'Third' })], next_cursor: null });
      if (url.searchParams.get('q') === 'amina')
        return ok({ items: [user()], next_cursor: url.searchParams.get('status') === 'suspended' ? null : 'p2' });
      return ok({ items: [user({ id: 'u9', name: 'Someone else' })], next_cursor: null });
    });
    renderWithApp(<AdminUsers />);
    const u = userEvent.setup();
    expect(await screen.findByText('Someone else')).toBeInTheDocument();
    await u.type(screen.getByTestId('admin-user-search'), 'amina');
    expect(await screen.findByText('Amina Diallo')).toBeInTheDocument();
    expect(screen.queryByText('Someone else')).not.toBeInTheDocument();
    await u.click(screen.getByTestId('load-more'));
    expect(await screen.findByText('Third')).toBeInTheDocument();
    const paged = calls.find((c) => c.url.searchParams.get('cursor') === 'p2')!;
    expect(paged.url.searchParams.get('q')).toBe('amina');
    // The status filter goes to the server as `status`.
    await u.click(screen.getByRole('combobox', { name: 'Status' }));
    await u.click(await screen.findByRole('option', { name: 'Suspended' }));
    await waitFor(() =>
      expect(calls.some((c) => c.url.searchParams.get('status') === 'suspended' && c.url.searchParams.get('q') === 'amina')).toBe(
        true,
      ),
    );
  });

  it('suspends only with a reason, sends the end date, and shows the new status', async () => {
    let current = user();
    const calls = stubApi((url, init) => {
      if (url.pathname === `/api/v1/admin/users/${U1}`) return ok({ user: current, tribes: [], notices: [], history: [] });
      if (url.pathname === `/api/v1/admin/users/${U1}/suspend` && init?.method === 'POST') {
        current = user({ status: 'suspended', suspension: { reason: 'Spam', since: '2026-11-28T10:00:00.000Z', until: null } });
        return ok({ user: current }, 'Suspended.');
      }
      return undefined;
    });
    renderWithApp(<AdminUserDetail id={U1} />);
    const u = userEvent.setup();
    await u.click(await screen.findByTestId('admin-suspend'));
    const dialog = await screen.findByRole('dialog');
    // No reason: refused in the dialog, nothing sent.
    await u.click(within(dialog).getByTestId('reason-submit'));
    expect(within(dialog).getByText('Give a reason: the audit log keeps it.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await u.type(within(dialog).getByTestId('reason-input'), '  Spam  ');
    await u.type(within(dialog).getByTestId('until-input'), '2099-12-31');
    await u.click(within(dialog).getByTestId('reason-submit'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url.pathname).toBe(`/api/v1/admin/users/${U1}/suspend`);
    expect((post.body as { reason: string }).reason).toBe('Spam');
    expect(new Date((post.body as { until: string }).until).getFullYear()).toBe(2099);
    expect(await screen.findByTestId('admin-unsuspend')).toBeInTheDocument();
    expect(screen.getByTestId('admin-user-status-chip')).toHaveTextContent('Suspended');
  });
});

describe('the reports queue', () => {
  it('resolves a report in one click and a reason, and shows a 409 in the dialog', async () => {
    let resolves = 0;
    const calls = stubApi((url, init) => {
      if (url.pathname === '/api/v1/admin/reports') return ok({ items: [report(), report({ id: 'r2' })], next_cursor: null });
      if (url.pathname === '/api/v1/admin/reports/r1/resolve' && init?.method === 'POST') {
        resolves += 1;
        return ok({ report: report({ status: 'actioned', action: 'remove_content' }) }, 'Done.');
      }
      if (url.pathname === '/api/v1/admin/reports/r2/resolve')
        return {
          status: 409,
          body: { status: 'error', message: 'This report is already closed.', error_type: 'report_closed' },
        };
      return undefined;
    });
    renderWithApp(<AdminReports />);
    const u = userEvent.setup();
    const cards = await screen.findAllByTestId('admin-report');
    expect(within(cards[0]!).getByTestId('snapshot')).toHaveTextContent('Buy cheap tokens at spam.example');
    await u.click(within(cards[0]!).getByTestId('report-remove_content'));
    let dialog = await screen.findByRole('dialog');
    await u.type(within(dialog).getByTestId('reason-input'), 'Spam link');
    await u.click(within(dialog).getByTestId('reason-submit'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(resolves).toBe(1);
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ action: 'remove_content', reason: 'Spam link' });
    // Someone else closed the second one first: the 409 is said in the dialog, which stays open.
    await u.click(within(screen.getAllByTestId('admin-report')[1]!).getByTestId('report-dismiss'));
    dialog = await screen.findByRole('dialog');
    // The reason of the act just done is not carried over.
    expect(within(dialog).getByTestId('reason-input')).toHaveValue('');
    await u.type(within(dialog).getByTestId('reason-input'), 'Fine');
    await u.click(within(dialog).getByTestId('reason-submit'));
    expect(await within(dialog).findByTestId('dialog-error')).toHaveTextContent('This report is already closed.');
    // Each opening starts with an empty reason.
    expect(within(dialog).getByTestId('reason-input')).toHaveValue('Fine');
    await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await u.click(within(screen.getAllByTestId('admin-report')[1]!).getByTestId('report-warn'));
    expect(within(await screen.findByRole('dialog')).getByTestId('reason-input')).toHaveValue('');
  });
});

describe('the tribes console', () => {
  it('suspends a tribe given by its slug, found by GET /v1/tribes/{slug} first', async () => {
    const T1 = '22222222-2222-4222-8222-222222222222';
    const calls = stubApi((url, init) => {
      if (url.pathname === '/api/v1/tribes/oasis') return ok({ tribe: { id: T1, slug: 'oasis', name: 'Oasis' } });
      if (url.pathname === `/api/v1/admin/tribes/${T1}/suspend` && init?.method === 'POST')
        return ok({
          tribe: { id: T1, name: 'Oasis', slug: 'oasis', suspension: { reason: 'Scam', since: '2026-11-28T10:00:00.000Z' } },
        });
      return undefined;
    });
    renderWithApp(<AdminTribes />);
    const u = userEvent.setup();
    await u.click(screen.getByTestId('admin-tribe-suspend'));
    // Nothing given: no dialog, the field says why.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await u.type(screen.getByTestId('admin-tribe-id'), 'oasis');
    await u.click(screen.getByTestId('admin-tribe-suspend'));
    const dialog = await screen.findByRole('dialog');
    await u.type(within(dialog).getByTestId('reason-input'), 'Scam');
    await u.click(within(dialog).getByTestId('reason-submit'));
    expect(await screen.findByTestId('admin-tribe-done')).toHaveTextContent('Oasis');
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ reason: 'Scam' });
  });
});

describe('refusals of the console', () => {
  it('sends an operator without two-factor to its settings, and tells anyone else it is for operators only', async () => {
    stubApi((url) =>
      url.pathname === '/api/v1/admin/stats'
        ? {
            status: 403,
            body: { status: 'error', message: 'Two-factor required.', error_type: 'two_factor_required' },
          }
        : undefined,
    );
    const first = renderWithApp(<AdminDashboard />);
    const warning = await screen.findByTestId('admin-two-factor-required');
    expect(within(warning).getByRole('link', { name: 'Turn on two-factor authentication' })).toHaveAttribute(
      'href',
      '/setting/two-factor',
    );
    expect(screen.queryByTestId('admin-operators-only')).not.toBeInTheDocument();
    first.unmount();
    vi.unstubAllGlobals();
    stubApi((url) =>
      url.pathname === '/api/v1/admin/stats' ? { status: 403, body: { status: 'error', message: 'Forbidden.' } } : undefined,
    );
    renderWithApp(<AdminDashboard />);
    expect(await screen.findByTestId('admin-operators-only')).toHaveTextContent('Operators only');
    expect(screen.queryByTestId('admin-two-factor-required')).not.toBeInTheDocument();
  });

  it('shows the figures as cards', async () => {
    stubApi((url) =>
      url.pathname === '/api/v1/admin/stats'
        ? ok({
            users: { total: 1200, new_7d: 30, active_1d: 100, active_7d: 400, active_30d: 800 },
            tribes: { total: 12 },
            posts: { total: 5000, new_7d: 70 },
            reports: { open: 4 },
            appeals: { open: 2 },
            jobs: { failed: 1 },
            realtime: { connections: 55 },
          })
        : undefined,
    );
    renderWithApp(<AdminDashboard />);
    await waitFor(() => expect(screen.getByTestId('stat-reportsOpen')).toHaveTextContent('Open reports4'));
    expect(screen.getByTestId('stat-usersTotal')).toHaveTextContent('1,200');
  });
});

describe("the member's moderation notices", () => {
  it('appeals a notice within its window, and offers no appeal once it is past or made', async () => {
    let appealed = false;
    const calls = stubApi((url, init) => {
      if (url.pathname === '/api/v1/me/moderation')
        return ok({
          items: [
            appealed ? notice({ appeal: { ...notice().appeal, status: 'open', text: 'It was a quote.' } }) : notice(),
            notice({
              id: 'n2',
              kind: 'warning',
              reason: 'Old one',
              appeal: { ...notice().appeal, deadline: new Date(Date.now() - 1000).toISOString() },
            }),
          ],
          next_cursor: null,
        });
      if (url.pathname === '/api/v1/moderation/n1/appeal' && init?.method === 'POST') {
        appealed = true;
        return {
          status: 201,
          body: {
            status: 'success',
            message: 'Appeal sent.',
            data: {
              appeal: {
                id: 'a1',
                notice_id: 'n1',
                text: 'It was a quote.',
                status: 'open',
                note: null,
                decided_at: null,
                created_at: new Date().toISOString(),
              },
            },
          },
        };
      }
      return undefined;
    });
    renderWithApp(<MyNotices />);
    const u = userEvent.setup();
    const cards = await screen.findAllByTestId('moderation-notice');
    expect(cards[0]).toHaveTextContent('Content removed');
    expect(cards[0]).toHaveTextContent('Hate speech');
    expect(within(cards[1]!).queryByTestId('notice-appeal')).not.toBeInTheDocument();
    expect(cards[1]).toHaveTextContent('The time to appeal has passed.');
    await u.click(within(cards[0]!).getByTestId('notice-appeal'));
    const dialog = await screen.findByRole('dialog');
    await u.type(within(dialog).getByTestId('reason-input'), 'It was a quote.');
    await u.click(within(dialog).getByTestId('reason-submit'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ text: 'It was a quote.' });
    await waitFor(() => expect(screen.getAllByTestId('notice-appeal-status')[0]).toHaveTextContent('Appeal under review'));
    expect(screen.queryAllByTestId('notice-appeal')).toHaveLength(0);
  });
});
