import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { uniqueEmail } from '#test/factories.js';
import { IDEMPOTENCY_TTL_HOURS, PRUNE_IDEMPOTENCY_KEYS_QUEUE } from '#src/core/db/idempotency.js';
import { idempotencyKeys, users } from '#src/core/db/schema/index.js';

const HOUR = 3_600_000;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { JOBS_ENABLED: 'true' } });
});
afterAll(async () => t?.close());

describe('idempotency keys (DESIGN section 4: kept at least 24 h; README: 48 h)', () => {
  it('are pruned by an hourly job of the queue, once across nodes', async () => {
    expect(IDEMPOTENCY_TTL_HOURS).toBeGreaterThanOrEqual(24);
    expect(await t.app.ctx.jobs.schedules()).toContainEqual({ name: PRUNE_IDEMPOTENCY_KEYS_QUEUE, cron: '23 * * * *' });
  });

  it('forget keys older than the retention when the job runs, and keep the younger ones', async () => {
    const [user] = await t.app.ctx.db.insert(users).values({ name: 'Key Holder', email: uniqueEmail() }).returning();
    const now = t.clock.now().getTime();
    const aged = (hours: number) => new Date(now - hours * HOUR);
    await t.app.ctx.db.insert(idempotencyKeys).values(
      [
        ['old', IDEMPOTENCY_TTL_HOURS + 1],
        ['older', 24 * 30],
        ['crossing', IDEMPOTENCY_TTL_HOURS - 1],
        ['young', IDEMPOTENCY_TTL_HOURS - 3],
        ['fresh', 0],
      ].map(([key, hours]) => ({ userId: user!.id, key: key as string, requestHash: 'h', createdAt: aged(hours as number) })),
    );
    // The job reads the app's clock: two hours on, 'crossing' is past the retention and 'young' is not yet.
    t.clock.advance(2 * HOUR);
    const keys = async () =>
      (await t.app.ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, user!.id))).map((k) => k.key).sort();
    // What the schedule sends every hour, sent now: the queue's worker (not this test) runs it.
    await t.app.ctx.jobs.send(PRUNE_IDEMPOTENCY_KEYS_QUEUE, {});
    await expect.poll(keys, { timeout: 20_000, interval: 100 }).toEqual(['fresh', 'young']);
  });
});
