import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import type { Db, Tx } from './client.js';
import { throttleHits } from './schema/index.js';
import { tooManyRequests } from '../errors.js';

export interface Window {
  /** How many events the window allows. */
  max: number;
  seconds: number;
  /**
   * Keep this window at its written value whatever RATE_LIMIT_SCALE says: for a rule of the
   * contract rather than a limit ("no new code if one went out in the last 60 s").
   */
  unscaled?: boolean;
}

/**
 * A slot taken under every window (its row id, and how many more the fullest window allows now), or
 * the seconds to wait.
 */
export type TakeResult = { ok: true; id: number; left: number } | { ok: false; retryAfter: number };

/** Namespace of the throttle's advisory locks (two-key form, apart from the migrations' one-key lock). */
const LOCK_CLASS = 7243;

/**
 * Sliding-window counters kept in the database, so a limit per email or per account holds across
 * every node. Used where the key is not the caller's IP (those limits live in @fastify/rate-limit).
 *
 * A hit is taken atomically: a transaction locks the key (pg_advisory_xact_lock), counts its rows
 * and inserts one only when every window has room, so parallel requests cannot all read "under the
 * limit" before any of them writes. The slot is reserved before the expensive or visible work
 * (an argon2 verification, a mail), never after it. Same SQL on PGlite and PostgreSQL.
 */
export function createThrottle(db: Db, clock: Clock, scale = 1) {
  const allowed = (w: Window) => (w.unscaled ? w.max : Math.max(1, Math.floor(w.max * scale)));

  /**
   * Seconds until the key may act again under every window (0 when it may act now), and the room
   * the fullest window has.
   */
  async function waitIn(tx: Tx, key: string, windows: Window[], now: number): Promise<{ wait: number; room: number }> {
    let wait = 0;
    let room = Infinity;
    for (const w of windows) {
      const max = allowed(w);
      // The oldest hits of the window, just enough of them to know when one slot frees up.
      const rows = await tx
        .select({ at: throttleHits.at })
        .from(throttleHits)
        .where(and(eq(throttleHits.key, key), gt(throttleHits.at, new Date(now - w.seconds * 1000))))
        .orderBy(desc(throttleHits.at))
        .limit(max);
      room = Math.min(room, max - rows.length);
      if (rows.length >= max) {
        // The window has room again once the max-th newest hit leaves it.
        const freeing = new Date(rows[max - 1]!.at).getTime();
        wait = Math.max(wait, (freeing + w.seconds * 1000 - now) / 1000);
      }
    }
    return { wait, room };
  }

  /** Takes one slot for the key if every window has room: atomic across requests and nodes. */
  async function take(key: string, windows: Window[]): Promise<TakeResult> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_CLASS}, hashtext(${key}))`);
      const now = clock.now();
      const { wait, room } = await waitIn(tx, key, windows, now.getTime());
      if (wait > 0) return { ok: false, retryAfter: wait };
      const [row] = await tx.insert(throttleHits).values({ key, at: now }).returning({ id: throttleHits.id });
      return { ok: true, id: row!.id, left: room - 1 };
    });
  }

  /** Deletes events older than the longest window in use. */
  async function prune(olderThanSeconds = 24 * 3600): Promise<void> {
    await db.delete(throttleHits).where(lt(throttleHits.at, new Date(clock.now().getTime() - olderThanSeconds * 1000)));
  }

  return {
    take,
    /** Takes one slot for the key, or throws 429 with Retry-After when a window is full. */
    async takeOrThrow(key: string, windows: Window[]): Promise<number> {
      const result = await take(key, windows);
      if (!result.ok) throw tooManyRequests(result.retryAfter);
      return result.id;
    },
    /** Forgets a key's events (a successful login clears its failures). */
    async clear(key: string): Promise<void> {
      await db.delete(throttleHits).where(eq(throttleHits.key, key));
    },
    /** Gives one taken slot back (an attempt that turned out not to count), leaving the key's others. */
    async release(id: number): Promise<void> {
      await db.delete(throttleHits).where(eq(throttleHits.id, id));
    },
    prune,
    /**
     * Prunes every `everyMs` in the background, so the table holds about a day of hits instead of
     * growing forever. The timer is unref'd (it never keeps the process alive); a failed prune is
     * reported and the next one tries again. Returns the stop, which waits for a prune under way.
     */
    schedulePrune(everyMs: number, onError: (err: unknown) => void): () => Promise<void> {
      let running: Promise<void> | undefined;
      const timer = setInterval(() => {
        if (running) return;
        running = prune()
          .catch(onError)
          .finally(() => (running = undefined));
      }, everyMs);
      timer.unref();
      return async () => {
        clearInterval(timer);
        await running;
      };
    },
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
