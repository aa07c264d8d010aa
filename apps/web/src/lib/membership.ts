import type { Tribe } from '@tribes/shared';

/** What the signed-in user is in a tribe, as the server's rules see it. */
export function membershipFlags(tribe: Tribe | undefined) {
  const m = tribe?.my_membership ?? null;
  const active = m?.status === 'active';
  return {
    membership: m,
    isMember: active,
    isPending: m?.status === 'pending',
    isBanned: m?.status === 'banned',
    isLeader: active && m?.role === 'leader',
    canModerate: active && (m?.role === 'leader' || m?.role === 'moderator'),
  };
}
