import type { Storage } from '#src/core/storage.js';
import type { TribesRepo } from '#src/modules/tribes/tribes.repo.js';
import type { UserRow } from '#src/modules/users/users.repo.js';

export type ChannelDecision = { allowed: false } | { allowed: true; channelData?: string };

/**
 * Who may subscribe to which private or presence channel: a user's own notification channel,
 * and the channels of tribes where they are an active member.
 */
export async function authorizeChannel(
  channel: string,
  user: UserRow,
  deps: { tribes: TribesRepo; storage: Pick<Storage, 'url'> },
): Promise<ChannelDecision> {
  const own = /^private-App\.Models\.User\.(.+)$/.exec(channel);
  if (own) return own[1] === user.id ? { allowed: true } : { allowed: false };
  const tribe = /^(private|presence)-tribe\.([0-9a-f-]{36})$/.exec(channel);
  if (tribe) {
    const membership = await deps.tribes.membership(tribe[2]!, user.id);
    if (membership?.status !== 'active') return { allowed: false };
    if (tribe[1] === 'private') return { allowed: true };
    return {
      allowed: true,
      channelData: JSON.stringify({
        user_id: user.id,
        user_info: { name: user.name, avatar_url: user.avatarKey ? deps.storage.url(user.avatarKey) : null },
      }),
    };
  }
  return { allowed: false };
}
