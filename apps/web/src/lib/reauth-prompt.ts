import { createStore } from './external-store';

/**
 * The "Confirm it's you" prompt of sensitive acts (DESIGN 11.7): the API client asks for it when an
 * act answers 403 reauthentication_required and retries the act once the user confirmed. Open while
 * at least one call waits; every waiting call learns the same answer (several acts at once ask once).
 */
export const reauthPromptStore = createStore<boolean>(false);

let waiting: ((confirmed: boolean) => void)[] = [];

/** Opens the prompt (or joins the open one); resolves true once the session is fresh again, false when dismissed. */
export function requestReauth(): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    waiting.push(resolve);
    reauthPromptStore.set(true);
  });
}

/** Closes the prompt with its answer for every waiting call. */
export function settleReauth(confirmed: boolean): void {
  const settled = waiting;
  waiting = [];
  reauthPromptStore.set(false);
  for (const resolve of settled) resolve(confirmed);
}
