const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const UUID_ONLY = new RegExp(`^${UUID}$`);
/** Token ids are uuids: anything else is not sent to the database. */
export const isUuid = (s: string) => UUID_ONLY.test(s);
/** A tribe's private or presence channel (CHANNELS.tribe / CHANNELS.tribePresence in packages/shared). */
export const TRIBE_CHANNEL = new RegExp(`^(private|presence)-tribe\\.(${UUID})$`);

/**
 * What authorised one private or presence subscription. The channel auth endpoint signs the user,
 * the session (auth token id) and the time of the auth into the channel_data (grantData), so the
 * node holding the socket knows them whichever node answered the auth request; the tribe comes
 * from the channel's name.
 */
export interface Grant {
  userId?: string;
  tokenId?: string;
  tribeId?: string;
  /** Milliseconds since the epoch when the auth endpoint started checking (0 when unknown). */
  issuedAt: number;
}

/** The channel_data the auth endpoint signs: the protocol's user_id (and user_info), and what the hub tracks. */
export function grantData(user: { user_id: string; user_info?: unknown }, tokenId: string, issuedAt: number): string {
  return JSON.stringify({ ...user, session_id: tokenId, issued_at: issuedAt });
}

/** The grant of a subscription, from its channel name and its signed channel_data (already parsed). */
export function grantOf(channel: string, signed: unknown): Grant {
  const data = signed && typeof signed === 'object' ? (signed as Record<string, unknown>) : {};
  const id = data.user_id;
  const grant: Grant = { issuedAt: typeof data.issued_at === 'number' ? data.issued_at : 0 };
  if (typeof id === 'string' || typeof id === 'number') grant.userId = String(id);
  if (typeof data.session_id === 'string') grant.tokenId = data.session_id;
  const tribe = TRIBE_CHANNEL.exec(channel);
  if (tribe) grant.tribeId = tribe[2]!;
  return grant;
}

/**
 * How long a revocation is remembered past the opening of this node's oldest socket: covers clocks
 * of nodes that differ by up to this much (auths are stamped by the node that answered them).
 */
const CLOCK_MARGIN_MS = 60_000;

/**
 * What this node has learnt was revoked, so that an auth signed before it is refused when a client
 * sends it later (an auth stays valid for its socket for as long as the socket lives):
 * - sessions (token ids) revoked: any subscription they authorised;
 * - memberships ended (tribe, user): tribe channels authorised for the user before the end;
 * - users whose sessions changed in a way only the database knows (revoke all, deletion): their
 *   auths from before it are checked against the database before they are accepted.
 * An entry older than every socket of this node can match no auth any more, and is pruned.
 */
export class Revocations {
  private readonly tokens = new Map<string, number>();
  private readonly memberships = new Map<string, number>();
  private readonly users = new Map<string, number>();

  tokensRevoked(tokenIds: Iterable<string>, at: number): void {
    for (const id of tokenIds) this.tokens.set(id, at);
  }

  membershipEnded(tribeId: string, userId: string, at: number): void {
    this.memberships.set(`${tribeId} ${userId}`, at);
  }

  usersChanged(userIds: Iterable<string>, at: number): void {
    for (const id of userIds) this.users.set(id, at);
  }

  /** Why a subscription of this grant must be refused, if it must; 'check' when the database must say. */
  judge(grant: Grant): 'session' | 'membership' | 'check' | undefined {
    if (grant.tokenId !== undefined && this.tokens.has(grant.tokenId)) return 'session';
    if (grant.tribeId !== undefined && grant.userId !== undefined) {
      const ended = this.memberships.get(`${grant.tribeId} ${grant.userId}`);
      if (ended !== undefined && grant.issuedAt <= ended) return 'membership';
    }
    if (grant.tokenId !== undefined && grant.userId !== undefined) {
      const changed = this.users.get(grant.userId);
      if (changed !== undefined && grant.issuedAt <= changed) return 'check';
    }
    return undefined;
  }

  /** Forgets what no auth of a socket opened at or after `oldestSocketAt` can be signed before. */
  prune(oldestSocketAt: number): void {
    const before = oldestSocketAt - CLOCK_MARGIN_MS;
    for (const map of [this.tokens, this.memberships, this.users]) {
      for (const [key, at] of map) if (at < before) map.delete(key);
    }
  }

  get size(): number {
    return this.tokens.size + this.memberships.size + this.users.size;
  }
}
