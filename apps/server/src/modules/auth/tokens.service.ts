import { AUTH_TOKEN_TTL_DAYS, type Session } from '@tribes/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '#src/core/clock.js';
import { randomToken, sha256 } from '#src/core/crypto.js';
import type { Bus } from '#src/realtime/bus.js';
import type { AuthRepo } from './auth.repo.js';
import { createTokenCache, type SessionsForget } from './token-cache.js';
import { describeUserAgent } from './user-agent.js';

const TTL_MS = AUTH_TOKEN_TTL_DAYS * 24 * 3600 * 1000;
/** Sliding expiry is written at most this often per token, to spare the database a write per request. */
const TOUCH_EVERY_MS = 60 * 1000;

/** How nodes tell each other that sessions changed: the realtime bus (in process, or Redis pub/sub). */
export type SessionsBus = Pick<Bus, 'publish' | 'onMessage' | 'nodeId'>;

/** How long a revoking request waits for the other nodes to acknowledge; past it, the cache TTL bounds the rest. */
const ACK_TIMEOUT_MS = 2000;

/**
 * Opaque bearer tokens: 256 random bits, stored as SHA-256, revocable one by one, 30 days sliding.
 * Checked tokens are cached per node (token-cache.ts), so a request costs no database round trip.
 * Whatever revokes a token or changes its user forgets it here at once, then announces it on the
 * bus and waits until every other node has acknowledged forgetting it (Redis pub/sub alone does not
 * order the announcement before the revoking request's answer reaching another node), so the next
 * request on any node reads the database again.
 */
export function createTokensService({
  repo,
  clock,
  bus,
  log,
  cache: cacheOptions,
}: {
  repo: AuthRepo;
  clock: Clock;
  bus?: SessionsBus;
  /** Where a failed announcement is reported. */
  log?: Pick<FastifyBaseLogger, 'warn'>;
  cache?: { maxEntries?: number; ttlMs?: number };
}) {
  type User = NonNullable<Awaited<ReturnType<AuthRepo['findLiveToken']>>>['user'];
  // The TTL is not longer than the touch interval: sliding expiry and "last used" are written on a
  // cache miss, as before the cache, at most once a minute per token.
  const cache = createTokenCache<User>({ ttlMs: TOUCH_EVERY_MS, ...cacheOptions });
  /** Announcements of this node waiting for acknowledgements. */
  const waiting = new Map<string, { acks: number; expected?: number; done: () => void }>();
  const settle = (w: { acks: number; expected?: number; done: () => void }) => {
    if (w.expected !== undefined && w.acks >= w.expected) w.done();
  };
  bus?.onMessage((m) => {
    if (m.kind === 'sessions_ack') {
      const w = typeof m.id === 'string' ? waiting.get(m.id) : undefined;
      if (w) {
        w.acks++;
        settle(w);
      }
      return;
    }
    if (m.kind !== 'sessions_changed') return;
    const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
    cache.forget({ tokenIds: strings(m.tokenIds), userIds: strings(m.userIds) });
    if (typeof m.id === 'string' && typeof m.from === 'string' && m.from !== bus.nodeId) {
      bus.publish({ kind: 'sessions_ack', id: m.id }).catch(() => undefined);
    }
  });
  /**
   * Forgets here first (this node's own message comes back later through Redis), then on every node.
   * Called once the change is saved, so it never fails the request: when the bus cannot carry the
   * announcement (Redis down), the other nodes' cached entries still expire within the cache TTL.
   */
  async function changed(what: SessionsForget) {
    cache.forget(what);
    if (!bus) return;
    const id = randomToken(12);
    let done!: () => void;
    const acknowledged = new Promise<void>((resolve) => (done = resolve));
    const w: { acks: number; expected?: number; done: () => void } = { acks: 0, done };
    waiting.set(id, w);
    let timer: NodeJS.Timeout | undefined;
    try {
      let receivers: number;
      try {
        receivers = await bus.publish({
          kind: 'sessions_changed',
          id,
          from: bus.nodeId,
          tokenIds: [...(what.tokenIds ?? [])],
          userIds: [...(what.userIds ?? [])],
        });
      } catch (err) {
        log?.warn(
          { err: err instanceof Error ? { name: err.name, message: err.message } : String(err) },
          'sessions change not announced to the other nodes; their token caches expire it',
        );
        return;
      }
      w.expected = Math.max(0, receivers - 1);
      settle(w);
      await Promise.race([acknowledged, new Promise<void>((resolve) => (timer = setTimeout(resolve, ACK_TIMEOUT_MS)))]);
    } finally {
      clearTimeout(timer);
      waiting.delete(id);
    }
  }
  return {
    async issue(userId: string, deviceName?: string | null, userAgent?: string | null): Promise<string> {
      const token = randomToken(32);
      const now = clock.now();
      await repo.insertToken({
        authenticatedAt: now,
        userId,
        tokenHash: sha256(token),
        deviceName: deviceName || null,
        userAgent: userAgent ? userAgent.slice(0, 512) : null,
        createdAt: now,
        lastUsedAt: now,
        expiresAt: new Date(now.getTime() + TTL_MS),
      });
      return token;
    },
    /** The user and token id behind a bearer token, or undefined when it is unknown, revoked or expired. */
    async authenticate(token: string) {
      if (token.length < 20 || token.length > 200) return undefined;
      const now = clock.now();
      const hash = sha256(token);
      const hit = cache.get(hash, now);
      if (hit) return { user: hit.user, tokenId: hit.tokenId, authenticatedAt: hit.authenticatedAt };
      const since = cache.generation();
      const found = await repo.findLiveToken(hash, now);
      if (!found) return undefined;
      let expiresAt = found.token.expiresAt;
      const last = found.token.lastUsedAt?.getTime() ?? 0;
      if (now.getTime() - last > TOUCH_EVERY_MS) {
        expiresAt = new Date(now.getTime() + TTL_MS);
        await repo.touchToken(found.token.id, now, expiresAt);
      }
      const { authenticatedAt } = found.token;
      cache.set(hash, { user: found.user, tokenId: found.token.id, expiresAt, authenticatedAt }, since, now);
      return { user: found.user, tokenId: found.token.id, authenticatedAt };
    },
    /**
     * The session proved its owner again (POST /v1/me/reauth): fresh for sensitive acts from now, on
     * every node (each forgets its cached copy, which holds the old time). Answers the new time.
     */
    async markFresh(tokenId: string, userId: string): Promise<Date> {
      const now = clock.now();
      await repo.setAuthenticatedAt(tokenId, userId, now);
      await changed({ tokenIds: [tokenId] });
      return now;
    },
    async revoke(tokenId: string, userId: string): Promise<boolean> {
      const revoked = await repo.revokeToken(tokenId, userId, clock.now());
      if (revoked) await changed({ tokenIds: [tokenId] });
      return revoked;
    },
    /** Revokes every token of the user but `exceptTokenId`, forgotten on every node; answers how many. */
    async revokeAll(userId: string, exceptTokenId?: string): Promise<number> {
      const revoked = await repo.revokeUserTokens(userId, clock.now(), exceptTokenId);
      await changed({ userIds: [userId] });
      return revoked;
    },
    /** The users row changed or went: every node reads it again on the user's next request. */
    userChanged: (userId: string) => changed({ userIds: [userId] }),
    async list(userId: string, currentTokenId: string): Promise<Session[]> {
      const rows = await repo.listLiveTokens(userId, clock.now());
      return rows.map((r) => {
        // The name the sign-in gave wins; else the browser and system read from its User-Agent.
        const ua = describeUserAgent(r.userAgent);
        return {
          id: r.id,
          device_name: r.deviceName,
          name: r.deviceName ?? ua.name,
          browser: ua.browser,
          os: ua.os,
          device_type: ua.deviceType,
          created_at: r.createdAt.toISOString(),
          last_used_at: r.lastUsedAt?.toISOString() ?? null,
          current: r.id === currentTokenId,
        };
      });
    },
  };
}

export type TokensService = ReturnType<typeof createTokensService>;
