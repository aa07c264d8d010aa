import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InvitePreview } from '@tribes/shared';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../app/i18n';
import InvitePage from '../../routes/invite';
import { pathAfterLogin, sessionStore } from '../../lib/session/session-store';
import { InviteDialog } from './components/invite-dialog';
import { pendingInvite } from '../../lib/session/pending-invite';

type Answer = { status?: number; body: unknown };
function stubApi(route: (url: URL, init?: RequestInit) => Answer | undefined) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push({
        method: init?.method ?? 'GET',
        path: url.pathname,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
      });
      const answer = route(url, init) ?? { status: 404, body: { status: 'error', message: 'Not found.' } };
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
    }),
  );
  return calls;
}
const ok = (data: unknown) => ({ body: { status: 'success', message: '', data } });

const preview: InvitePreview = {
  code: 'abc123',
  tribe: {
    id: 't1',
    slug: 'oasis',
    name: 'Oasis',
    description: 'Palm gardens',
    visibility: 'request',
    member_count: 12,
    logo_url: '/media/tribes/t1/logo.webp',
    cover_url: '/media/tribes/t1/cover.webp',
  },
  expires_at: null,
};

function TribeProbe() {
  return <h1 data-testid="tribe-page">{useParams().id}</h1>;
}

function renderPage(code = 'abc123') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/invite/${code}`]}>
        <Routes>
          <Route path="/invite/:code" element={<InvitePage />} />
          <Route path="/tribes/:id" element={<TribeProbe />} />
          <Route path="/sign-in" element={<h1 data-testid="sign-in-page">sign in</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const signedIn = (isLoggedIn: boolean) =>
  sessionStore.set({ ...sessionStore.get(), isLoggedIn, accessToken: isLoggedIn ? 'token' : null });

beforeAll(() => initI18n('en'));
afterEach(() => {
  vi.unstubAllGlobals();
  signedIn(false);
  window.sessionStorage.clear();
});

describe('the invite page', () => {
  it('shows the tribe and joins a signed-in visitor, then opens the tribe', async () => {
    signedIn(true);
    const calls = stubApi((url) =>
      url.pathname === '/api/v1/invites/abc123'
        ? ok({ invite: preview })
        : url.pathname === '/api/v1/invites/abc123/accept'
          ? ok({ tribe: { ...preview.tribe }, membership: { role: 'member', status: 'active', joined_at: '2026-01-01' } })
          : undefined,
    );
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Oasis' })).toBeInTheDocument();
    expect(screen.getByText('Palm gardens')).toBeInTheDocument();
    expect(screen.getByTestId('invite-members')).toHaveTextContent('Members: 12');
    expect(screen.getByAltText('Cover picture of Oasis')).toHaveAttribute('src', '/media/tribes/t1/cover.webp');
    expect(screen.getByAltText('Logo of Oasis')).toHaveAttribute('src', '/media/tribes/t1/logo.webp');
    await user.click(screen.getByTestId('invite-join'));
    expect(await screen.findByTestId('tribe-page')).toHaveTextContent('oasis');
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/v1/invites/abc123/accept')).toBe(true);
  });

  it('sends a signed-out visitor to sign in, and sign-in comes back to the invite', async () => {
    stubApi((url) => (url.pathname === '/api/v1/invites/abc123' ? ok({ invite: preview }) : undefined));
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByTestId('invite-sign-in'));
    expect(await screen.findByTestId('sign-in-page')).toBeInTheDocument();
    expect(pendingInvite()).toBe('abc123');
    const onboarded = { profile: { last_step: 'tribe-selection-completed' } } as Parameters<typeof pathAfterLogin>[0];
    expect(pathAfterLogin(onboarded)).toBe('/invite/abc123');
    window.sessionStorage.clear();
    expect(pathAfterLogin(onboarded)).toBe('/home');
  });

  it('says clearly when the link is used up or expired (410) and when it is unknown (404)', async () => {
    stubApi((url) =>
      url.pathname === '/api/v1/invites/old'
        ? { status: 410, body: { status: 'error', message: 'This invite link has expired.' } }
        : undefined,
    );
    const { unmount } = renderPage('old');
    expect(await screen.findByTestId('invite-gone')).toHaveTextContent('This invite can no longer be used');
    unmount();
    renderPage('nope');
    expect(await screen.findByTestId('invite-not-found')).toHaveTextContent('Invite not found');
  });
});

describe('the invite dialog', () => {
  it('makes a link with max uses and a validity, then offers copy, WhatsApp and Telegram', async () => {
    const url = 'https://tribes.example/invite/XyZ';
    const calls = stubApi((u) =>
      u.pathname === '/api/v1/tribes/t1/invites'
        ? {
            status: 201,
            body: {
              status: 'success',
              message: '',
              data: { invite: { code: 'XyZ', url, max_uses: 5, uses: 0, expires_at: null } },
            },
          }
        : undefined,
    );
    const user = userEvent.setup();
    const client = new QueryClient();
    render(
      <QueryClientProvider client={client}>
        <InviteDialog tribe={{ id: 't1', name: 'Oasis' }} onClose={() => undefined} />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('dialog', { name: 'Invite people to Oasis' })).toBeInTheDocument();
    await user.type(screen.getByTestId('invite-max-uses'), '0');
    await user.click(screen.getByTestId('invite-create'));
    expect(screen.getByText('Enter a whole number from 1 to 10000.')).toBeInTheDocument();
    expect(calls).toEqual([]);
    await user.clear(screen.getByTestId('invite-max-uses'));
    await user.type(screen.getByTestId('invite-max-uses'), '5');
    const before = Date.now();
    await user.click(screen.getByTestId('invite-create'));
    expect(await screen.findByTestId('invite-url')).toHaveValue(url);
    const sent = calls.find((c) => c.method === 'POST')!.body as { max_uses: number; expires_at: string };
    expect(sent.max_uses).toBe(5);
    // "7 days" is chosen unless changed.
    const week = new Date(sent.expires_at).getTime() - before;
    expect(week).toBeGreaterThan(6.9 * 86_400_000);
    expect(week).toBeLessThan(7.1 * 86_400_000);
    expect(screen.getByTestId('invite-whatsapp')).toHaveAttribute(
      'href',
      `https://wa.me/?text=${encodeURIComponent(`Join Oasis on Tribes ${url}`)}`,
    );
    expect(screen.getByTestId('invite-telegram').getAttribute('href')).toContain(`url=${encodeURIComponent(url)}`);
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByTestId('invite-copy'));
    await waitFor(() => expect(screen.getByTestId('invite-copy')).toHaveTextContent('Copied'));
    expect(writeText).toHaveBeenCalledWith(url);
  });
});
