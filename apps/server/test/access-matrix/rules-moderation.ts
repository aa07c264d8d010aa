import { ACTIVE, MODS, NOT_ACTIVE, SIGNED_IN, by, signedIn, type Cell, type Rules } from './types.js';

/**
 * The members' side of accountable moderation (DESIGN 11.2): reports on people, comments and tribes,
 * escalation, notices and appeals. The /v1/admin/* endpoints are in rules-admin.ts; the operators'
 * own checks in test/integration/admin and test/integration/moderation.
 */

const NOBODY = '00000000-0000-4000-8000-000000000000';

/** A fresh post report of tribe A (the victim reports a new tribe-only post of the member's), still with the tribe. */
async function freshTribeReport(c: Cell) {
  const { w } = c;
  const { data } = await w.call('POST', '/v1/posts', w.actors.member.token, {
    body: 'Reported again',
    tribe_id: w.tribeA,
    visibility: 'tribe',
  });
  await w.call('POST', `/v1/posts/${data.post.id}/report`, w.victim.token, { reason: 'spam' });
  const reports = await w.call('GET', `/v1/tribes/${w.tribeA}/reports?limit=50`, w.actors.leader.token);
  const report = (reports.data.items as { id: string; post: { id: string } | null }[]).find((r) => r.post?.id === data.post.id);
  return { params: { id: report!.id }, body: { note: 'Beyond us' } };
}

export const moderationRules: Rules = {
  // Anyone signed in reports a person or a tribe (a leader reporting their own tribe: 409, a state answer).
  'moderation.reportUser': { expect: signedIn(), request: (c) => ({ params: { id: c.w.victim.id }, body: { reason: 'spam' } }) },
  'moderation.reportTribe': { expect: signedIn(), request: (c) => ({ params: { id: c.w.tribeA }, body: { reason: 'scam' } }) },
  // The victim's comment on the tribe-only post: its readers report it, it is hidden (404) from the rest.
  'moderation.reportComment': {
    expect: by({ allow: ACTIVE, 404: NOT_ACTIVE, 401: ['anonymous'] }),
    request: (c) => ({ params: { id: c.w.ids.comment! }, body: { reason: 'rude' } }),
  },
  'moderation.escalateReport': {
    expect: by({ allow: MODS, 403: ['member', ...NOT_ACTIVE], 401: ['anonymous'] }),
    request: freshTribeReport,
  },
  'moderation.myNotices': { expect: signedIn() },
  // Nobody in the world has a notice: a notice that is not one's own is 404 to everyone.
  'moderation.appeal': {
    expect: by({ 404: SIGNED_IN, 401: ['anonymous'] }),
    request: () => ({ params: { id: NOBODY }, body: { text: 'Please' } }),
  },
};
