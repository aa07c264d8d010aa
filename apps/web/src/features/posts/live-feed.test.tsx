import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Post, Tribe, User } from '@tribes/shared';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale, initI18n } from '../../app/i18n';
import { clearSession, signIn } from '../../lib/session/session-store';
import { postKeys } from '../../lib/query-keys';
import { TribePostsPanel } from './components/tribe-posts-panel';
import { NewPostsBanner, NewPostsBannerView } from './components/new-posts-banner';
import { FakeRealtimeClient } from '../../test/fake-realtime-client';
import { realtimeStore } from '../../lib/realtime/realtime-store';

const ME = 'c0000000-0000-4000-8000-000000000001';
const TRIBE = 'd0000000-0000-4000-8000-000000000001';
const now = new Date('2026-11-21T12:00:00Z');

const user = {
  id: ME,
  name: 'Me',
  profile: { primary_tribe_id: TRIBE, last_step: 'tribe-selection-completed' },
} as unknown as User;

function post(id: string, authorId = 'a1'): Post {
  return {
    id,
    author: { id: authorId, name: 'Amina', avatar_url: null },
    tribe: { id: TRIBE, name: 'River', slug: 'river' },
    visibility: 'tribe',
    body: 'Hello',
    images: [],
    like_count: 0,
    comment_count: 0,
    liked: false,
    favourited: false,
    hidden: false,
    can_edit: false,
    can_delete: false,
    created_at: now.toISOString(),
    edited_at: null,
    lang: null,
  };
}

function wrap(
  children: ReactNode,
  client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } }),
) {
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

/** The API as these components read it: /v1/me answers the signed-in user (so the primary tribe stays), lists are empty. */
function stubTribes() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = input instanceof Request ? input.url : String(input);
      const data = new URL(url, 'http://localhost').pathname.endsWith('/v1/me') ? { user } : { items: [], next_cursor: null };
      return new Response(JSON.stringify({ status: 'success', message: '', data }), { status: 200 });
    }),
  );
}

let fake: FakeRealtimeClient;
beforeAll(() => initI18n('en'));
beforeEach(async () => {
  await changeLocale('en');
  fake = new FakeRealtimeClient();
});
afterEach(() => {
  realtimeStore.set({ client: null, state: 'initialized' });
  clearSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('new posts banner', () => {
  it('is empty with none, then says how many in the reader plural form', async () => {
    const { rerender } = render(<NewPostsBannerView count={0} onShow={() => undefined} />);
    expect(screen.queryByTestId('new-posts-banner')).toBeNull();
    rerender(<NewPostsBannerView count={1} onShow={() => undefined} />);
    expect(screen.getByTestId('new-posts-banner')).toHaveTextContent('1 new post');
    rerender(<NewPostsBannerView count={5} onShow={() => undefined} />);
    expect(screen.getByTestId('new-posts-banner')).toHaveTextContent('5 new posts');
    await act(() => changeLocale('ar'));
    rerender(<NewPostsBannerView count={2} onShow={() => undefined} />);
    expect(screen.getByTestId('new-posts-banner')).toHaveTextContent('منشوران جديدان');
    rerender(<NewPostsBannerView count={3} onShow={() => undefined} />);
    expect(screen.getByTestId('new-posts-banner')).toHaveTextContent('3 منشورات جديدة');
    rerender(<NewPostsBannerView count={11} onShow={() => undefined} />);
    expect(screen.getByTestId('new-posts-banner')).toHaveTextContent('11 منشورًا جديدًا');
  });

  it('collects live posts of my tribe (not mine, once each); a click refetches the feed and goes to the top', async () => {
    signIn('t.o.k', user);
    stubTribes();
    realtimeStore.set({ client: fake, state: 'connected' });
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    client.setQueryData(postKeys.feed, { pages: [{ items: [post('p0')], next_cursor: null }], pageParams: [''] });
    const reset = vi.spyOn(client, 'resetQueries').mockResolvedValue(undefined);
    wrap(<NewPostsBanner />, client);
    const channel = `tribe.${TRIBE}`;
    await waitFor(() => expect(fake.listening(channel, 'post.created')).toBe(1));
    act(() => {
      fake.emit(channel, 'post.created', { post: post('p1') });
      fake.emit(channel, 'post.created', { post: post('p1') });
      fake.emit(channel, 'post.created', { post: post('p2') });
      fake.emit(channel, 'post.created', { post: post('p3', ME) });
    });
    expect(screen.getByTestId('new-posts-banner')).toHaveTextContent('2 new posts');
    act(() => fake.emit(channel, 'post.deleted', { post_id: 'p2', tribe_id: TRIBE }));
    expect(screen.getByTestId('new-posts-banner')).toHaveTextContent('1 new post');
    await userEvent.click(screen.getByTestId('new-posts-banner'));
    expect(reset).toHaveBeenCalledWith({ queryKey: postKeys.feed });
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    expect(screen.queryByTestId('new-posts-banner')).toBeNull();
  });

  it('announces new posts on the tribe Posts tab of a member too; a click refetches that tribe list', async () => {
    signIn('t.o.k', user);
    stubTribes();
    realtimeStore.set({ client: fake, state: 'connected' });
    vi.stubGlobal('scrollTo', vi.fn());
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    client.setQueryData(postKeys.tribe(TRIBE), { pages: [{ items: [post('p0')], next_cursor: null }], pageParams: [''] });
    const reset = vi.spyOn(client, 'resetQueries').mockResolvedValue(undefined);
    const tribe = {
      id: TRIBE,
      name: 'River',
      slug: 'river',
      my_membership: { status: 'active', role: 'member' },
    } as unknown as Tribe;
    wrap(<TribePostsPanel tribe={tribe} />, client);
    const channel = `tribe.${TRIBE}`;
    await waitFor(() => expect(fake.listening(channel, 'post.created')).toBe(1));
    act(() => fake.emit(channel, 'post.created', { post: post('p1') }));
    expect(screen.getByTestId('new-posts-banner')).toHaveTextContent('1 new post');
    await userEvent.click(screen.getByTestId('new-posts-banner'));
    expect(reset).toHaveBeenCalledWith({ queryKey: postKeys.tribe(TRIBE) });
    expect(screen.queryByTestId('new-posts-banner')).toBeNull();
  });

  it('applies live comments to the post count and the loaded comment list, and live deletions', async () => {
    signIn('t.o.k', user);
    stubTribes();
    realtimeStore.set({ client: fake, state: 'connected' });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    client.setQueryData(postKeys.feed, { pages: [{ items: [post('p0'), post('p1')], next_cursor: null }], pageParams: [''] });
    client.setQueryData(postKeys.comments('p0'), { pages: [{ items: [], next_cursor: null }], pageParams: [''] });
    wrap(<NewPostsBanner />, client);
    const comment = {
      id: 'c1',
      post_id: 'p0',
      author: { id: 'a2', name: 'Ben', avatar_url: null },
      body: 'Nice',
      lang: 'en',
      can_delete: true,
      can_edit: true,
      created_at: now.toISOString(),
    };
    await waitFor(() => expect(fake.listening(`tribe.${TRIBE}`, 'comment.created')).toBe(1));
    act(() => {
      fake.emit(`tribe.${TRIBE}`, 'comment.created', { comment, comment_count: 4 });
      fake.emit(`tribe.${TRIBE}`, 'comment.created', { comment, comment_count: 4 });
    });
    type Pages<T> = { pages: { items: T[] }[] };
    expect(client.getQueryData<Pages<Post>>(postKeys.feed)!.pages[0]!.items[0]!.comment_count).toBe(4);
    const comments = client.getQueryData<Pages<typeof comment>>(postKeys.comments('p0'))!.pages[0]!.items;
    expect(comments).toEqual([{ ...comment, can_delete: false, can_edit: false }]);
    act(() => fake.emit(`tribe.${TRIBE}`, 'post.deleted', { post_id: 'p1', tribe_id: TRIBE }));
    expect(client.getQueryData<Pages<Post>>(postKeys.feed)!.pages[0]!.items.map((p) => p.id)).toEqual(['p0']);
  });
});
