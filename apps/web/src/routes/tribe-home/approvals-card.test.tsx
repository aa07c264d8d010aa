import { render, screen, waitFor } from '@testing-library/react';
import type { Tribe, TribeApprovals } from '@tribes/shared';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLocale, initI18n } from '../../app/i18n';
import { jsonResponse, queryWrapper, stubFetch, success } from '../../test/api-harness';
import { ApprovalsCard } from './approvals-card';

// Issue 37.8: what waits for a tribe's leaders, where they look (the side column of the tribe's page).

beforeAll(() => initI18n('en'));
afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLocale('en');
});

const ID = 'a0000000-0000-4000-8000-000000000001';
const tribe = (role: 'leader' | 'moderator' | 'member' | null): Tribe => ({
  id: ID,
  slug: 'ait-atlas',
  name: 'Aït Atlas',
  description: '',
  cover_url: null,
  logo_url: null,
  lat: 31,
  lng: -7,
  region: 'High Atlas',
  visibility: 'request',
  member_count: 4,
  village_count: 0,
  allow_translation: false,
  my_membership: role ? { role, status: 'active', joined_at: new Date().toISOString() } : null,
  created_at: new Date().toISOString(),
});

function wrap(children: ReactNode) {
  const { wrapper: Wrapper } = queryWrapper();
  return render(
    <Wrapper>
      <MemoryRouter>{children}</MemoryRouter>
    </Wrapper>,
  );
}
const answering = (approvals: TribeApprovals) => stubFetch(() => jsonResponse(200, success({ approvals })));

describe('the "waiting for you" card of a tribe', () => {
  it('gives a leader each kind of waiting work with its count, linking to where it is done', async () => {
    const calls = answering({ join_requests: 3, villages: 1, expenses: 2 });
    wrap(<ApprovalsCard tribe={tribe('leader')} />);
    expect(await screen.findByRole('link', { name: '3 requests to join' })).toHaveAttribute(
      'href',
      `/tribes/setting/${ID}?tab=pending`,
    );
    expect(screen.getByRole('link', { name: '1 village to review' })).toHaveAttribute('href', `/tribes/setting/leader/${ID}`);
    expect(screen.getByRole('link', { name: '2 expenses to approve' })).toHaveAttribute('href', `/tribes/${ID}?tab=treasury`);
    expect(screen.getByRole('heading', { name: 'Waiting for you' })).toBeInTheDocument();
    expect(calls.map((c) => new URL(c.url, 'http://x').pathname)).toEqual([`/api/v1/tribes/${ID}/approvals`]);
  });

  it('leaves out what is done, and says so when nothing waits', async () => {
    answering({ join_requests: 0, villages: 2, expenses: 0 });
    const view = wrap(<ApprovalsCard tribe={tribe('leader')} />);
    await screen.findByTestId('approvals-villages');
    expect(screen.queryByTestId('approvals-joinRequests')).toBeNull();
    expect(screen.queryByTestId('approvals-expenses')).toBeNull();
    view.unmount();
    vi.unstubAllGlobals();

    answering({ join_requests: 0, villages: 0, expenses: 0 });
    wrap(<ApprovalsCard tribe={tribe('leader')} />);
    expect(await screen.findByTestId('approvals-none')).toHaveTextContent('Nothing is waiting for you.');
    expect(screen.queryAllByRole('link')).toEqual([]);
  });

  it('shows a moderator the join requests only (the rest is null for them)', async () => {
    answering({ join_requests: 1, villages: null, expenses: null });
    wrap(<ApprovalsCard tribe={tribe('moderator')} />);
    expect(await screen.findByRole('link', { name: '1 request to join' })).toBeInTheDocument();
    expect(screen.getAllByRole('link')).toHaveLength(1);
  });

  it('is hidden, and asks nothing, for a plain member or someone outside the tribe', async () => {
    const calls = answering({ join_requests: 1, villages: 1, expenses: 1 });
    for (const role of ['member', null] as const) {
      const view = wrap(<ApprovalsCard tribe={tribe(role)} />);
      expect(screen.queryByTestId('aside-approvals')).toBeNull();
      view.unmount();
    }
    await new Promise((r) => setTimeout(r, 0));
    expect(calls).toEqual([]);
  });

  it('is hidden when the server refuses (a role changed meanwhile)', async () => {
    stubFetch(() => jsonResponse(403, { status: 'error', message: 'Forbidden' }));
    wrap(<ApprovalsCard tribe={tribe('leader')} />);
    await waitFor(() => expect(screen.queryByTestId('aside-approvals')).toBeNull());
  });

  it('counts in Arabic with its plural forms', async () => {
    await changeLocale('ar');
    answering({ join_requests: 2, villages: 3, expenses: 11 });
    wrap(<ApprovalsCard tribe={tribe('leader')} />);
    expect(await screen.findByTestId('approvals-joinRequests')).toHaveTextContent('طلبا انضمام');
    expect(screen.getByTestId('approvals-villages')).toHaveTextContent('3 قرى للمراجعة');
    expect(screen.getByTestId('approvals-expenses')).toHaveTextContent('11 نفقة للموافقة');
  });
});
