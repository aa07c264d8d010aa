import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inOwnTask } from './in-own-task';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('inOwnTask', () => {
  it('starts in a later task, and its stop undoes what the start did', () => {
    const undo = vi.fn();
    const start = vi.fn(() => undo);
    const stop = inOwnTask(start);
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersToNextTimer();
    expect(start).toHaveBeenCalledTimes(1);
    stop();
    expect(undo).toHaveBeenCalledTimes(1);
  });

  it('never starts when stopped before its task', () => {
    const start = vi.fn(() => () => undefined);
    inOwnTask(start)();
    vi.runAllTimers();
    expect(start).not.toHaveBeenCalled();
  });
});
