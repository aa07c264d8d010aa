/** How long the network must have been quiet (no request of the page ending) before the work starts. */
export const QUIET_MS = 1500;
/** The most the work waits after the page's load, quiet or not (a page that polls is never quiet). */
export const LATEST_MS = 6000;

export interface SettleClock {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** Calls `onEnd` each time a request of the page ends; returns a stop (null: the browser cannot tell). */
  watchRequests(onEnd: () => void): (() => void) | null;
}

const browserClock: SettleClock = {
  setTimeout: (run, ms) => window.setTimeout(run, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
  watchRequests(onEnd) {
    if (typeof PerformanceObserver === 'undefined') return null;
    const observer = new PerformanceObserver(() => onEnd());
    try {
      observer.observe({ type: 'resource' });
    } catch {
      return null;
    }
    return () => observer.disconnect();
  },
};

/**
 * Runs `work` once the page has loaded and its own requests have ended (no request has ended for QUIET_MS),
 * at the latest LATEST_MS after the load: what is not needed to show the page (the realtime client, issue 42)
 * does not compete with the page's pictures and data for a slow link, nor its code for a first visit's budget.
 */
export function afterPageSettled(work: () => void, clock: SettleClock = browserClock): void {
  const settle = () => {
    let done = false;
    let quiet: unknown = null;
    let stopWatching: (() => void) | null = null;
    const run = () => {
      if (done) return;
      done = true;
      clock.clearTimeout(quiet);
      clock.clearTimeout(latest);
      stopWatching?.();
      work();
    };
    const restartQuiet = () => {
      if (done) return;
      clock.clearTimeout(quiet);
      quiet = clock.setTimeout(run, QUIET_MS);
    };
    const latest = clock.setTimeout(run, LATEST_MS);
    stopWatching = clock.watchRequests(restartQuiet);
    restartQuiet();
  };
  if (typeof document === 'undefined' || document.readyState === 'complete') settle();
  else window.addEventListener('load', settle, { once: true });
}
