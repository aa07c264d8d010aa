import { describe, expect, it } from 'vitest';
import { lazy } from './lazy.js';

describe('lazy', () => {
  it('loads on the first call only, and every caller gets the same value', async () => {
    let loads = 0;
    const load = lazy(async () => ({ n: ++loads }));
    expect(loads).toBe(0);
    const [a, b] = await Promise.all([load(), load()]);
    const c = await load();
    expect(loads).toBe(1);
    expect(a).toBe(b);
    expect(c).toBe(a);
  });

  it('keeps no failure: the call after a failed load loads again', async () => {
    let calls = 0;
    const load = lazy(async () => {
      calls += 1;
      if (calls === 1) throw new Error('not yet');
      return 'loaded';
    });
    await expect(load()).rejects.toThrow('not yet');
    expect(await load()).toBe('loaded');
    expect(await load()).toBe('loaded');
    expect(calls).toBe(2);
  });
});
