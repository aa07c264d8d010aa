/**
 * What a node remembers of a bearer token it has checked: the token's owner (the full users row that
 * routes read), the token's id and when it expires.
 */
export interface CachedSession<User extends { id: string }> {
  user: User;
  tokenId: string;
  expiresAt: Date;
  /** When the session last proved its owner (sign-in or reauth): sensitive acts need it recent. */
  authenticatedAt: Date;
}

/** Which sessions to forget: tokens by id (logout, one session revoked), every token of some users. */
export interface SessionsForget {
  tokenIds?: readonly string[];
  userIds?: readonly string[];
}

export interface TokenCache<User extends { id: string }> {
  /** The session behind a token hash, if cached, fresh (TTL) and not expired. A copy: callers may not mutate the cache. */
  get(tokenHash: string, now: Date): CachedSession<User> | undefined;
  /** A counter that moves on every forget: a lookup started before a forget must not be stored after it. */
  generation(): number;
  /** Stores a session looked up while `generation()` was `since`; dropped when a forget happened meanwhile. */
  set(tokenHash: string, session: CachedSession<User>, since: number, now: Date): void;
  forget(what: SessionsForget): void;
  readonly size: number;
}

/**
 * A per-node cache of checked tokens, so an authenticated request costs no database round trip.
 * Bounded (least recently used entries leave first) and with a TTL as a backstop: invalidations
 * travel through the realtime bus; the TTL only bounds how long a lost one could matter.
 */
export function createTokenCache<User extends { id: string }>({
  maxEntries = 10_000,
  ttlMs = 60_000,
}: { maxEntries?: number; ttlMs?: number } = {}): TokenCache<User> {
  const entries = new Map<string, { at: number; session: CachedSession<User> }>();
  let generation = 0;
  return {
    get(tokenHash, now) {
      const hit = entries.get(tokenHash);
      if (!hit) return undefined;
      const t = now.getTime();
      // A clock moved backwards counts as stale too.
      if (t < hit.at || t - hit.at >= ttlMs || hit.session.expiresAt.getTime() <= t) {
        entries.delete(tokenHash);
        return undefined;
      }
      // Least recently used order: a hit moves to the end.
      entries.delete(tokenHash);
      entries.set(tokenHash, hit);
      const { user, tokenId, expiresAt, authenticatedAt } = hit.session;
      return { user: { ...user }, tokenId, expiresAt, authenticatedAt };
    },
    generation: () => generation,
    set(tokenHash, session, since, now) {
      if (since !== generation) return;
      entries.delete(tokenHash);
      while (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(tokenHash, { at: now.getTime(), session: { ...session, user: { ...session.user } } });
    },
    forget({ tokenIds = [], userIds = [] }) {
      generation++;
      if (tokenIds.length === 0 && userIds.length === 0) return;
      const tokens = new Set(tokenIds);
      const users = new Set(userIds);
      for (const [hash, { session }] of entries) {
        if (tokens.has(session.tokenId) || users.has(session.user.id)) entries.delete(hash);
      }
    },
    get size() {
      return entries.size;
    },
  };
}
