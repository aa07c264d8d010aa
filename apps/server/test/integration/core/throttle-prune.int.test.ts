import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { throttleHits } from '#src/core/db/schema/index.js';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';

let t: TestApp;
beforeAll(async () => {
  // A short period, so the running server prunes within the test.
  t = await buildTestApp({ throttlePruneMs: 50 });
});
afterAll(async () => t.close());

describe('the throttle table', () => {
  it('is pruned by the running server: hits older than a day leave, recent ones stay', async () => {
    const now = t.clock.now().getTime();
    const key = `prune-test:${now}`;
    await t.database.db.insert(throttleHits).values([
      { key, at: new Date(now - 25 * 3600 * 1000) },
      { key, at: new Date(now - 26 * 3600 * 1000) },
      { key, at: new Date(now - 60 * 1000) },
    ]);
    const ages = async () =>
      (await t.database.db.select({ at: throttleHits.at }).from(throttleHits).where(eq(throttleHits.key, key))).map(
        (r) => now - r.at.getTime(),
      );
    await expect.poll(async () => (await ages()).length, { timeout: 15_000, interval: 50 }).toBe(1);
    expect(await ages()).toEqual([60 * 1000]);
  });
});
