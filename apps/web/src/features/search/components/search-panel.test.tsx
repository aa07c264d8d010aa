import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SearchHit } from '@tribes/shared';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../app/i18n';
import { ok, stubApi } from '../../../test/stub-api';
import { RECENT_KEY, recentSearches, reloadSearches } from '../recent-searches';
import { SearchPanel } from './search-panel';

beforeAll(() => initI18n('en'));
beforeEach(() => reloadSearches());
afterEach(() => vi.unstubAllGlobals());

const hit = (over: Partial<SearchHit> & Pick<SearchHit, 'kind' | 'id' | 'title'>): SearchHit => ({
  snippet: '',
  path: `/${over.kind}/${over.id}`,
  image_url: null,
  tribe: null,
  author: null,
  lang: null,
  at: null,
  match: 'exact',
  ...over,
});

const amina = hit({ kind: 'people', id: 'u1', title: 'Amina École' });
const post = hit({
  kind: 'posts',
  id: 'p1',
  title: 'Youssef',
  snippet: 'رأيت مُحَمَّد في السوق',
  author: { id: 'u2', name: 'Youssef', avatar_url: null },
  tribe: { id: 't1', name: 'Atlas', slug: 'atlas' },
  lang: 'ar',
  at: '2026-01-01T00:00:00.000Z',
});
const tribe = hit({ kind: 'tribes', id: 't1', title: 'Atlas', path: '/tribes/atlas', snippet: 'Une école du village' });

function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <SearchPanel />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const searches = (calls: ReturnType<typeof stubApi>) => calls.filter((c) => c.url.pathname.endsWith('/v1/search'));

describe('the search page', () => {
  it('before a search: a hint, and the recent searches of this device, run again with a click and cleared', async () => {
    localStorage.setItem(RECENT_KEY, JSON.stringify(['fest-noz', 'محمد']));
    reloadSearches();
    const calls = stubApi((url) => (url.pathname.endsWith('/v1/search') ? ok({ items: [amina], next_cursor: null }) : undefined));
    const user = userEvent.setup();
    renderAt('/search');
    expect(screen.getByText('Search Tribes')).toBeInTheDocument();
    const list = screen.getByTestId('recent-searches');
    expect(
      within(list)
        .getAllByTestId('recent-search')
        .map((b) => b.textContent),
    ).toEqual(['fest-noz', 'محمد']);
    expect(searches(calls)).toHaveLength(0);

    await user.click(within(list).getByText('محمد'));
    // Waits are generous: two test workers share a loaded machine (no time is asserted).
    await screen.findByText('People', { selector: 'h2' }, { timeout: 10_000 });
    expect(searches(calls)[0]!.url.searchParams.get('q')).toBe('محمد');
    // The search run again moves to the top of the list.
    expect(recentSearches.get()).toEqual(['محمد', 'fest-noz']);

    await user.clear(screen.getByTestId('search-page-input'));
    // The emptied field settles (debounced) before the recent searches come back.
    await user.click(await screen.findByTestId('recent-clear', {}, { timeout: 10_000 }));
    expect(screen.queryByTestId('recent-searches')).not.toBeInTheDocument();
    expect(localStorage.getItem(RECENT_KEY)).toBeNull();
  });

  it('a recent search is removed alone with its own button, reached by the keyboard', async () => {
    localStorage.setItem(RECENT_KEY, JSON.stringify(['olives', 'atlas']));
    reloadSearches();
    stubApi(() => undefined);
    const user = userEvent.setup();
    renderAt('/search');
    const remove = screen.getByRole('button', { name: 'Remove “olives” from recent searches' });
    remove.focus();
    await user.keyboard('{Enter}');
    expect(
      within(screen.getByTestId('recent-searches'))
        .getAllByTestId('recent-search')
        .map((b) => b.textContent),
    ).toEqual(['atlas']);
  });

  it('shows a skeleton while searching, then the hits grouped by kind with the folded words marked', async () => {
    let answer: (v: unknown) => void = () => undefined;
    const gate = new Promise((resolve) => (answer = resolve));
    stubApi((url) => (url.pathname.endsWith('/v1/search') ? ok({ items: [post, amina, tribe], next_cursor: null }) : undefined));
    const fetchMock = vi.mocked(fetch);
    const real = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (...args) => {
      await gate;
      return real(...args);
    });
    renderAt('/search?q=محمد ecole');
    expect(screen.getByTestId('list-skeleton')).toBeInTheDocument();
    answer(null);
    await screen.findByTestId('search-group-people');
    expect(screen.queryByTestId('list-skeleton')).not.toBeInTheDocument();
    // People first, then posts, then tribes: the order of the kinds, whatever the order of the hits.
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['People', 'Posts', 'Tribes']);
    const marks = screen.getAllByTestId('search-mark').map((m) => m.textContent);
    // "ecole" marks "École" and "école"; "محمد" marks the word written with harakat, marks and all.
    expect(marks).toContain('École');
    expect(marks).toContain('école');
    expect(marks).toContain('مُحَمَّد');
    // A post opens its tribe; a person their profile.
    const links = screen.getAllByTestId('search-hit');
    expect(links.find((l) => l.dataset.kind === 'posts')).toHaveAttribute('href', '/tribes/atlas');
    expect(links.find((l) => l.dataset.kind === 'people')).toHaveAttribute('href', '/user-profile/u1');
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('3 results shown.');
  });

  it('filters by kind with the tabs, and pages with "Show more"', async () => {
    const calls = stubApi((url) => {
      if (!url.pathname.endsWith('/v1/search')) return undefined;
      if (url.searchParams.get('cursor') === 'c2')
        return ok({ items: [hit({ kind: 'posts', id: 'p2', title: 'Lina' })], next_cursor: null });
      return ok({ items: [post], next_cursor: url.searchParams.get('type') === 'posts' ? 'c2' : null });
    });
    const user = userEvent.setup();
    renderAt('/search?q=souk');
    await screen.findByTestId('search-group-posts');
    await user.click(screen.getByTestId('search-tab-posts'));
    await waitFor(() => expect(searches(calls).at(-1)!.url.searchParams.get('type')).toBe('posts'));
    await user.click(await screen.findByTestId('load-more'));
    await screen.findByText('Lina');
    expect(searches(calls).at(-1)!.url.searchParams.get('cursor')).toBe('c2');
    expect(screen.getAllByTestId('search-hit')).toHaveLength(2);
    expect(screen.queryByTestId('load-more')).not.toBeInTheDocument();
  });

  it('says nothing was found, with a hint, when no hit comes back', async () => {
    stubApi((url) => (url.pathname.endsWith('/v1/search') ? ok({ items: [], next_cursor: null }) : undefined));
    renderAt('/search?q=zzzz');
    expect(await screen.findByText('Nothing found for “zzzz”')).toBeInTheDocument();
    expect(screen.getByText(/Check the spelling/)).toBeInTheDocument();
  });

  it('a query the server refuses (400: only marks, say) finds nothing, rather than failing', async () => {
    stubApi((url) =>
      url.pathname.endsWith('/v1/search')
        ? {
            status: 400,
            body: {
              status: 'error',
              error_type: 'validation_error',
              message: 'Validation failed.',
              errors: { q: ['Too short.'] },
            },
          }
        : undefined,
    );
    renderAt(`/search?q=${encodeURIComponent('\u064E\u064F')}`);
    await screen.findByTestId('empty-state');
    await waitFor(() => expect(screen.getByText(/Check the spelling/)).toBeInTheDocument());
    expect(screen.queryByTestId('search-failed')).not.toBeInTheDocument();
  });

  it('a failed search says so and tries again', async () => {
    let fail = true;
    stubApi((url) => {
      if (!url.pathname.endsWith('/v1/search')) return undefined;
      return fail ? { status: 500, body: { status: 'error', message: 'Oops.' } } : ok({ items: [amina], next_cursor: null });
    });
    const user = userEvent.setup();
    renderAt('/search?q=amina');
    const alert = await screen.findByTestId('search-failed');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByTestId('search-group-people');
  });

  it('Enter in the field searches at once and keeps the search on the device', async () => {
    const calls = stubApi((url) => (url.pathname.endsWith('/v1/search') ? ok({ items: [amina], next_cursor: null }) : undefined));
    const user = userEvent.setup();
    renderAt('/search');
    await user.type(screen.getByTestId('search-page-input'), 'Amina{Enter}');
    await screen.findByTestId('search-group-people');
    expect(searches(calls)[0]!.url.searchParams.get('q')).toBe('Amina');
    expect(JSON.parse(localStorage.getItem(RECENT_KEY)!)).toEqual(['Amina']);
  });
});
