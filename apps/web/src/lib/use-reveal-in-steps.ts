import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';

/**
 * How many of a list's `total` items to draw: as many as fill the screen before the first paint (while
 * the list's foot, `ref`, is above the window's bottom, as many more as the drawn ones' height says fit),
 * then one more per task of the browser's, so a long list is drawn in short tasks rather than in one
 * (issue 42: under Preact there is no concurrent rendering to slice it). What is added under the fold
 * moves nothing on the screen. When `total` grows (a next page) it goes on from where it was.
 */
export function useRevealInSteps(total: number, ref: RefObject<HTMLElement | null>, first = 1): number {
  const [count, setCount] = useState(first);
  const shown = Math.min(count, total);
  useLayoutEffect(() => {
    if (shown >= total || !ref.current) return;
    // One measure (a layout each) for as many items as the drawn ones say fill the rest of the window.
    const { top, bottom } = ref.current.getBoundingClientRect();
    const gap = window.innerHeight - bottom;
    if (gap > 0) setCount(shown + Math.max(1, Math.ceil(gap / Math.max(1, (bottom - top) / Math.max(1, shown)))));
  }, [ref, shown, total]);
  useEffect(() => {
    if (shown >= total) return;
    const id = setTimeout(() => setCount((c) => Math.max(c, shown + 1)), 0);
    return () => clearTimeout(id);
  }, [shown, total]);
  return shown;
}
