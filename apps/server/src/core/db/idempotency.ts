import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import { MONEY_ERRORS } from '@tribes/shared';
import type { Clock } from '../clock.js';
import { conflict } from '../errors.js';
import type { Jobs } from '../jobs/jobs.js';
import type { Db, Tx } from './client.js';
import { idempotencyKeys } from './schema/index.js';

/** Keys are kept at least this long (DESIGN section 4: at least 24 h; README.md documents 48 h). */
export const IDEMPOTENCY_TTL_HOURS = 48;

/** The queue of the hourly job that forgets keys past IDEMPOTENCY_TTL_HOURS. */
export const PRUNE_IDEMPOTENCY_KEYS_QUEUE = 'idempotency.prune';

export interface Answer<T> {
  status: number;
  body: T;
  replayed: boolean;
}

/** A stable hash of what a request asks for: the route and its body. */
export function requestHash(route: string, body: unknown): string {
  const canonical = (v: unknown): unknown =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v as object)
            .sort()
            .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
        )
      : Array.isArray(v)
        ? v.map(canonical)
        : v;
  return createHash('sha256')
    .update(`${route}\n${JSON.stringify(canonical(body))}`)
    .digest('hex');
}

/**
 * Runs a money operation exactly once per (user, Idempotency-Key), inside the caller's transaction
 * (opened with `transact`): the key, the operation and its answer are written in that one
 * transaction. A replay answers the first answer (`run` is not called); the same key with another
 * request is 409; a concurrent duplicate waits on the key's row and then replays. A failed
 * operation rolls back with its key, so retrying it is safe (nothing moved).
 */
export async function idempotent<T>(
  tx: Tx,
  opts: { userId: string; key: string; hash: string; now: Date; status?: number },
  run: () => Promise<T>,
): Promise<Answer<T>> {
  const inserted = await tx
    .insert(idempotencyKeys)
    .values({ userId: opts.userId, key: opts.key, requestHash: opts.hash, createdAt: opts.now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length === 0) {
    const [existing] = await tx
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, opts.userId), eq(idempotencyKeys.key, opts.key)))
      .limit(1);
    if (!existing || existing.requestHash !== opts.hash)
      throw conflict(MONEY_ERRORS.idempotencyConflict, 'wallet.idempotency_conflict');
    return { status: existing.responseStatus ?? 200, body: existing.responseBody as T, replayed: true };
  }
  const body = await run();
  const status = opts.status ?? 200;
  await tx
    .update(idempotencyKeys)
    .set({ responseStatus: status, responseBody: body as object })
    .where(and(eq(idempotencyKeys.userId, opts.userId), eq(idempotencyKeys.key, opts.key)));
  return { status, body, replayed: false };
}

/** Forgets keys older than the retention period. */
export async function pruneIdempotencyKeys(db: Db, now: Date): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_HOURS * 3600 * 1000)));
}

/**
 * Prunes old keys through the job queue every hour (once across nodes, at minute 23, away from the
 * every-minute and quarter-hour jobs). Without the queue (JOBS_ENABLED=false) keys are kept.
 */
export function schedulePruneIdempotencyKeys({
  jobs,
  db,
  clock,
}: {
  jobs: Pick<Jobs, 'enabled' | 'define'>;
  db: Db;
  clock: Clock;
}) {
  if (!jobs.enabled) return;
  jobs.define(PRUNE_IDEMPOTENCY_KEYS_QUEUE, {
    cron: '23 * * * *',
    handler: async () => {
      await pruneIdempotencyKeys(db, clock.now());
    },
  });
}

/**
 * `idempotent` when the request carries a key, the operation alone when it does not: for writes an
 * offline outbox may send twice (a post, a comment, a quiz attempt), where the key is optional.
 */
export async function onceIfKeyed<T>(
  tx: Tx,
  opts: { userId: string; key: string | undefined; hash: () => string; now: Date; status?: number },
  run: () => Promise<T>,
): Promise<Answer<T>> {
  if (opts.key === undefined) return { status: opts.status ?? 200, body: await run(), replayed: false };
  return idempotent(tx, { userId: opts.userId, key: opts.key, hash: opts.hash(), now: opts.now, status: opts.status }, run);
}
