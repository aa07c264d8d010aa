import { SIGNED_IN, by, type Rules, type Cell } from './types.js';

/**
 * The operators' console (DESIGN 11.2): no role of the matrix is an operator, so every /v1/admin/*
 * endpoint refuses every signed-in role with 403 (tribe leaders and moderators included) and anonymous
 * with 401; the guard runs before the input is read. Operators themselves are tested in
 * test/integration/admin/.
 */
const operatorsOnly = (request?: (c: Cell) => ReturnType<NonNullable<Rules[string]['request']>>) => ({
  expect: by({ 403: SIGNED_IN, 401: ['anonymous'] }),
  ...(request ? { request } : {}),
});

export const adminRules: Rules = {
  'admin.stats': operatorsOnly(),
  'admin.users': operatorsOnly(),
  'admin.user': operatorsOnly((c) => ({ params: { id: c.w.ids.dummy! } })),
  'admin.suspendUser': operatorsOnly((c) => ({ params: { id: c.w.ids.dummy! }, body: { reason: 'Spam' } })),
  'admin.unsuspendUser': operatorsOnly((c) => ({ params: { id: c.w.ids.dummy! }, body: { reason: 'Lifted' } })),
  'admin.reports': operatorsOnly(),
  'admin.resolveReport': operatorsOnly((c) => ({ params: { id: c.w.ids.report! }, body: { action: 'dismiss', reason: 'Fine' } })),
  'admin.suspendTribe': operatorsOnly((c) => ({ params: { id: c.w.tribeA }, body: { reason: 'Scam' } })),
  'admin.unsuspendTribe': operatorsOnly((c) => ({ params: { id: c.w.tribeA }, body: { reason: 'Lifted' } })),
  'admin.appeals': operatorsOnly(),
  'admin.decideAppeal': operatorsOnly(() => ({
    params: { id: '00000000-0000-4000-8000-000000000000' },
    body: { decision: 'uphold', note: 'Stands' },
  })),
  'admin.audit': operatorsOnly(),
};
