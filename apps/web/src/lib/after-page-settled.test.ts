import { describe, expect, it, vi } from 'vitest';
import { afterPageSettled, LATEST_MS, QUIET_MS, type SettleClock } from './after-page-settled';

/** A clock whose time the test moves, and whose requests end when the test says. */
function fakeClock(canWatch = true) {
  let now = 0;
  let next = 0;
  const timers = new Map<number, { at: number; run: () => void }>();
  let onEnd: (() => void) | null = null;
  let stopped = false;
  const clock: SettleClock = {
    setTimeout(run, ms) {
      timers.set(++next, { at: now + ms, run });
      return next;
    },
    clearTimeout(handle) {
      timers.delete(handle as number);
    },
    watchRequests(callback) {
      if (!canWatch) return null;
      onEnd = callback;
      return () => {
        stopped = true;
      };
    },
  };
  const advance = (ms: number) => {
    const until = now + ms;
    for (;;) {
      const due = [...timers.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      timers.delete(due[0]);
      now = due[1].at;
      due[1].run();
    }
    now = until;
  };
  return { clock, advance, requestEnded: () => onEnd?.(), stopped: () => stopped };
}

describe('afterPageSettled', () => {
  it('waits for the page’s requests to be quiet, each ending request restarting the wait', () => {
    const { clock, advance, requestEnded, stopped } = fakeClock();
    const work = vi.fn();
    afterPageSettled(work, clock); // jsdom's document is complete: the load has happened
    advance(QUIET_MS - 100);
    requestEnded();
    advance(QUIET_MS - 100);
    expect(work).not.toHaveBeenCalled();
    advance(100);
    expect(work).toHaveBeenCalledTimes(1);
    expect(stopped()).toBe(true);
    requestEnded();
    advance(LATEST_MS * 2);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('starts at the latest LATEST_MS after the load on a page that is never quiet', () => {
    const { clock, advance, requestEnded } = fakeClock();
    const work = vi.fn();
    afterPageSettled(work, clock);
    for (let t = 0; t < LATEST_MS - 500; t += 500) {
      advance(500);
      requestEnded();
    }
    expect(work).not.toHaveBeenCalled();
    advance(500);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('waits QUIET_MS when the browser cannot tell when requests end', () => {
    const { clock, advance } = fakeClock(false);
    const work = vi.fn();
    afterPageSettled(work, clock);
    advance(QUIET_MS - 1);
    expect(work).not.toHaveBeenCalled();
    advance(1);
    expect(work).toHaveBeenCalledTimes(1);
  });
});
