import { useEffect, useState } from 'react';

/**
 * A count that grows from 0 to `total`, one step per task of the browser's (a `setTimeout` each), for
 * drawing heavy work in pieces: each piece is a short task of its own, and a tap or a paint waits for
 * one piece at most rather than for the whole. Starts again from 0 when `total` changes.
 */
export function useOneMorePerTask(total: number): number {
  const [state, setState] = useState({ total, count: 0 });
  const count = state.total === total ? state.count : 0;
  if (state.total !== total) setState({ total, count: 0 });
  useEffect(() => {
    if (count >= total) return;
    const id = setTimeout(() => setState((s) => (s.total === total ? { total, count: s.count + 1 } : s)), 0);
    return () => clearTimeout(id);
  }, [count, total]);
  return count;
}
