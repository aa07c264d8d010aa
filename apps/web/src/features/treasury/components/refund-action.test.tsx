import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LedgerEntry, Tribe } from '@tribes/shared';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../app/i18n';
import { ok, renderWithApp, stubApi } from '../../../test/stub-api';
import { RefundAction } from './refund-action';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => vi.unstubAllGlobals());

const leading = { id: 't1', slug: 'atlas', name: 'Atlas Weavers', my_membership: { status: 'active', role: 'leader' } } as Tribe;
const entry: LedgerEntry = {
  id: 'l1',
  kind: 'donation',
  direction: 'in',
  amount: 40,
  account: { type: 'tribe', id: 't1', name: 'Atlas Weavers' },
  donor: { id: 'u2', name: 'Sara', avatar_url: null },
  message: '',
  donation_id: 'd1',
  refunded: false,
  expense: null,
  created_at: '2026-11-20T10:00:00.000Z',
} as LedgerEntry;

describe('RefundAction', () => {
  it('asks for the reason before refunding, and sends it trimmed', async () => {
    const calls = stubApi((url) =>
      url.pathname === '/api/v1/donations/d1/refund'
        ? ok({ refund: { donation_id: 'd1', amount: 40, reason: 'Sent twice' } }, 'Refunded.')
        : undefined,
    );
    renderWithApp(<RefundAction tribe={leading} entry={entry} />);
    const user = userEvent.setup();
    await user.click(screen.getByTestId('refund-donation'));
    const dialog = screen.getByRole('dialog', { name: 'Refund this donation?' });
    await user.click(within(dialog).getByTestId('refund-confirm'));
    expect(await within(dialog).findByText('Enter the reason for the refund.')).toBeInTheDocument();
    await user.type(within(dialog).getByTestId('refund-reason'), '   ');
    await user.click(within(dialog).getByTestId('refund-confirm'));
    expect(await within(dialog).findByText('Enter the reason for the refund.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await user.type(within(dialog).getByTestId('refund-reason'), 'Sent twice ');
    await waitFor(() => expect(within(dialog).queryByText('Enter the reason for the refund.')).toBeNull());
    await user.click(within(dialog).getByTestId('refund-confirm'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url.pathname, c.body, c.headers['x-two-factor-code']])).toEqual(
      [['/api/v1/donations/d1/refund', { reason: 'Sent twice' }, undefined]],
    );
  });

  it('offers nothing to a member who does not lead the tribe', () => {
    stubApi(() => undefined);
    const member = { ...leading, my_membership: { status: 'active', role: 'member' } } as Tribe;
    renderWithApp(<RefundAction tribe={member} entry={entry} />);
    expect(screen.queryByTestId('refund-donation')).toBeNull();
  });
});
