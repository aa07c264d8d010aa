import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';

type Answer = { status?: number; body: unknown };
export type Route = (url: URL, init: RequestInit | undefined) => Answer | undefined;

/** A fetch stub answering by path; every call is recorded with its method, headers and JSON or multipart body. */
export function stubApi(route: Route) {
  const calls: { method: string; url: URL; headers: Record<string, string>; body: unknown; form: FormData | null }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push({
      method: init?.method ?? 'GET',
      url,
      headers: (init?.headers ?? {}) as Record<string, string>,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
      form: init?.body instanceof FormData ? init.body : null,
    });
    const answer = route(url, init) ?? { status: 404, body: { status: 'error', message: 'Not found.' } };
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

export const ok = (data: unknown, message = '') => ({ body: { status: 'success', message, data } });

export function renderWithApp(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}
