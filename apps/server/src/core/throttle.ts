import { and, count, eq, gt, lt, min } from 'drizzle-orm';
import type { Clock } from './clock.js';
import type { Db } from './db/client.js';
import { throttleHits } from './db/schema/index.js';
import { tooManyRequests } from './errors.js';

export interface Window {
  /** How many events the window allows. */
  max: number;
  seconds: number;
}

/**
 * Sliding-window counters kept in the database, so a limit per email or per account holds across
 * every node. Used where the key is not the caller's IP (those limits live in @fastify/rate-limit).
 */
export function createThrottle(db: Db, clock: Clock, scale = 1) {
  const allowed = (w: Window) => Math.max(1, Math.floor(w.max * scale));

  /** Seconds until the key may act again under every window, or 0 when it may act now. */
  async function retryAfter(key: string, windows: Window[]): Promise<number> {
    const now = clock.now().getTime();
    let wait = 0;
    for (const w of windows) {
      const since = new Date(now - w.seconds * 1000);
      const [row] = await db
        .select({ n: count(), oldest: min(throttleHits.at) })
        .from(throttleHits)
        .where(and(eq(throttleHits.key, key), gt(throttleHits.at, since)));
      if (row && row.n >= allowed(w) && row.oldest) {
        const oldest = new Date(row.oldest).getTime();
        wait = Math.max(wait, (oldest + w.seconds * 1000 - now) / 1000);
      }
    }
    return wait;
  }

  return {
    retryAfter,
    /** Records one event for the key. */
    async hit(key: string): Promise<void> {
      await db.insert(throttleHits).values({ key, at: clock.now() });
    },
    /** Throws 429 with Retry-After when the key is over any of its windows. */
    async assertAllowed(key: string, windows: Window[]): Promise<void> {
      const wait = await retryAfter(key, windows);
      if (wait > 0) throw tooManyRequests(wait);
    },
    /** Forgets a key's events (a successful login clears its failures). */
    async clear(key: string): Promise<void> {
      await db.delete(throttleHits).where(eq(throttleHits.key, key));
    },
    /** Deletes events older than the longest window in use. */
    async prune(olderThanSeconds = 24 * 3600): Promise<void> {
      await db.delete(throttleHits).where(lt(throttleHits.at, new Date(clock.now().getTime() - olderThanSeconds * 1000)));
    },
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
