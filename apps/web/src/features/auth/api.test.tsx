import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { authEndpoints, EndpointData } from '@tribes/shared';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../app/i18n';
import { useLogin } from './api';

beforeAll(() => initI18n('en'));
afterEach(() => vi.unstubAllGlobals());

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('auth calls through the contract', () => {
  it('signs in with a JSON POST and reads the warning answer of an unverified email', async () => {
    const data: EndpointData<typeof authEndpoints.login> = { verification_required: true, email: 'noor@example.test' };
    const calls: { url: string; method?: string; body?: BodyInit | null }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        calls.push({ url: String(input), method: init?.method, body: init?.body });
        return new Response(JSON.stringify({ status: 'warning', message: 'Please verify your email.', data }), { status: 200 });
      }),
    );
    const { result } = renderHook(() => useLogin(), { wrapper });
    let answer: Awaited<ReturnType<typeof result.current.mutateAsync>> | undefined;
    await act(async () => {
      answer = await result.current.mutateAsync({ body: { email: 'noor@example.test', password: 'a long enough passphrase' } });
    });
    expect(calls).toEqual([
      {
        url: '/api/v1/auth/login',
        method: 'POST',
        body: JSON.stringify({ email: 'noor@example.test', password: 'a long enough passphrase' }),
      },
    ]);
    expect(answer?.status).toBe('warning');
    const got = answer!.data;
    expect('verification_required' in got ? got.email : null).toBe('noor@example.test');
  });
});
