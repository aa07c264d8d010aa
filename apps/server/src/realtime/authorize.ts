import { PUSHER_CHANNEL_NAME, PUSHER_SOCKET_ID } from '@tribes/shared';
import type { Storage } from '#src/core/storage.js';
import type { AuthUser } from '#src/core/auth-guard.js';
import { grantData, TRIBE_CHANNEL } from './grants.js';

export type ChannelDecision = { allowed: false } | { allowed: true; channelData?: string };

/** A channel name as the Pusher protocol allows it (the hub refuses any other); declared with the contract. */
export const CHANNEL_NAME = PUSHER_CHANNEL_NAME;
/** A socket id as the hub hands them out: two integers. */
export const SOCKET_ID = PUSHER_SOCKET_ID;

/**
 * Who may subscribe to which private or presence channel: a user's own notification channel,
 * and the channels of tribes where they are an active member. Anything else (public channels,
 * unknown names, ids that are not uuids) is refused without asking the database.
 *
 * Every allowed channel carries signed channel_data, private ones too (as Reverb verifies it):
 * the user, so the hub learns who the socket is and leaves out of its deliveries the people across
 * a block with them; the session (token id) and the time of this check, so the hub ends the
 * subscription when the session is revoked or the membership ends (grants.ts).
 */
/** What the channel check reads of a tribe's members (the tribes repo answers it; realtime imports no module). */
export interface ChannelMemberships {
  membership(tribeId: string, userId: string): Promise<{ status: string } | undefined>;
}

/** What the channel check reads of conversations (the messages module answers it). */
export interface ConversationMemberships {
  isMember(conversationId: string, userId: string): Promise<boolean>;
}

const UUID_PATTERN = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const OWN_MESSAGES_CHANNEL = new RegExp(`^private-user\\.(${UUID_PATTERN})$`);
const CONVERSATION_CHANNEL = new RegExp(`^private-conversation\\.(${UUID_PATTERN})$`);

export async function authorizeChannel(
  channel: string,
  auth: { user: AuthUser; tokenId: string },
  deps: { tribes: ChannelMemberships; conversations?: ConversationMemberships; storage: Pick<Storage, 'url'> },
): Promise<ChannelDecision> {
  // Stamped before the membership is read: an auth read before a ban is older than the ban.
  const issuedAt = Date.now();
  const { user, tokenId } = auth;
  const own = /^private-App\.Models\.User\.(.+)$/.exec(channel);
  if (own) {
    return own[1] === user.id
      ? { allowed: true, channelData: grantData({ user_id: user.id }, tokenId, issuedAt) }
      : { allowed: false };
  }
  // Messages (DESIGN 11.4): one's own messages channel, and typing in conversations one is an active member of.
  const ownMessages = OWN_MESSAGES_CHANNEL.exec(channel);
  if (ownMessages) {
    return ownMessages[1] === user.id
      ? { allowed: true, channelData: grantData({ user_id: user.id }, tokenId, issuedAt) }
      : { allowed: false };
  }
  const conversation = CONVERSATION_CHANNEL.exec(channel);
  if (conversation) {
    if (!deps.conversations || !(await deps.conversations.isMember(conversation[1]!, user.id))) return { allowed: false };
    return { allowed: true, channelData: grantData({ user_id: user.id }, tokenId, issuedAt) };
  }
  const tribe = TRIBE_CHANNEL.exec(channel);
  if (!tribe) return { allowed: false };
  const membership = await deps.tribes.membership(tribe[2]!, user.id);
  if (membership?.status !== 'active') return { allowed: false };
  if (tribe[1] === 'private') return { allowed: true, channelData: grantData({ user_id: user.id }, tokenId, issuedAt) };
  const userInfo = { name: user.name, avatar_url: user.avatarKey ? deps.storage.url(user.avatarKey) : null };
  return { allowed: true, channelData: grantData({ user_id: user.id, user_info: userInfo }, tokenId, issuedAt) };
}
