import { useEffect, useState } from 'react';

/**
 * How many of a list's `total` items to draw: `first` at once, then one more per task of the browser's (a
 * `setTimeout` each) until all are drawn, so a page of cards arrives as short tasks a tap or a paint can
 * come between, not as one long task (Preact renders a tree in one go; issue 42). Unlike
 * `useOneMorePerTask`, a longer list (the next page) goes on from what is drawn, and a shorter one draws
 * what is left: nothing drawn is taken away and drawn again.
 */
export function useGrowingCount(total: number, first = 1): number {
  const [drawn, setDrawn] = useState(() => Math.min(total, first));
  const count = Math.min(total, Math.max(drawn, Math.min(total, first)));
  useEffect(() => {
    if (count >= total) return;
    const id = setTimeout(() => setDrawn((d) => Math.max(d, count) + 1), 0);
    return () => clearTimeout(id);
  }, [count, total]);
  return count;
}
