import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLocale, initI18n } from '../app/i18n';
import { DonateForm } from '../features/money/components/donate-form';
import { onlineStore } from '../lib/online-status';
import CampaignDonatePage from './tribe-campaign-donate';
import LearningLessonPage from './learning-lesson';
import WalletPage from './setting-wallet';

// Issue 37.10: offline, the app says plainly what is not available instead of "not found" or an endless
// "Loading…", and turns off what cannot work.

beforeAll(() => initI18n('en'));
afterEach(async () => {
  vi.unstubAllGlobals();
  onlineStore.set(true);
  await changeLocale('en');
});

/** Offline: the browser says so, and a request gets no answer at all (no copy in the service worker). */
function goOffline() {
  onlineStore.set(false);
  const fetchMock = vi.fn(async () => {
    throw new TypeError('Failed to fetch');
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderAt(path: string, pattern: string, page: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, networkMode: 'offlineFirst' } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={pattern} element={page} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const LESSON = 'e0000000-0000-4000-8000-000000000001';
const CAMPAIGN = 'c0000000-0000-4000-8000-000000000001';

describe('offline, said plainly', () => {
  it('a lesson never opened on this device is "not saved for offline", not "not found — maybe deleted"', async () => {
    goOffline();
    renderAt(`/lesson/${LESSON}`, '/lesson/:id', <LearningLessonPage />);
    expect(await screen.findByTestId('offline-notSaved')).toHaveTextContent('Not saved for offline');
    expect(screen.queryByText(/may have been deleted/)).toBeNull();
  });

  it('says the same in Arabic', async () => {
    await changeLocale('ar');
    goOffline();
    renderAt(`/lesson/${LESSON}`, '/lesson/:id', <LearningLessonPage />);
    expect(await screen.findByTestId('offline-notSaved')).toHaveTextContent('غير محفوظ للاستخدام دون اتصال');
  });

  it('online, a missing lesson is still "not found"', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ status: 'error', message: 'Not found.' }), { status: 404 })),
    );
    renderAt(`/lesson/${LESSON}`, '/lesson/:id', <LearningLessonPage />);
    expect(await screen.findByText(/may have been deleted/)).toBeInTheDocument();
    expect(screen.queryByTestId('offline-notSaved')).toBeNull();
  });

  it('the donate form says giving is not available offline, with its button off and no endless "Loading…"', async () => {
    goOffline();
    renderAt('/', '/', <DonateForm target={{ type: 'campaign', id: CAMPAIGN, name: 'A loom' }} />);
    expect(await screen.findByTestId('donate-offline')).toHaveTextContent('giving is not available');
    expect(screen.getByTestId('donate-submit')).toBeDisabled();
    await waitFor(() => expect(screen.queryByText('Loading…')).toBeNull());
    expect(screen.queryByTestId('donate-balance')).toBeNull();
  });

  it('a campaign to give to, offline, is "not available offline", not "campaign not found"', async () => {
    goOffline();
    renderAt(`/donate/${CAMPAIGN}`, '/donate/:id', <CampaignDonatePage />);
    expect(await screen.findByTestId('offline-money')).toHaveTextContent('Not available offline');
    expect(screen.queryByText('Campaign not found')).toBeNull();
    expect(screen.queryByTestId('donate-submit')).toBeNull();
  });

  it('the wallet, offline, is "not available offline" instead of skeletons and a live buy button', async () => {
    goOffline();
    renderAt('/wallet', '/wallet', <WalletPage />);
    expect(await screen.findByTestId('offline-money')).toHaveTextContent('Giving, the wallet and campaigns need a connection');
  });
});
