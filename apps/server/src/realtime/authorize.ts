import { PUSHER_CHANNEL_NAME, PUSHER_SOCKET_ID } from '@tribes/shared';
import type { Storage } from '#src/core/storage.js';
import type { TribesRepo } from '#src/modules/tribes/tribes.repo.js';
import type { UserRow } from '#src/modules/users/users.repo.js';

export type ChannelDecision = { allowed: false } | { allowed: true; channelData?: string };

/** A channel name as the Pusher protocol allows it (the hub refuses any other); declared with the contract. */
export const CHANNEL_NAME = PUSHER_CHANNEL_NAME;
/** A socket id as the hub hands them out: two integers. */
export const SOCKET_ID = PUSHER_SOCKET_ID;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const TRIBE_CHANNEL = new RegExp(`^(private|presence)-tribe\\.(${UUID})$`);

/**
 * Who may subscribe to which private or presence channel: a user's own notification channel,
 * and the channels of tribes where they are an active member. Anything else (public channels,
 * unknown names, ids that are not uuids) is refused without asking the database.
 *
 * Tribe channels carry signed channel_data naming the user, private ones too (as Reverb verifies
 * it): the hub learns who the socket is, and leaves out of its deliveries the people across a
 * block with them.
 */
export async function authorizeChannel(
  channel: string,
  user: UserRow,
  deps: { tribes: Pick<TribesRepo, 'membership'>; storage: Pick<Storage, 'url'> },
): Promise<ChannelDecision> {
  const own = /^private-App\.Models\.User\.(.+)$/.exec(channel);
  if (own) return own[1] === user.id ? { allowed: true } : { allowed: false };
  const tribe = TRIBE_CHANNEL.exec(channel);
  if (!tribe) return { allowed: false };
  const membership = await deps.tribes.membership(tribe[2]!, user.id);
  if (membership?.status !== 'active') return { allowed: false };
  if (tribe[1] === 'private') return { allowed: true, channelData: JSON.stringify({ user_id: user.id }) };
  return {
    allowed: true,
    channelData: JSON.stringify({
      user_id: user.id,
      user_info: { name: user.name, avatar_url: user.avatarKey ? deps.storage.url(user.avatarKey) : null },
    }),
  };
}
