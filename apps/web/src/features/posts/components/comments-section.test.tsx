import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../app/i18n';
import { postKeys } from '../api';
import { CommentsSection } from './comments-section';

beforeAll(() => initI18n('en'));
afterEach(() => vi.unstubAllGlobals());

const POST = 'b0000000-0000-4000-8000-000000000001';

function setup() {
  const fetchMock = vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
      new Response(JSON.stringify({ status: 'success', message: '', data: { items: [], next_cursor: null } })),
  );
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const view = (open: boolean) => (
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <CommentsSection postId={POST} tribeId={null} open={open} />
      </MemoryRouter>
    </QueryClientProvider>
  );
  const { rerender } = render(view(false));
  return { client, fetchMock, show: (open: boolean) => rerender(view(open)) };
}

describe('CommentsSection', () => {
  it('sets nothing up for a card whose comments were never opened', () => {
    const { client, fetchMock } = setup();
    expect(screen.queryByTestId('comments')).not.toBeInTheDocument();
    // No comments query at all (not even a disabled one), so no observer and no form per closed card.
    expect(client.getQueryCache().find({ queryKey: postKeys.comments(POST) })).toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('loads the comments when opened, and keeps a draft through closing and opening again', async () => {
    const { fetchMock, show } = setup();
    show(true);
    expect(await screen.findByText('No comments yet. Be the first to reply.')).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain(`/v1/posts/${POST}/comments`);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Write a comment' }), 'Half a thought');
    show(false);
    expect(screen.queryByTestId('comments')).not.toBeInTheDocument();
    show(true);
    expect(screen.getByRole('textbox', { name: 'Write a comment' })).toHaveValue('Half a thought');
  });

  it('keeps comments already read on screen when a later refetch finds no connection (offline), without an error', async () => {
    const { client, fetchMock, show } = setup();
    const comment = {
      id: 'c1',
      body: 'Seen online',
      author: { id: 'u1', name: 'Itto', avatar_url: null },
      created_at: new Date().toISOString(),
      can_delete: false,
    };
    fetchMock.mockImplementation(
      async () => new Response(JSON.stringify({ status: 'success', message: '', data: { items: [comment], next_cursor: null } })),
    );
    show(true);
    expect(await screen.findByText('Seen online')).toBeInTheDocument();
    // Offline, and no copy in the service worker: the request gets no answer at all.
    fetchMock.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    await act(() => client.refetchQueries({ queryKey: postKeys.comments(POST) }));
    expect(client.getQueryState(postKeys.comments(POST))?.status).toBe('error');
    expect(screen.getByText('Seen online')).toBeInTheDocument();
    expect(screen.queryByText('The comments could not be loaded.')).not.toBeInTheDocument();
  });

  it('says comments never opened online were not saved for offline, not that they failed', async () => {
    const { fetchMock, show } = setup();
    fetchMock.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    show(true);
    expect(await screen.findByTestId('comments-offline')).toHaveTextContent('These comments were not saved for offline');
    expect(screen.queryByText('The comments could not be loaded.')).not.toBeInTheDocument();
  });
});
