import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Pledge } from '@tribes/shared';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../app/i18n';
import { ok, renderWithApp, stubApi } from '../../../test/money-test-utils';
import { MonthlyGift } from './monthly-gift';
import { MyPledges } from './my-pledges';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => vi.unstubAllGlobals());

const pledge = (over: Partial<Pledge> = {}): Pledge => ({
  id: 'p1',
  target_type: 'campaign',
  target_id: 'c1',
  target_name: 'New roof',
  tribe_id: 't1',
  amount: 50,
  day_of_month: 12,
  status: 'active',
  next_run_at: '2031-04-12T08:00:00.000Z',
  due_month: '2031-04',
  failures: 0,
  created_at: '2031-03-01T00:00:00.000Z',
  ...over,
});

describe('monthly gifts', () => {
  it('sets up a monthly gift with the amount and day, refusing an amount out of range first', async () => {
    const calls = stubApi((url, init) =>
      url.pathname === '/api/v1/pledges' && init?.method === 'POST'
        ? { status: 201, body: { status: 'success', message: 'Your monthly gift is set up.', data: { pledge: pledge() } } }
        : undefined,
    );
    renderWithApp(<MonthlyGift target={{ type: 'campaign', id: 'c1', name: 'New roof' }} />);
    const user = userEvent.setup();
    await user.click(screen.getByTestId('monthly-submit'));
    expect(screen.getByText('Between 1 and 1,000,000 tokens.')).toBeInTheDocument();
    await user.type(screen.getByTestId('monthly-amount'), '50');
    await user.click(screen.getByRole('combobox', { name: 'Day of the month' }));
    await user.click(screen.getByRole('option', { name: '12' }));
    await user.click(screen.getByTestId('monthly-submit'));
    expect(await screen.findByRole('status')).toHaveTextContent('Your monthly gift to New roof is set up.');
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      target_type: 'campaign',
      target_id: 'c1',
      amount: 50,
      day_of_month: 12,
    });
  });

  it('lists my gifts with their next date, pauses one and cancels it after confirming', async () => {
    let current = pledge();
    const calls = stubApi((url, init) => {
      if (url.pathname === '/api/v1/me/pledges') return ok({ items: [current] });
      if (url.pathname === '/api/v1/pledges/p1' && init?.method === 'PATCH') {
        current = pledge({ status: 'paused', next_run_at: null });
        return ok({ pledge: current });
      }
      if (url.pathname === '/api/v1/pledges/p1' && init?.method === 'DELETE') {
        current = pledge({ status: 'cancelled', next_run_at: null });
        return ok({ pledge: current });
      }
      return undefined;
    });
    renderWithApp(<MyPledges />);
    const user = userEvent.setup();
    const card = await screen.findByTestId('pledge');
    expect(card).toHaveTextContent('50 tokens to New roof on day 12');
    expect(card).toHaveTextContent('Next gift on');
    await user.click(within(card).getByTestId('pledge-pause'));
    await waitFor(() => expect(screen.getByTestId('pledge-pause')).toHaveTextContent('Resume'));
    await user.click(screen.getByTestId('pledge-cancel'));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this monthly gift?' });
    await user.click(within(dialog).getByTestId('confirm-action'));
    expect(await screen.findByText('No monthly gifts')).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.body])).toEqual([
      ['PATCH', { status: 'paused' }],
      ['DELETE', null],
    ]);
  });
});
