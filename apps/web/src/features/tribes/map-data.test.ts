import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { MapTribe } from '@tribes/shared';
import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useMapTribes } from './api';
import { decodeMapTribes, readStoredTribes, storeTribes } from './map-data';

const atlas: MapTribe = {
  id: 't1',
  name: 'Aït Atlas',
  slug: 'ait-atlas',
  lat: 31.06,
  lng: -7.91,
  member_count: 12,
  village_count: 3,
  cover_url: null,
  logo_url: null,
};
const arabic: MapTribe = {
  id: 't2',
  name: 'قبيلة الواحة',
  slug: 'قبيلة-الواحة',
  lat: 29.2,
  lng: 25.5,
  member_count: 1,
  village_count: 0,
  cover_url: 'https://x.test/c.webp',
  logo_url: null,
};

/** What the server does: Buffer.from(JSON.stringify(list), 'utf8').toString('base64'). */
const encode = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64');

afterEach(() => vi.unstubAllGlobals());

describe('decodeMapTribes', () => {
  it('decodes the base64 JSON list, keeping non-Latin names intact', () => {
    expect(decodeMapTribes(encode([atlas, arabic]))).toEqual([atlas, arabic]);
  });

  it('drops malformed entries and refuses what is not a list', () => {
    expect(decodeMapTribes(encode([atlas, { id: 'x', name: 'No place' }, null]))).toEqual([atlas]);
    expect(() => decodeMapTribes(encode({ items: [] }))).toThrow();
    expect(() => decodeMapTribes('not base64 at all!')).toThrow();
  });
});

describe('localStorage `tribes`', () => {
  it('stores the decoded list and reads it back', () => {
    expect(readStoredTribes()).toBeNull();
    storeTribes([atlas]);
    expect(JSON.parse(window.localStorage.getItem('tribes') ?? 'null')).toEqual([atlas]);
    expect(readStoredTribes()).toEqual([atlas]);
  });

  it('ignores a corrupt stored value', () => {
    window.localStorage.setItem('tribes', '{oops');
    expect(readStoredTribes()).toBeNull();
  });
});

describe('useMapTribes', () => {
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(QueryClientProvider, { client: new QueryClient({ defaultOptions: { queries: { retry: false } } }) }, children);

  it('fetches GET /v1/get_map_tribes, decodes it and persists it in localStorage', async () => {
    const fetchMock = vi.fn(
      async (_input: RequestInfo | URL) =>
        new Response(JSON.stringify({ status: 'success', message: '', data: encode([atlas, arabic]) }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderHook(() => useMapTribes(), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual([atlas, arabic]));
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/api/v1/get_map_tribes');
    expect(readStoredTribes()).toEqual([atlas, arabic]);
  });

  it('shows the stored list at once, then replaces it with the fresh one', async () => {
    storeTribes([atlas]);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        await gate;
        return new Response(JSON.stringify({ status: 'success', message: '', data: encode([arabic]) }), { status: 200 });
      }),
    );
    const { result } = renderHook(() => useMapTribes(), { wrapper });
    expect(result.current.data).toEqual([atlas]);
    release();
    await waitFor(() => expect(result.current.data).toEqual([arabic]));
    expect(readStoredTribes()).toEqual([arabic]);
  });
});
