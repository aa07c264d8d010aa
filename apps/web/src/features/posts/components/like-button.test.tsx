import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Post } from '@tribes/shared';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../app/i18n';
import { postKeys, useFeed } from '../api';
import { PostCard } from './post-card';

beforeAll(() => initI18n('en'));
afterEach(() => vi.unstubAllGlobals());

const post: Post = {
  id: 'b0000000-0000-4000-8000-000000000001',
  author: { id: 'a1', name: 'Amina', avatar_url: null },
  tribe: null,
  visibility: 'public',
  body: 'Hello',
  images: [],
  like_count: 3,
  comment_count: 0,
  liked: false,
  favourited: false,
  hidden: false,
  can_edit: false,
  can_delete: false,
  created_at: new Date().toISOString(),
  edited_at: null,
  lang: null,
};

/** The feed from the cache, as /home shows it: the card re-renders from what the cache holds. */
function Feed() {
  const feed = useFeed();
  return (
    <>
      {feed.data?.pages
        .flatMap((p) => p.items)
        .map((p) => (
          <PostCard key={p.id} post={p} />
        ))}
    </>
  );
}

function renderFeed() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  client.setQueryData(postKeys.feed, { pages: [{ items: [post], next_cursor: null }], pageParams: [''] });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Feed />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** A fetch whose answer the test releases when it wants. */
function deferredFetch() {
  let release: (res: Response) => void = () => undefined;
  const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (release = resolve)));
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, release: (res: Response) => release(res) };
}

describe('like button', () => {
  it('shows the like at once, before the server answers, then keeps the server count', async () => {
    const { fetchMock, release } = deferredFetch();
    renderFeed();
    const user = userEvent.setup();
    const button = screen.getByTestId('like-button');
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await user.click(button);
    expect(screen.getByTestId('like-button')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('like-count')).toHaveTextContent('4');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain(`/v1/posts/${post.id}/like`);
    expect(init.method).toBe('POST');
    // Someone else liked it meanwhile: the server's count wins.
    release(
      new Response(JSON.stringify({ status: 'success', message: '', data: { post: { ...post, liked: true, like_count: 5 } } })),
    );
    await waitFor(() => expect(screen.getByTestId('like-count')).toHaveTextContent('5'));
    expect(screen.getByTestId('like-button')).toHaveAttribute('aria-pressed', 'true');
  });

  it('rolls back when the server refuses', async () => {
    const { release } = deferredFetch();
    renderFeed();
    const user = userEvent.setup();
    await user.click(screen.getByTestId('like-button'));
    expect(screen.getByTestId('like-count')).toHaveTextContent('4');
    release(new Response(JSON.stringify({ status: 'error', message: 'Nope' }), { status: 500 }));
    await waitFor(() => expect(screen.getByTestId('like-button')).toHaveAttribute('aria-pressed', 'false'));
    expect(screen.getByTestId('like-count')).toHaveTextContent('3');
  });
});
