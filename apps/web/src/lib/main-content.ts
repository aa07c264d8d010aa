import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createStore, useStore } from './external-store';

/** The longest the frame's extras wait for a page's main content (a feed slow to answer must not hide them). */
export const MAIN_CONTENT_WAIT_MS = 3000;

/** The longest the service worker's registration waits for a page's main content (`mainContentPainted`). */
export const MAIN_CONTENT_PAINT_WAIT_MS = 20_000;

const holders = new Set<symbol>();
/** Whether the start said a main content was coming, and the promise its first paint resolves. */
let paintExpected = false;
let markPainted: () => void = () => undefined;
const painted = new Promise<void>((resolve) => {
  markPainted = resolve;
});
/** True while no page's main content is waiting to be drawn. */
const settledStore = createStore(true);
let expected: (() => void) | null = null;

/**
 * A page's main content is on its way (a post list waiting for its first cards): the frame's extras
 * (`useAfterMainContent`) wait until it has painted, at most `ms`. Returns the release; releasing twice is harmless.
 */
export function holdMainContent(ms = MAIN_CONTENT_WAIT_MS): () => void {
  const holder = Symbol('main content');
  holders.add(holder);
  settledStore.set(false);
  // The start's expectation (expectMainContent) is now this holder's to keep.
  const start = expected;
  expected = null;
  start?.();
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    clearTimeout(timer);
    holders.delete(holder);
    if (holders.size === 0) settledStore.set(true);
  };
  const timer = setTimeout(release, ms);
  return release;
}

/**
 * At the start, on a page whose main content comes later than the frame (the feed's page, whose code loads after
 * the panel's): the frame's extras wait for it from the first render on (issue 42: what the reader came for is
 * drawn first, then the app bar's buttons and the composer's controls, each in a task of its own).
 */
export function expectMainContent(): void {
  paintExpected = true;
  expected ??= holdMainContent();
}

/**
 * Resolves once the page's main content has been painted (a frame, then a task, after its first cards), at most
 * MAIN_CONTENT_PAINT_WAIT_MS after the call; at once on a page whose start expected none (`expectMainContent`).
 * For work that is no part of the page and would compete with it on a slow link (issue 42: the service worker's
 * install and the refetch its first control asks for came before the slow phone's first post).
 */
export function mainContentPainted(): Promise<void> {
  if (!paintExpected) return Promise.resolve();
  return Promise.race([painted, new Promise<void>((resolve) => setTimeout(resolve, MAIN_CONTENT_PAINT_WAIT_MS))]);
}

/**
 * Holds the frame's extras while `pending` (the content not drawn yet), and lets them come once it has been
 * painted (a frame, then a task) or when the component goes.
 */
export function useMainContentHold(pending: boolean): void {
  const release = useRef<(() => void) | null>(null);
  // Taken as the content commits (before the extras' effects of the same commit), given back when it goes.
  useLayoutEffect(() => {
    const own = holdMainContent();
    release.current = own;
    return () => {
      own();
      release.current = null;
    };
  }, []);
  useEffect(() => {
    if (pending) return;
    let task: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      task = setTimeout(() => {
        release.current?.();
        markPainted();
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(task);
    };
  }, [pending]);
}

/**
 * False in a component's first render; true in a later task once no page's main content is waiting to be drawn
 * (at most MAIN_CONTENT_WAIT_MS), and from then on. For the parts of the frame nobody reads in the first instant
 * (the app bar's buttons, the composer's controls): they no longer delay the first post's paint (issue 42).
 */
export function useAfterMainContent(): boolean {
  const settled = useStore(settledStore);
  const [after, setAfter] = useState(false);
  useEffect(() => {
    if (after || !settled) return;
    const id = setTimeout(() => setAfter(true), 0);
    return () => clearTimeout(id);
  }, [after, settled]);
  return after;
}
