import { AUTH_TOKEN_TTL_DAYS, type Session } from '@tribes/shared';
import type { Clock } from '#src/core/clock.js';
import { randomToken, sha256 } from '#src/core/crypto.js';
import type { AuthRepo } from './auth.repo.js';

const TTL_MS = AUTH_TOKEN_TTL_DAYS * 24 * 3600 * 1000;
/** Sliding expiry is written at most this often per token, to spare the database a write per request. */
const TOUCH_EVERY_MS = 60 * 1000;

/** Opaque bearer tokens: 256 random bits, stored as SHA-256, revocable one by one, 30 days sliding. */
export function createTokensService({ repo, clock }: { repo: AuthRepo; clock: Clock }) {
  return {
    async issue(userId: string, deviceName?: string | null): Promise<string> {
      const token = randomToken(32);
      const now = clock.now();
      await repo.insertToken({
        userId,
        tokenHash: sha256(token),
        deviceName: deviceName || null,
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
      const found = await repo.findLiveToken(sha256(token), now);
      if (!found) return undefined;
      const last = found.token.lastUsedAt?.getTime() ?? 0;
      if (now.getTime() - last > TOUCH_EVERY_MS) {
        await repo.touchToken(found.token.id, now, new Date(now.getTime() + TTL_MS));
      }
      return { user: found.user, tokenId: found.token.id };
    },
    revoke: (tokenId: string, userId: string) => repo.revokeToken(tokenId, userId, clock.now()),
    revokeAll: (userId: string, exceptTokenId?: string) => repo.revokeUserTokens(userId, clock.now(), exceptTokenId),
    async list(userId: string, currentTokenId: string): Promise<Session[]> {
      const rows = await repo.listLiveTokens(userId, clock.now());
      return rows.map((r) => ({
        id: r.id,
        device_name: r.deviceName,
        created_at: r.createdAt.toISOString(),
        last_used_at: r.lastUsedAt?.toISOString() ?? null,
        current: r.id === currentTokenId,
      }));
    },
  };
}

export type TokensService = ReturnType<typeof createTokensService>;
