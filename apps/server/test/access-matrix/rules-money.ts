import { ACTIVE, MODS, NOT_ACTIVE, STRANGERS, by, everyone, selfOnly, type Cell, type Rules } from './types.js';

/** Wallet, purchases, donations and campaigns (DESIGN 5 "Money"). Money POSTs get a fresh Idempotency-Key. */

/** A fresh pending sandbox purchase of the caller's own. */
async function ownPurchase(c: Cell) {
  const { data } = await c.w.call('POST', '/v1/wallet/purchases', c.me!.token, { tokens: 100 }, { key: true });
  return { params: { id: data.payment_id as string } };
}
/** The victim's pending purchase: a payment is its payer's alone (403 to anyone else). */
const victimPurchase = { status: 403 as const, request: (c: Cell) => ({ params: { id: c.w.ids.victimPurchase! } }) };

const campaign = (c: Cell) => ({ params: { id: c.w.ids.campaign! } });
const notMods = ['member', ...NOT_ACTIVE] as const;

export const moneyRules: Rules = {
  'money.wallet': { expect: selfOnly() },
  'money.transactions': { expect: selfOnly() },
  'money.startPurchase': { expect: selfOnly(), request: () => ({ body: { tokens: 100 } }) },
  'money.payment': { expect: selfOnly(), request: ownPurchase, foreign: victimPurchase },
  'money.resumePurchase': { expect: selfOnly(), request: ownPurchase, foreign: victimPurchase },
  'money.cancelPurchase': { expect: selfOnly(), request: ownPurchase, foreign: victimPurchase },
  'money.completeSandbox': {
    expect: selfOnly(),
    request: async (c) => ({ ...(await ownPurchase(c)), body: { outcome: 'declined' } }),
    foreign: { status: 403, request: (c) => ({ params: { id: c.w.ids.victimPurchase! }, body: { outcome: 'succeeded' } }) },
  },
  'money.webhook': {
    expect: everyone(404),
    reason: 'only Stripe sends webhooks and the test app runs the sandbox provider: every caller is told 404',
    request: () => ({ params: { provider: 'stripe' }, body: { id: 'evt_1' } }),
  },
  // Anyone signed in gives to a tribe, except the members it banned.
  'money.donate': {
    expect: by({ allow: [...ACTIVE, ...STRANGERS], 403: ['banned'], 401: ['anonymous'] }),
    request: (c) => ({ body: { target_type: 'tribe', target_id: c.w.tribeA, amount: 1 } }),
  },
  'money.myDonations': { expect: selfOnly() },
  'money.tribeDonations': { expect: everyone(), request: (c) => ({ params: { id: c.w.tribeA } }) },
  'money.campaigns': { expect: everyone(), request: (c) => ({ params: { id: c.w.tribeA } }) },
  'money.createCampaign': {
    expect: by({ allow: MODS, 403: notMods, 401: ['anonymous'] }),
    request: (c) => ({
      params: { id: c.w.tribeA },
      body: { title: 'A school roof', goal: 500, ends_at: new Date(Date.now() + 864e5 * 20).toISOString() },
    }),
  },
  'money.searchCampaigns': { expect: everyone() },
  'money.campaign': { expect: everyone(), request: campaign },
  'money.campaignDonations': { expect: everyone(), request: campaign },
  'money.campaignDaily': { expect: everyone(), request: campaign },
  'money.campaignTopDonors': { expect: everyone(), request: campaign },
  'money.campaignUpdates': { expect: everyone(), request: campaign },
  'money.postCampaignUpdate': {
    expect: by({ allow: MODS, 403: notMods, 401: ['anonymous'] }),
    request: (c) => ({ ...campaign(c), body: { body: 'The pipes are in.' } }),
  },
  'money.updateCampaign': {
    expect: by({ allow: MODS, 403: notMods, 401: ['anonymous'] }),
    request: (c) => ({ ...campaign(c), body: { description: 'Clean water for all' } }),
  },
  'money.closeCampaign': {
    expect: by({ allow: MODS, 403: notMods, 401: ['anonymous'] }),
    request: async (c) => {
      const { data } = await c.w.call('POST', `/v1/tribes/${c.w.tribeA}/campaigns`, c.w.actors.leader.token, {
        title: 'Soon closed',
        goal: 100,
        ends_at: new Date(Date.now() + 864e5 * 20).toISOString(),
      });
      return { params: { id: data.campaign.id as string } };
    },
  },
  'money.ledger': { expect: everyone(), request: (c) => ({ params: { id: c.w.tribeA } }) },
  'money.ledgerHealth': { expect: everyone() },
};
