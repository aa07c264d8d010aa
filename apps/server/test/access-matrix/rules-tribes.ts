import { buildTribe } from '../factories.js';
import { ACTIVE, MODS, NOT_ACTIVE, SIGNED_IN, STRANGERS, by, everyone, signedIn, type Cell, type Rules } from './types.js';
import { imageForm } from './world.js';

/** Tribes, memberships, villages, invites and people (DESIGN 5, 10.5). */

const tribeA = ({ w }: Cell) => ({ params: { id: w.tribeA } });
const notLeader = ['moderator', 'member', 'banned', ...STRANGERS] as const;
const notMods = ['member', ...NOT_ACTIVE] as const;

export const tribesRules: Rules = {
  'tribes.list': { expect: everyone() },
  'tribes.show': { expect: everyone(), request: tribeA },
  // Creating a tribe takes the leader role (chosen in onboarding), not a tribe.
  'tribes.create': {
    expect: by({
      allow: ['leader', 'otherLeader'],
      403: ['moderator', 'member', 'banned', 'pending', 'outsider'],
      401: ['anonymous'],
    }),
    request: () => ({ body: buildTribe() }),
  },
  'tribes.update': {
    expect: by({ allow: ['leader'], 403: notLeader, 401: ['anonymous'] }),
    request: (c) => ({ params: { id: c.w.tribeA }, body: { description: 'Updated' } }),
  },
  'tribes.cover': {
    expect: by({ allow: ['leader'], 403: notLeader, 401: ['anonymous'] }),
    request: async (c) => ({ params: { id: c.w.tribeA }, form: await imageForm('cover') }),
  },
  'tribes.logo': {
    expect: by({ allow: ['leader'], 403: notLeader, 401: ['anonymous'] }),
    request: async (c) => ({ params: { id: c.w.tribeA }, form: await imageForm('logo') }),
  },
  // A ban is final: the banned member cannot join again. Members already in get their membership back.
  'tribes.join': {
    expect: by({ allow: ['leader', 'moderator', 'member', ...STRANGERS], 403: ['banned'], 401: ['anonymous'] }),
    standIn: true,
    request: tribeA,
  },
  'tribes.leave': {
    expect: by({ allow: [...ACTIVE, 'pending'], 403: ['banned'], 404: ['otherLeader', 'outsider'], 401: ['anonymous'] }),
    standIn: true,
    request: tribeA,
  },
  'tribes.select': {
    expect: by({ allow: [...ACTIVE, ...STRANGERS], 403: ['banned'], 401: ['anonymous'] }),
    standIn: true,
    request: (c) => ({ body: { tribe_id: c.w.tribeA } }),
  },
  // The pending and banned lists are the moderators' (the active list is anyone's signed in).
  'tribes.members': {
    expect: by({ allow: MODS, 403: notMods, 401: ['anonymous'] }),
    request: (c) => ({ params: { id: c.w.tribeA }, query: { status: 'pending' } }),
  },
  // What waits for the tribe's people (issue 37.8): its leaders and moderators.
  'tribes.approvals': { expect: by({ allow: MODS, 403: notMods, 401: ['anonymous'] }), request: tribeA },
  // Banning a fresh plain member: leaders and moderators.
  'tribes.updateMember': {
    expect: by({ allow: MODS, 403: notMods, 401: ['anonymous'] }),
    request: async (c) => ({
      params: { id: c.w.tribeA, user_id: (await c.w.standIn('member')).id },
      body: { status: 'banned' },
    }),
  },
  'tribes.refuseRequest': {
    expect: by({ allow: MODS, 403: notMods, 401: ['anonymous'] }),
    request: async (c) => ({ params: { id: c.w.tribeA, user_id: (await c.w.standIn('pending')).id } }),
  },
  // A leader (a stand-in, so tribe A keeps its own) hands over to a fresh member.
  'tribes.handover': {
    expect: by({ allow: ['leader'], 403: notLeader, 401: ['anonymous'] }),
    standIn: true,
    request: async (c) => ({ params: { id: c.w.tribeA }, body: { user_id: (await c.w.standIn('member')).id } }),
  },
  'tribes.mapTribes': { expect: everyone() },
  'tribes.mapVillages': { expect: everyone() },

  // Pending villages: leaders and moderators see them all, others their own; anonymous may not ask.
  'villages.list': {
    expect: by({ allow: SIGNED_IN, 403: ['anonymous'] }),
    secret: { from: ['banned', ...STRANGERS], text: (w) => w.ids.village! },
    request: (c) => ({ params: { id: c.w.tribeA }, query: { status: 'pending' } }),
  },
  'villages.create': {
    expect: by({ allow: ACTIVE, 403: NOT_ACTIVE, 401: ['anonymous'] }),
    request: (c) => ({ params: { id: c.w.tribeA }, body: { name: `Tighza ${c.role}`, lat: 31.5, lng: -7.4 } }),
  },
  // The member registered the pending village: they edit it while pending, the leader decides it.
  'villages.update': {
    expect: by({ allow: ['leader', 'member'], 403: ['moderator', ...NOT_ACTIVE], 401: ['anonymous'] }),
    request: (c) => ({ params: { id: c.w.ids.village! }, body: { description: 'By the river' } }),
  },

  'invites.create': {
    expect: by({ allow: MODS, 403: notMods, 401: ['anonymous'] }),
    request: (c) => ({ params: { id: c.w.tribeA }, body: { max_uses: 5 } }),
  },
  'invites.preview': { expect: everyone(), request: (c) => ({ params: { code: c.w.ids.invite! } }) },
  // An invite joins a request tribe too; a ban stands.
  'invites.accept': {
    expect: by({ allow: [...ACTIVE, ...STRANGERS], 403: ['banned'], 401: ['anonymous'] }),
    standIn: true,
    request: (c) => ({ params: { code: c.w.ids.invite! } }),
  },

  'people.profile': { expect: everyone(), request: (c) => ({ params: { id: c.w.victim.id } }) },
  'people.block': { expect: signedIn(), request: (c) => ({ params: { id: c.w.ids.dummy! } }) },
  'people.unblock': { expect: signedIn(), request: (c) => ({ params: { id: c.w.ids.dummy! } }) },
  'people.blocked': { expect: by({ self: SIGNED_IN, 401: ['anonymous'] }) },
};
