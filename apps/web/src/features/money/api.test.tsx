import { act, renderHook } from '@testing-library/react';
import type { EndpointData, moneyEndpoints } from '@tribes/shared';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../app/i18n';
import { pageTwice, queryWrapper, stubEnvelopes } from '../../test/api-harness';
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

describe('money calls through the contract', () => {
  it("pages a tribe's ledger with its ref encoded, limit and cursor in the query; the CSV link asks format=csv", async () => {
    const pages: EndpointData<typeof moneyEndpoints.ledger>[] = [
      { tribe_name: 'Aït Atlas', items: [], next_cursor: 'next 1' },
      { tribe_name: 'Aït Atlas', items: [], next_cursor: null },
    ];
    const calls = stubEnvelopes([...pages]);
    const result = await pageTwice(() => useTribeLedger('aït atlas'), [0, 0]);
    expect(calls.map((c) => c.url.replace(/^.*\/v1\//, '/v1/'))).toEqual([
      '/v1/tribes/a%C3%AFt%20atlas/ledger?limit=20',
      '/v1/tribes/a%C3%AFt%20atlas/ledger?limit=20&cursor=next+1',
    ]);
    expect(result.current.data?.pages[0]?.tribe_name).toBe('Aït Atlas');
    expect(ledgerCsvUrl('aït atlas')).toMatch(/\/v1\/tribes\/a%C3%AFt%20atlas\/ledger\?format=csv$/);
  });

  it('starts a purchase with its Idempotency-Key and completes the sandbox payment by its id', async () => {
    const calls = stubEnvelopes(
      [
        { payment_id: PAYMENT, status: 'pending', tokens: 500, amount_cents: 500, checkout_url: '/pay' },
        { payment_id: PAYMENT, status: 'succeeded', balance: 500 },
      ],
      { headers: true },
    );
    const { wrapper } = queryWrapper();
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
    const calls = stubEnvelopes([{ wallet }, {}]);
    const { wrapper } = queryWrapper();
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
