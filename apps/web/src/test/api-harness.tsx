import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { DEFAULT_NOTIFICATION_SETTINGS, type User } from '@tribes/shared';
import type { ReactNode } from 'react';
import { expect, vi } from 'vitest';

/** One request the stubbed fetch received. `headers` is recorded only when asked (see stubEnvelopes). */
export type FetchCall = {
  url: string;
  method: string;
  body: BodyInit | null | undefined;
  headers?: Record<string, string>;
};

/** A JSON response with the given status, body and extra headers. */
export const jsonResponse = (status: number, body: object, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** The success envelope of DESIGN section 4 around `data`. */
export const success = (data: unknown, message = 'OK') => ({ status: 'success', message, data });

/**
 * Replaces the global fetch (undone by vi.unstubAllGlobals) with one that records each call and answers
 * what `respond` makes of it.
 */
export function stubFetch(respond: (call: FetchCall) => Response, options: { headers?: boolean } = {}) {
  const calls: FetchCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call: FetchCall = { url: String(input), method: init?.method ?? 'GET', body: init?.body };
      if (options.headers) call.headers = (init?.headers ?? {}) as Record<string, string>;
      calls.push(call);
      return respond(call);
    }),
  );
  return calls;
}

/** A fetch that answers each call with the next data in `answers`, in the success envelope, and records the calls. */
export function stubEnvelopes(answers: unknown[], options: { headers?: boolean } = {}) {
  return stubFetch(() => jsonResponse(200, success(answers.shift())), options);
}

/** A QueryClient without retries and a wrapper that provides it, for renderHook. */
export function queryWrapper() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, wrapper };
}

/**
 * Renders an infinite-query hook, waits for its first page, fetches the next one and waits until the
 * two pages hold `sizes` items each. Answers the hook's result for further checks.
 */
export async function pageTwice<R extends { data?: { pages: { items: unknown[] }[] }; fetchNextPage: () => Promise<unknown> }>(
  useHook: () => R,
  sizes: [number, number],
) {
  const { wrapper } = queryWrapper();
  const { result } = renderHook(useHook, { wrapper });
  await waitFor(() => expect(result.current.data?.pages).toHaveLength(1));
  await act(async () => {
    await result.current.fetchNextPage();
  });
  await waitFor(() => expect(result.current.data?.pages.map((p) => p.items.length)).toEqual(sizes));
  return result;
}

/** A signed-up member who finished onboarding. */
export const MEMBER: User = {
  id: '6f1c1d1e-0000-4000-8000-000000000002',
  name: 'Noor',
  email: 'noor@example.test',
  email_verified: true,
  phone: null,
  avatar_url: null,
  bio: '',
  locale: 'en',
  role: 'member',
  created_at: '2026-01-01T00:00:00.000Z',
  profile: { last_step: 'tribe-selection-completed', primary_tribe_id: null },
  privacy: { profile_visibility: 'public', show_on_map: true },
  settings: { notifications: DEFAULT_NOTIFICATION_SETTINGS, digest: 'off', quiet_hours: null, read_receipts: true },
};
