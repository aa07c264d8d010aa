import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { EndpointData, moneyEndpoints } from '@tribes/shared';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../app/i18n';
import {
  ledgerCsvUrl,
  useCompleteSandbox,
  useLinkCryptoWallet,
  useStartPurchase,
  useTribeLedger,
  useUnlinkCryptoWallet,
} from './api';

beforeAll(() => initI18n('en'));
afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const PAYMENT = 'c0000000-0000-4000-8000-000000000001';
const WALLET = 'd0000000-0000-4000-8000-000000000001';

type Call = { url: string; method: string; headers: Record<string, string>; body: BodyInit | null | undefined };

/** A fetch that answers each call with the next data in `answers`, in the envelope, and records the calls. */
function stubFetch(answers: unknown[]) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({
        url: String(input),
        method: init?.method ?? 'GET',
        headers: (init?.headers ?? {}) as Record<string, string>,
        body: init?.body,
      });
      return new Response(JSON.stringify({ status: 'success', message: 'OK', data: answers.shift() }), { status: 200 });
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

describe('money calls through the contract', () => {
  it("pages a tribe's ledger with its ref encoded, limit and cursor in the query; the CSV link asks format=csv", async () => {
    const pages: EndpointData<typeof moneyEndpoints.ledger>[] = [
      { tribe_name: 'Aït Atlas', items: [], next_cursor: 'next 1' },
      { tribe_name: 'Aït Atlas', items: [], next_cursor: null },
    ];
    const calls = stubFetch([...pages]);
    const { wrapper } = setup();
    const { result } = renderHook(() => useTribeLedger('aït atlas'), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    await act(async () => {
      await result.current.fetchNextPage();
    });
    expect(calls.map((c) => c.url.replace(/^.*\/v1\//, '/v1/'))).toEqual([
      '/v1/tribes/a%C3%AFt%20atlas/ledger?limit=20',
      '/v1/tribes/a%C3%AFt%20atlas/ledger?limit=20&cursor=next+1',
    ]);
    expect(result.current.data?.pages[0]?.tribe_name).toBe('Aït Atlas');
    expect(ledgerCsvUrl('aït atlas')).toMatch(/\/v1\/tribes\/a%C3%AFt%20atlas\/ledger\?format=csv$/);
  });

  it('starts a purchase with its Idempotency-Key and completes the sandbox payment by its id', async () => {
    const calls = stubFetch([
      { payment_id: PAYMENT, status: 'pending', tokens: 500, amount_cents: 500, checkout_url: '/pay' },
      { payment_id: PAYMENT, status: 'succeeded', balance: 500 },
    ]);
    const { wrapper } = setup();
    const start = renderHook(() => useStartPurchase(), { wrapper });
    const started = await act(() => start.result.current.mutateAsync({ tokens: 500, key: 'attempt-1' }));
    expect(started.checkout_url).toBe('/pay');
    const complete = renderHook(() => useCompleteSandbox(PAYMENT), { wrapper });
    const done = await act(() => complete.result.current.mutateAsync('succeeded'));
    expect(done.balance).toBe(500);
    expect(calls[0]).toMatchObject({ method: 'POST', headers: { 'Idempotency-Key': 'attempt-1' }, body: '{"tokens":500}' });
    expect(calls[0]!.url).toMatch(/\/v1\/wallet\/purchases$/);
    expect(calls[1]).toMatchObject({ method: 'POST', body: '{"outcome":"succeeded"}' });
    expect(calls[1]!.url).toMatch(new RegExp(`/v1/payments/sandbox/${PAYMENT}/complete$`));
  });

  it('links a crypto wallet with its signed message and unlinks it by id without a body', async () => {
    const wallet = { id: WALLET, address: '0xAbC', chain_id: 1, created_at: '2026-01-01T00:00:00.000Z' };
    const calls = stubFetch([{ wallet }, {}]);
    const { wrapper } = setup();
    const link = renderHook(() => useLinkCryptoWallet(), { wrapper });
    expect(await act(() => link.result.current.mutateAsync({ message: 'signed', signature: '0x1' }))).toEqual(wallet);
    const unlink = renderHook(() => useUnlinkCryptoWallet(), { wrapper });
    await act(() => unlink.result.current.mutateAsync(WALLET));
    expect(calls[0]).toMatchObject({ method: 'POST', body: '{"message":"signed","signature":"0x1"}' });
    expect(calls[0]!.url).toMatch(/\/v1\/crypto_wallets$/);
    expect(calls[1]).toMatchObject({ method: 'DELETE', body: undefined });
    expect(calls[1]!.url).toMatch(new RegExp(`/v1/crypto_wallets/${WALLET}$`));
  });
});
