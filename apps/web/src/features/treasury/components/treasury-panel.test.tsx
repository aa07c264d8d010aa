import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Expense, Tribe } from '@tribes/shared';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../app/i18n';
import { MEMBER } from '../../../test/api-harness';
import { EMPTY_SESSION, sessionStore, signIn } from '../../../lib/session/session-store';
import { renderWithApp, stubApi, ok } from '../../../test/stub-api';
import { TreasuryPanel } from './treasury-panel';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.set(EMPTY_SESSION);
});

const tribe = { id: 't1', slug: 'atlas', name: 'Atlas Weavers' } as Tribe;
const person = (id: string, name: string) => ({ id, name, avatar_url: null });
const expense = (over: Partial<Expense> = {}): Expense => ({
  id: 'e1',
  tribe_id: 't1',
  source: { type: 'tribe', id: 't1', name: 'Atlas Weavers' },
  amount: 300,
  title: 'Roof repair',
  description: '',
  payee: 'Atlas Roofing',
  status: 'proposed',
  proposer: person('u-member', 'Mina'),
  approvals: [],
  rejection: null,
  required_approvals: 2,
  approval: { waiting_for: 'leaders', can_approve: false, can_reject: false, two_factor_needed: false },
  receipts: [],
  reference: null,
  paid_by: null,
  paid_at: null,
  created_at: '2026-11-20T10:00:00.000Z',
  ...over,
});
const summary = (over: object = {}) =>
  ok({ balance: 1000, campaigns: [], open_expenses: 1, can_propose: true, can_decide: false, ...over });
const page = (items: Expense[]) => ok({ items, next_cursor: null });
const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], name, { type: 'image/png' });

describe('TreasuryPanel', () => {
  it('sends a proposal with its receipt as multipart with an Idempotency-Key, and keeps the dialog open on field errors', async () => {
    let attempt = 0;
    const calls = stubApi((url, init) => {
      if (url.pathname.endsWith('/treasury')) return summary();
      if (url.pathname.endsWith('/expenses') && init?.method === 'POST') {
        attempt += 1;
        return attempt === 1
          ? {
              status: 400,
              body: {
                status: 'error',
                message: 'Validation failed.',
                error_type: 'validation_error',
                errors: { payee: ['Payee is not right.'], receipts: ['Upload a JPEG, PNG, WebP, GIF or AVIF image.'] },
              },
            }
          : { status: 201, body: { status: 'success', message: 'Expense proposed.', data: { expense: expense() } } };
      }
      if (url.pathname.endsWith('/expenses')) return page([]);
      return undefined;
    });
    renderWithApp(<TreasuryPanel tribe={tribe} />);
    const user = userEvent.setup();
    await screen.findByText('No expenses yet');
    await user.click(screen.getByTestId('propose-expense'));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByTestId('expense-submit'));
    // The shared schema speaks first: nothing is sent with empty fields.
    expect(await within(dialog).findAllByText('This field is required.')).not.toHaveLength(0);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.type(within(dialog).getByTestId('expense-title'), 'Roof repair');
    await user.type(within(dialog).getByTestId('expense-amount'), '300');
    await user.type(within(dialog).getByTestId('expense-payee'), 'Atlas Roofing');
    await user.upload(within(dialog).getByTestId('expense-receipts'), png('quote.png'));
    expect(within(dialog).getByText('quote.png')).toBeInTheDocument();
    await user.click(within(dialog).getByTestId('expense-submit'));
    // The server's message lands on its field; the dialog stays.
    expect(await within(dialog).findByText('Payee is not right.')).toBeInTheDocument();
    expect(within(dialog).getByText('Upload a JPEG, PNG, WebP, GIF or AVIF image.')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(within(dialog).getByTestId('expense-submit'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(2);
    // One proposal, one key: the retry after the refusal is the same proposal.
    expect(posts[0]!.headers['Idempotency-Key']).toBeTruthy();
    expect(posts[1]!.headers['Idempotency-Key']).toBe(posts[0]!.headers['Idempotency-Key']);
    const form = posts[1]!.form!;
    expect(form.get('title')).toBe('Roof repair');
    expect(form.get('amount')).toBe('300');
    expect((form.get('receipts') as File).name).toBe('quote.png');
  });

  it('refuses a receipt that is neither a photo nor a PDF before sending anything', async () => {
    stubApi((url) =>
      url.pathname.endsWith('/treasury') ? summary() : url.pathname.endsWith('/expenses') ? page([]) : undefined,
    );
    renderWithApp(<TreasuryPanel tribe={tribe} />);
    const user = userEvent.setup({ applyAccept: false });
    await user.click(await screen.findByTestId('propose-expense'));
    await user.upload(screen.getByTestId('expense-receipts'), new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByText('notes.txt is not a photo or a PDF.')).toBeInTheDocument();
  });

  it('asks a leader for the authenticator code when the server wants one, and approves with it', async () => {
    const calls = stubApi((url, init) => {
      if (url.pathname.endsWith('/treasury')) return summary({ can_decide: true });
      if (url.pathname.endsWith('/approve')) {
        const code = (init?.headers as Record<string, string>)['x-two-factor-code'];
        return code === '123456'
          ? ok({ expense: expense({ approvals: [] }) }, 'Your approval is recorded.')
          : {
              status: 403,
              body: {
                status: 'error',
                error_type: 'two_factor_required',
                message: 'Enter the code from your authenticator app to confirm.',
              },
            };
      }
      if (url.pathname.endsWith('/expenses'))
        return page([
          expense({ approval: { waiting_for: 'leaders', can_approve: true, can_reject: true, two_factor_needed: false } }),
        ]);
      return undefined;
    });
    renderWithApp(<TreasuryPanel tribe={tribe} />);
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('expense-approve'));
    const dialog = screen.getByRole('dialog', { name: 'Approve this expense?' });
    await user.click(within(dialog).getByTestId('expense-act-confirm'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Enter the code from your authenticator app to confirm.');
    await user.type(within(dialog).getByTestId('expense-code'), '123456');
    await user.click(within(dialog).getByTestId('expense-act-confirm'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.url.pathname.endsWith('/approve')).map((c) => c.headers['x-two-factor-code'])).toEqual([
      undefined,
      '123456',
    ]);
  });

  it('asks for the payout reference before recording a payout, and sends it trimmed', async () => {
    const calls = stubApi((url) => {
      if (url.pathname.endsWith('/treasury')) return summary({ can_decide: true });
      if (url.pathname.endsWith('/pay')) return ok({ expense: expense({ status: 'paid' }) }, 'Payout recorded.');
      if (url.pathname.endsWith('/expenses')) return page([expense({ status: 'approved' })]);
      return undefined;
    });
    renderWithApp(<TreasuryPanel tribe={tribe} />);
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('expense-pay'));
    const dialog = screen.getByRole('dialog', { name: 'Record the payout?' });
    await user.type(within(dialog).getByTestId('expense-reference'), '   ');
    await user.click(within(dialog).getByTestId('expense-act-confirm'));
    expect(await within(dialog).findByText('Enter the payout reference.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await user.type(within(dialog).getByTestId('expense-reference'), 'TRX-1 ');
    await user.click(within(dialog).getByTestId('expense-act-confirm'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sent = calls.filter((c) => c.method === 'POST');
    expect(sent.map((c) => [c.url.pathname, c.body])).toEqual([['/api/v1/expenses/e1/pay', { reference: 'TRX-1' }]]);
    expect(sent[0]!.headers['Idempotency-Key']).toBeTruthy();
  });

  it('rejects with the note trimmed, without asking for a reference', async () => {
    const calls = stubApi((url) => {
      if (url.pathname.endsWith('/treasury')) return summary({ can_decide: true });
      if (url.pathname.endsWith('/reject')) return ok({ expense: expense({ status: 'rejected' }) }, 'Rejected.');
      if (url.pathname.endsWith('/expenses'))
        return page([
          expense({ approval: { waiting_for: 'leaders', can_approve: true, can_reject: true, two_factor_needed: false } }),
        ]);
      return undefined;
    });
    renderWithApp(<TreasuryPanel tribe={tribe} />);
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('expense-reject'));
    const dialog = screen.getByRole('dialog', { name: 'Reject this expense?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Note (optional)' }), '  Too dear  ');
    await user.click(within(dialog).getByTestId('expense-act-confirm'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url.pathname, c.body])).toEqual([
      ['/api/v1/expenses/e1/reject', { note: 'Too dear' }],
    ]);
  });

  it('tells the sole leader what their own expense needs, and approves it with the code asked at once', async () => {
    signIn('tok', MEMBER);
    const mine = expense({
      proposer: person(MEMBER.id, MEMBER.name),
      required_approvals: 1,
      approval: { waiting_for: 'self', can_approve: true, can_reject: false, two_factor_needed: false },
    });
    const calls = stubApi((url) => {
      if (url.pathname.endsWith('/treasury')) return summary({ can_decide: true });
      if (url.pathname.endsWith('/approve'))
        return ok(
          {
            expense: {
              ...mine,
              status: 'approved',
              approvals: [
                {
                  leader: person(MEMBER.id, MEMBER.name),
                  decision: 'approve',
                  as: 'proposer',
                  note: '',
                  created_at: mine.created_at,
                },
              ],
              approval: { waiting_for: null, can_approve: false, can_reject: false, two_factor_needed: false },
            },
          },
          'Your approval is recorded.',
        );
      if (url.pathname.endsWith('/expenses')) return page([mine]);
      return undefined;
    });
    renderWithApp(<TreasuryPanel tribe={tribe} />);
    const user = userEvent.setup();
    // What it needs, and both ways out: a moderator (the tribe's settings) or the leader's own approval.
    const needs = await screen.findByTestId('expense-needs');
    expect(needs).toHaveTextContent('There are not enough other leaders or moderators to give every approval this needs.');
    expect(needs).toHaveTextContent('approve it yourself with a code from your authenticator app');
    expect(within(needs).getByRole('link', { name: 'Appoint a moderator' })).toHaveAttribute('href', '/tribes/setting/atlas');
    expect(screen.queryByTestId('expense-approve')).not.toBeInTheDocument();
    expect(screen.queryByTestId('expense-reject')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('expense-self-approve'));
    const dialog = screen.getByRole('dialog', { name: 'Approve your own expense?' });
    expect(dialog).toHaveTextContent('the public ledger will say it was approved by its own requester');
    // The code is asked at once: nothing goes without it.
    await user.type(within(dialog).getByTestId('expense-code'), '654321');
    await user.click(within(dialog).getByTestId('expense-act-confirm'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sent = calls.filter((c) => c.url.pathname.endsWith('/approve'));
    expect(sent.map((c) => [c.url.pathname, c.headers['x-two-factor-code']])).toEqual([
      [`/api/v1/expenses/${mine.id}/approve`, '654321'],
    ]);
  });

  it('tells the sole leader without two-factor to turn it on or appoint a moderator, and offers no approval', async () => {
    signIn('tok', MEMBER);
    stubApi((url) => {
      if (url.pathname.endsWith('/treasury')) return summary({ can_decide: true });
      if (url.pathname.endsWith('/expenses'))
        return page([
          expense({
            proposer: person(MEMBER.id, MEMBER.name),
            required_approvals: 1,
            approval: { waiting_for: 'self', can_approve: false, can_reject: false, two_factor_needed: true },
          }),
        ]);
      return undefined;
    });
    renderWithApp(<TreasuryPanel tribe={tribe} />);
    const needs = await screen.findByTestId('expense-needs');
    expect(needs).toHaveTextContent('turn on two-factor authentication to approve it yourself');
    expect(within(needs).getByRole('link', { name: 'Turn on two-factor' })).toHaveAttribute('href', '/setting/two-factor');
    expect(within(needs).getByRole('link', { name: 'Appoint a moderator' })).toBeInTheDocument();
    expect(screen.queryByTestId('expense-self-approve')).not.toBeInTheDocument();
    expect(screen.queryByTestId('expense-approve')).not.toBeInTheDocument();
  });

  it("offers a moderator the approval a sole leader's expense needs, and shows who approved as what", async () => {
    stubApi((url) => {
      if (url.pathname.endsWith('/treasury')) return summary({ can_decide: false });
      if (url.pathname.endsWith('/expenses'))
        return page([
          expense({
            proposer: person('u-lead', 'Lea'),
            required_approvals: 1,
            approval: { waiting_for: 'moderator', can_approve: true, can_reject: true, two_factor_needed: false },
          }),
          expense({
            id: 'e2',
            title: 'Well pump',
            status: 'approved',
            proposer: person('u-lead', 'Lea'),
            required_approvals: 1,
            approvals: [
              {
                leader: person('u-lead', 'Lea'),
                decision: 'approve',
                as: 'proposer',
                note: '',
                created_at: '2026-11-20T11:00:00.000Z',
              },
            ],
            approval: { waiting_for: null, can_approve: false, can_reject: false, two_factor_needed: false },
          }),
        ]);
      return undefined;
    });
    renderWithApp(<TreasuryPanel tribe={tribe} />);
    const [roofCard, pumpCard] = await screen.findAllByTestId('expense');
    expect(within(roofCard!).getByTestId('expense-needs')).toHaveTextContent(
      "The tribe's other leaders cannot give every approval this needs, so a moderator of the tribe may give the missing one.",
    );
    // A moderator may approve or reject it, not pay; and is not sent to appoint anyone.
    expect(within(roofCard!).getByTestId('expense-approve')).toBeInTheDocument();
    expect(within(roofCard!).getByTestId('expense-reject')).toBeInTheDocument();
    expect(within(roofCard!).queryByRole('link', { name: 'Appoint a moderator' })).not.toBeInTheDocument();
    expect(pumpCard).toHaveTextContent(
      '1 of 1 approvals (Lea (its own requester, with no other leader or moderator to approve it))',
    );
    expect(within(pumpCard!).queryByTestId('expense-pay')).not.toBeInTheDocument();
  });

  it('opens each receipt by the signed link the API gave, and reads the links again before they expire', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let reads = 0;
      stubApi((url) => {
        if (url.pathname.endsWith('/treasury')) return summary();
        if (!url.pathname.endsWith('/expenses')) return undefined;
        reads += 1;
        const url1 = `/media/private/receipts/abc.pdf?exp=${reads}&sig=${'f'.repeat(64)}`;
        return page([expense({ receipts: [{ url: url1, content_type: 'application/pdf' }] })]);
      });
      renderWithApp(<TreasuryPanel tribe={tribe} />);
      const link = await screen.findByRole('link', { name: 'Receipt 1' });
      expect(link).toHaveAttribute('href', `/media/private/receipts/abc.pdf?exp=1&sig=${'f'.repeat(64)}`);
      // A link lives at least an hour: after half an hour on the page, the list is read again.
      await vi.advanceTimersByTimeAsync(30 * 60_000);
      await waitFor(() =>
        expect(screen.getByRole('link', { name: 'Receipt 1' })).toHaveAttribute('href', expect.stringContaining('exp=2&')),
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows a visitor the funds and only an empty state that says paid expenses will appear, with no propose button', async () => {
    stubApi((url) =>
      url.pathname.endsWith('/treasury')
        ? summary({ can_propose: false, open_expenses: 0 })
        : url.pathname.endsWith('/expenses')
          ? page([])
          : undefined,
    );
    renderWithApp(<TreasuryPanel tribe={tribe} />);
    expect(await screen.findByText('Paid expenses of this tribe will be listed here, with their receipts.')).toBeInTheDocument();
    expect(screen.getByTestId('treasury-balance')).toHaveTextContent('1,000 tokens');
    expect(screen.queryByTestId('propose-expense')).not.toBeInTheDocument();
  });
});
