import { describe, expect, it } from 'vitest';
import { createBlockCache } from './blocks.js';

/** A block source whose answers the test releases by hand, counting queries. */
function manualSource(initial: Record<string, string[]>) {
  const data = { ...initial };
  const waiting: (() => void)[] = [];
  let queries = 0;
  return {
    data,
    get queries() {
      return queries;
    },
    release: () => waiting.splice(0).forEach((go) => go()),
    blockPartners(userId: string) {
      queries++;
      const answer = [...(data[userId] ?? [])];
      return new Promise<string[]>((resolve) => waiting.push(() => resolve(answer)));
    },
  };
}

describe('the block cache', () => {
  it('shares one query between concurrent lookups and serves later ones from the cache until the TTL', async () => {
    let now = 0;
    const source = manualSource({ ada: ['bo'] });
    const cache = createBlockCache(source, { ttlMs: 1000, now: () => now });
    const both = Promise.all([cache.partners('ada'), cache.partners('ada')]);
    source.release();
    const [one, two] = await both;
    expect([...one]).toEqual(['bo']);
    expect(two).toBe(one);
    expect(source.queries).toBe(1);
    now = 999;
    await cache.partners('ada');
    expect(source.queries).toBe(1);
    now = 1000;
    const again = cache.partners('ada');
    source.release();
    await again;
    expect(source.queries).toBe(2);
  });

  it('never reuses, after an invalidation, a query started before it', async () => {
    const source = manualSource({ ada: [] });
    const cache = createBlockCache(source);
    const stale = cache.partners('ada');
    source.data.ada = ['bo']; // the block commits while the first query is in flight
    cache.invalidate(['ada', 'bo']);
    const fresh = cache.partners('ada');
    source.release();
    expect([...(await stale)]).toEqual([]);
    expect([...(await fresh)]).toEqual(['bo']);
    expect([...(await cache.partners('ada'))]).toEqual(['bo']);
  });

  it('does not keep a failed lookup', async () => {
    let fail = true;
    const cache = createBlockCache({
      blockPartners: async () => {
        if (fail) throw new Error('database down');
        return ['cy'];
      },
    });
    await expect(cache.partners('ada')).rejects.toThrow('database down');
    fail = false;
    expect([...(await cache.partners('ada'))]).toEqual(['cy']);
  });
});
