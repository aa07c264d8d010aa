import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { EndpointData, peopleEndpoints } from '@tribes/shared';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../app/i18n';
import { useBlock, useBlockedUsers, useProfile } from './api';

beforeAll(() => initI18n('en'));
afterEach(() => vi.unstubAllGlobals());

const USER = 'b0000000-0000-4000-8000-000000000001';

type Call = { url: string; method: string };

/** A fetch that answers each call with the next [status, data] of `answers`, in the envelope, and records the calls. */
function stubFetch(answers: [number, unknown][]) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(input), method: init?.method ?? 'GET' });
      const [status, data] = answers.shift()!;
      const body =
        status < 400 ? { status: 'success', message: 'OK', data } : { status: 'error', message: 'This profile is private.' };
      return new Response(JSON.stringify(body), { status });
    }),
  );
  return calls;
}

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, wrapper };
}

describe('people calls through the contract', () => {
  it('reads a private profile (403) as the private state', async () => {
    const calls = stubFetch([[403, null]]);
    const { wrapper } = setup();
    const { result } = renderHook(() => useProfile(USER), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual({ kind: 'private' }));
    expect(calls).toEqual([{ url: `/api/v1/users/${USER}`, method: 'GET' }]);
  });

  it('blocks with a POST and unblocks with a DELETE of the same path, and lists the blocked', async () => {
    const blocked: EndpointData<typeof peopleEndpoints.blocked> = {
      items: [{ id: USER, name: 'Tiziri', avatar_url: null, blocked_at: '2026-01-01T00:00:00.000Z' }],
      next_cursor: null,
    };
    const calls = stubFetch([
      [200, {}],
      [200, {}],
      [200, blocked],
    ]);
    const { wrapper } = setup();
    const { result } = renderHook(() => useBlock(), { wrapper });
    await act(async () => {
      await result.current.mutateAsync({ id: USER, on: true });
      await result.current.mutateAsync({ id: USER, on: false });
    });
    const list = renderHook(() => useBlockedUsers(), { wrapper });
    await waitFor(() => expect(list.result.current.data).toEqual(blocked.items));
    expect(calls).toEqual([
      { url: `/api/v1/users/${USER}/block`, method: 'POST' },
      { url: `/api/v1/users/${USER}/block`, method: 'DELETE' },
      { url: '/api/v1/me/blocked_users', method: 'GET' },
    ]);
  });
});
