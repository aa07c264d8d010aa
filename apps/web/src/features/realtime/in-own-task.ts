/**
 * Runs `start` in a task of its own (a `setTimeout`) and returns a stop that undoes it, or cancels it
 * if it has not run yet. Joining a channel asks the server for a signature over XHR (pusher-js's
 * authorizer): on a phone that is tens of ms of script, which, run from the effect itself, lengthened
 * the commit that shows the page, and a tap waits for a whole task.
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
