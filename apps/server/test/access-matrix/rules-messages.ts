import { ACTIVE, NOT_ACTIVE, by, signedIn, type Cell, type Rules } from './types.js';
import type { World } from './world.js';

/**
 * Messages (DESIGN 11.4): what matters is being in the conversation, not a role in a tribe. The
 * victim starts a group with tribe A's active members (leader, moderator, member: tribe-mates, so no
 * request); everyone else is outside it and gets 404, as if it did not exist. Accounts of the world
 * are under a day old, so starting a conversation with the victim is refused (403 account_too_new) to
 * those who share no active tribe with them. Requests, blocks and the author-only rules are proved in
 * test/integration/messages.
 */

const groups = new WeakMap<World, Promise<{ id: string; messageId: string }>>();

/** A group of the victim with tribe A's active members. */
async function newGroup(w: World): Promise<string> {
  const { data } = await w.call('POST', '/v1/conversations', w.victim.token, {
    member_ids: [w.actors.leader.id, w.actors.moderator.id, w.actors.member.id],
    title: 'Matrix',
  });
  return data.conversation.id as string;
}

/** The world's shared group and a message of the victim's in it. */
function sharedGroup(w: World) {
  let g = groups.get(w);
  if (!g) {
    g = (async () => {
      const id = await newGroup(w);
      const { data } = await w.call('POST', `/v1/conversations/${id}/messages`, w.victim.token, { body: 'Hello all' });
      return { id, messageId: data.message.id as string };
    })();
    groups.set(w, g);
  }
  return g;
}

const inGroup = (c: Cell) => (ACTIVE as readonly string[]).includes(c.role);

/** A message to act on: the caller's own in the group when they are in it, else a fresh one of the victim's. */
async function messageFor(c: Cell, body?: object) {
  const { id } = await sharedGroup(c.w);
  const author = inGroup(c) && c.me ? c.me.token : c.w.victim.token;
  const { data } = await c.w.call('POST', `/v1/conversations/${id}/messages`, author, { body: 'Mine to change' });
  return { params: { id: data.message.id as string }, ...(body ? { body } : {}) };
}

const member = by({ allow: ACTIVE, 404: NOT_ACTIVE, 401: ['anonymous'] });
const onGroup = (body?: (c: Cell, g: { id: string; messageId: string }) => object) => async (c: Cell) => {
  const g = await sharedGroup(c.w);
  return { params: { id: g.id }, ...(body ? { body: body(c, g) } : {}) };
};

export const messagesRules: Rules = {
  'messages.createConversation': {
    expect: by({ allow: ACTIVE, 403: NOT_ACTIVE, 401: ['anonymous'] }),
    request: (c) => ({ body: { member_ids: [c.w.victim.id] } }),
  },
  'messages.listConversations': { expect: signedIn() },
  'messages.showConversation': { expect: member, request: onGroup() },
  'messages.listMessages': { expect: member, request: onGroup() },
  'messages.sendMessage': { expect: member, request: onGroup(() => ({ body: 'From the matrix' })) },
  'messages.markRead': { expect: member, request: onGroup((_c, g) => ({ up_to: g.messageId })) },
  // Nobody in the group was asked (tribe-mates): accepting or declining is 409 not_a_request, a state answer.
  'messages.accept': { expect: member, request: onGroup() },
  'messages.decline': { expect: member, request: onGroup() },
  // Leaving spends the membership: each cell leaves a group of its own.
  'messages.leave': { expect: member, request: async (c) => ({ params: { id: await newGroup(c.w) } }) },
  'messages.mute': { expect: member, request: onGroup(() => ({ muted: true })) },
  'messages.editMessage': { expect: member, request: (c) => messageFor(c, { body: 'Changed' }) },
  'messages.deleteMessage': { expect: member, request: (c) => messageFor(c) },
  'messages.reportMessage': {
    expect: member,
    request: async (c) => {
      const { id } = await sharedGroup(c.w);
      const { data } = await c.w.call('POST', `/v1/conversations/${id}/messages`, c.w.victim.token, { body: 'Reportable' });
      return { params: { id: data.message.id as string }, body: { reason: 'abuse' } };
    },
  },
};
