/**
 * Runs `start` in a task of its own (a `setTimeout`) and returns a stop that undoes it, or cancels it if it has
 * not run yet: for an effect whose work should not lengthen the commit that scheduled it (a tap waits for a
 * whole task). Its companion for rendering in pieces is `useOneMorePerTask`.
 */
export function inOwnTask(start: () => () => void): () => void {
  let stop: (() => void) | null = null;
  const timer = setTimeout(() => {
    stop = start();
  }, 0);
  return () => {
    clearTimeout(timer);
    stop?.();
  };
}
