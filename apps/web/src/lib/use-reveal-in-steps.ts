import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * How many of a list's `total` items to draw: `first` in the first paint, then, once it has painted, as many as
 * fill the screen (while the list's foot, `ref`, is above the window's bottom, as many more as the drawn ones'
 * height says fit), then one more per task of the browser's, so a long list is drawn in short tasks rather than
 * in one (issue 42: under Preact there is no concurrent rendering to slice it). Measured after the paint, when the
 * page's layout is already done: measured before it, the measure laid the whole page out in the middle of the
 * task that draws the first item, and the first item waited for the ones that fill the screen (on the slow phone,
 * the first post's task was the longest of the load). What is added under the drawn items moves nothing on the
 * screen. When `total` grows (a next page) it goes on from where it was.
 */
export function useRevealInSteps(total: number, ref: RefObject<HTMLElement | null>, first = 1): number {
  const [count, setCount] = useState(first);
  // Once the drawn items reach under the window, the list is not measured again: a measure after a change of the
  // page is a layout of the whole page in the middle of a task (a forced layout).
  const filled = useRef(false);
  const shown = Math.min(count, total);
  useEffect(() => {
    if (filled.current || shown >= total || !ref.current) return;
    // One measure (a layout each) for as many items as the drawn ones say fill the rest of the window.
    const { top, bottom } = ref.current.getBoundingClientRect();
    const gap = window.innerHeight - bottom;
    if (gap > 0) setCount(shown + Math.max(1, Math.ceil(gap / Math.max(1, (bottom - top) / Math.max(1, shown)))));
    else filled.current = true;
  }, [ref, shown, total]);
  useEffect(() => {
    if (shown >= total) return;
    const id = setTimeout(() => setCount((c) => Math.max(c, shown + 1)), 0);
    return () => clearTimeout(id);
  }, [shown, total]);
  return shown;
}
