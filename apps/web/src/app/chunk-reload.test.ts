import { describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, reloadOnceForChunkError } from './chunk-reload';

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
}

describe('chunk-load errors', () => {
  it('recognises the messages browsers give for a missing chunk', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/sign-in-abc.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('reloads once per 10 s per path', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadOnceForChunkError('/sign-in', 1_000_000, storage, reload)).toBe(true);
    expect(reloadOnceForChunkError('/sign-in', 1_009_999, storage, reload)).toBe(false);
    expect(reloadOnceForChunkError('/home', 1_009_999, storage, reload)).toBe(true);
    expect(reloadOnceForChunkError('/sign-in', 1_010_000, storage, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(3);
  });

  it('does not reload offline: the chunk is one this device never loaded, not a new deploy', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadOnceForChunkError('/donate', 1_000_000, storage, reload, false)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    expect(reloadOnceForChunkError('/donate', 1_000_000, storage, reload, true)).toBe(true);
  });
});
