import type { Tx } from '#src/core/db/client.js';
import { forbidden } from '#src/core/errors.js';
import type { MemberRow, TribesRepo } from './tribes.repo.js';

/*
 * Tribe role checks: who moderates, who leads, who is banned. Their own file so that any module
 * (posts, villages, wallet, learning) can ask without importing the tribes service.
 */

/** An active member (not pending, not banned). */
export const isActive = (m: MemberRow | undefined): m is MemberRow => m?.status === 'active';
/** Leaders and moderators run the tribe day to day. */
export const canModerate = (m: MemberRow | undefined) => isActive(m) && (m.role === 'leader' || m.role === 'moderator');
export const isLeader = (m: MemberRow | undefined) => isActive(m) && m.role === 'leader';

/** A member the tribe's moderators banned: a standing refusal, unlike pending or no membership. */
export const isBanned = (m: MemberRow | undefined) => m?.status === 'banned';

/**
 * The one banned-member rule for every write that touches a tribe (posting, editing, commenting,
 * liking, reporting, villages, donations, learning): 403 when the user is banned from `tribeId`.
 * A banned member may still delete what they wrote themselves, so deletes of one's own content
 * do not call this. Role checks (canModerate, isLeader) already require an active membership.
 */
export async function refuseBanned(
  tribes: Pick<TribesRepo, 'membership'>,
  tribeId: string | null | undefined,
  userId: string,
  tx?: Tx,
): Promise<void> {
  if (tribeId && isBanned(await tribes.membership(tribeId, userId, tx))) throw forbidden();
}
