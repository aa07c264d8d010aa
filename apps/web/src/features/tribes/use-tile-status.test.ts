import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTileStatus } from './use-tile-status';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useTileStatus (the map fallback)', () => {
  it('fails when no tile loads in time, as without internet', () => {
    const { result } = renderHook(() => useTileStatus(1000));
    expect(result.current.status).toBe('loading');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(result.current.status).toBe('failed');
  });

  it('fails at the first tile error before any tile loaded', () => {
    const { result } = renderHook(() => useTileStatus(1000));
    act(() => {
      result.current.handlers.tileerror();
    });
    expect(result.current.status).toBe('failed');
  });

  it('stays ok once tiles load, even if a later tile fails', () => {
    const { result } = renderHook(() => useTileStatus(1000));
    act(() => {
      result.current.handlers.tileload();
    });
    act(() => {
      result.current.handlers.tileerror();
    });
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(result.current.status).toBe('ok');
  });

  it('recovers when tiles load after a failure', () => {
    const { result } = renderHook(() => useTileStatus(1000));
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    act(() => {
      result.current.handlers.tileload();
    });
    expect(result.current.status).toBe('ok');
  });
});
