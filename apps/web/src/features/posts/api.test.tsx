import { act, renderHook, waitFor } from '@testing-library/react';
import type { EndpointData, Post, postsEndpoints } from '@tribes/shared';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../app/i18n';
import { pageTwice, queryWrapper, stubEnvelopes } from '../../test/api-harness';
import { useCreatePost, useExplore, useMarkPost, useReports } from './api';

beforeAll(() => initI18n('en'));
afterEach(() => vi.unstubAllGlobals());

const TRIBE = 'a0000000-0000-4000-8000-000000000001';

const post = (id: string): Post => ({
  id,
  author: { id: 'b0000000-0000-4000-8000-000000000001', name: 'Tiziri', avatar_url: null },
  tribe: null,
  visibility: 'public',
  body: 'Azul',
  images: [],
  like_count: 0,
  comment_count: 0,
  liked: false,
  favourited: true,
  hidden: false,
  can_edit: false,
  can_delete: false,
  created_at: '2026-01-01T00:00:00.000Z',
  edited_at: null,
  lang: null,
});

describe('posts calls through the contract', () => {
  it('pages explore: q, cursor and limit in the query, the tribes and people of the first page kept', async () => {
    const pages: EndpointData<typeof postsEndpoints.explore>[] = [
      { items: [post('p1')], next_cursor: 'next page', tribes: [], people: [{ id: 'u1', name: 'Tiziri', avatar_url: null }] },
      { items: [], next_cursor: null, tribes: [], people: [] },
    ];
    const calls = stubEnvelopes(pages);
    const result = await pageTwice(() => useExplore('atlas #1'), [1, 0]);
    expect(result.current.data?.pages[0]?.people.map((p) => p.name)).toEqual(['Tiziri']);
    expect(result.current.hasNextPage).toBe(false);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/v1/explore?q=atlas+%231&limit=10',
      'GET /api/v1/explore?q=atlas+%231&cursor=next+page&limit=10',
    ]);
  });

  it('pages the open reports of a tribe by status', async () => {
    const calls = stubEnvelopes([{ items: [], next_cursor: null }]);
    const { wrapper } = queryWrapper();
    const { result } = renderHook(() => useReports('ait atlas', 'open'), { wrapper });
    await waitFor(() => expect(result.current.data?.pages).toHaveLength(1));
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/v1/tribes/ait%20atlas/reports?status=open&limit=20']);
  });

  it('clears a favourite with a DELETE of the mark and answers the post', async () => {
    const answer = { ...post('p1'), favourited: false };
    const calls = stubEnvelopes([{ post: answer }]);
    const { wrapper } = queryWrapper();
    const { result } = renderHook(() => useMarkPost('favourite'), { wrapper });
    let answered: unknown;
    await act(async () => {
      answered = await result.current.mutateAsync({ post: post('p1'), on: false });
    });
    expect(calls).toEqual([{ url: '/api/v1/posts/p1/favourite', method: 'DELETE', body: undefined }]);
    expect(answered).toEqual(answer);
  });

  it('publishes a post as multipart: the text fields, then one alt and one file per image', async () => {
    const calls = stubEnvelopes([{ post: post('p2') }]);
    const { wrapper } = queryWrapper();
    const { result } = renderHook(() => useCreatePost(), { wrapper });
    const photo = new File([new Uint8Array([1, 2, 3])], 'valley.jpg', { type: 'image/jpeg' });
    await act(async () => {
      await result.current.mutateAsync({
        post: { body: 'Azul', tribe_id: TRIBE, visibility: 'tribe', images: [photo], alt: ['The valley'] },
      });
    });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/v1/posts']);
    const form = calls[0]!.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect([...form.keys()]).toEqual(['body', 'tribe_id', 'visibility', 'alt', 'images']);
    expect(form.get('tribe_id')).toBe(TRIBE);
    expect(form.get('alt')).toBe('The valley');
    expect((form.get('images') as File).name).toBe('valley.jpg');
  });
});
