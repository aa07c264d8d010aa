import { ACTIVE, NOT_ACTIVE, STRANGERS, by, selfOnly, type Cell, type Rules } from './types.js';

/**
 * The treasury (DESIGN 10.4): expenses proposed by members and decided by leaders (never the
 * proposer: the member proposes them here), refunds, pledges and receipts.
 */

/** A fresh expense the member proposes from tribe A's funds. */
async function proposed(c: Cell): Promise<string> {
  const { data } = await c.w.call(
    'POST',
    `/v1/tribes/${c.w.tribeA}/expenses`,
    c.w.actors.member.token,
    { amount: 1, title: 'Rope', payee: 'Souk' },
    { key: true },
  );
  return data.expense.id as string;
}

const notLeader = ['moderator', 'member', 'banned', ...STRANGERS] as const;

/** The caller's own pledge (to tribe B, so that tribe A's banned member has one too). */
async function ownPledge(c: Cell) {
  const { data } = await c.w.call('POST', '/v1/pledges', c.me!.token, {
    target_type: 'tribe',
    target_id: c.w.tribeB,
    amount: 1,
    day_of_month: 9,
  });
  return { params: { id: data.pledge.id as string } };
}

export const treasuryRules: Rules = {
  // The public sees the paid side of a tribe's books; banned members nothing.
  'treasury.summary': {
    expect: by({ allow: [...ACTIVE, ...STRANGERS, 'anonymous'], 403: ['banned'] }),
    request: (c) => ({ params: { id: c.w.tribeA } }),
  },
  'treasury.expenses': {
    expect: by({ allow: [...ACTIVE, ...STRANGERS, 'anonymous'], 403: ['banned'] }),
    secret: { from: [...STRANGERS, 'anonymous'], text: (w) => w.ids.expense! },
    request: (c) => ({ params: { id: c.w.tribeA } }),
  },
  // A proposed (unpaid) expense is the active members'.
  'treasury.expense': {
    expect: by({ allow: ACTIVE, 403: ['banned'], 404: [...STRANGERS, 'anonymous'] }),
    request: (c) => ({ params: { id: c.w.ids.expense! } }),
  },
  'treasury.proposeExpense': {
    expect: by({ allow: ACTIVE, 403: NOT_ACTIVE, 401: ['anonymous'] }),
    request: (c) => ({ params: { id: c.w.tribeA }, body: { amount: 2, title: 'Nails', payee: 'Souk' } }),
  },
  'treasury.approveExpense': {
    expect: by({ allow: ['leader'], 403: notLeader, 401: ['anonymous'] }),
    request: async (c) => ({ params: { id: await proposed(c) }, body: {} }),
  },
  'treasury.rejectExpense': {
    expect: by({ allow: ['leader'], 403: notLeader, 401: ['anonymous'] }),
    request: async (c) => ({ params: { id: await proposed(c) }, body: { note: 'Too dear' } }),
  },
  // An approved expense (tribe A has one leader, so one approval): its payout is a leader's.
  'treasury.payExpense': {
    expect: by({ allow: ['leader'], 403: notLeader, 401: ['anonymous'] }),
    request: async (c) => {
      const id = await proposed(c);
      await c.w.call('POST', `/v1/expenses/${id}/approve`, c.w.actors.leader.token, {});
      return { params: { id }, body: { reference: 'cash 12' } };
    },
  },
  // The victim's fresh gift to tribe A: a leader gives it back.
  'treasury.refundDonation': {
    expect: by({ allow: ['leader'], 403: notLeader, 401: ['anonymous'] }),
    request: async (c) => {
      const { data } = await c.w.call(
        'POST',
        '/v1/donations',
        c.w.victim.token,
        { target_type: 'tribe', target_id: c.w.tribeA, amount: 1 },
        { key: true },
      );
      return { params: { id: data.donation.id as string }, body: { reason: 'Sent twice' } };
    },
  },
  'treasury.createPledge': {
    expect: by({ allow: [...ACTIVE, ...STRANGERS], 403: ['banned'], 401: ['anonymous'] }),
    request: (c) => ({ body: { target_type: 'tribe', target_id: c.w.tribeA, amount: 1, day_of_month: 5 } }),
  },
  'treasury.myPledges': { expect: selfOnly() },
  'treasury.updatePledge': {
    expect: selfOnly(),
    request: async (c) => ({ ...(await ownPledge(c)), body: { status: 'paused' } }),
    foreign: { status: 404, request: (c) => ({ params: { id: c.w.ids.pledge! }, body: { status: 'paused' } }) },
  },
  'treasury.cancelPledge': {
    expect: selfOnly(),
    request: ownPledge,
    foreign: { status: 404, request: (c) => ({ params: { id: c.w.ids.pledge! } }) },
  },
  'treasury.donationReceipt': {
    expect: selfOnly(),
    request: async (c) => {
      const { data } = await c.w.call(
        'POST',
        '/v1/donations',
        c.me!.token,
        { target_type: 'tribe', target_id: c.w.tribeB, amount: 1 },
        { key: true },
      );
      return { params: { id: data.donation.id as string } };
    },
    foreign: { status: 404, request: (c) => ({ params: { id: c.w.ids.donation! } }) },
  },
  'treasury.donationStatement': { expect: selfOnly() },
};
