import { useLayoutEffect, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';

/**
 * The start's render in steps (issue 42): under Preact a render is one task, and the first one (theme, global
 * styles, frame, page) was the longest task of the load, 50-100 ms on this machine, 0.5-1 s on a slow phone, in
 * which no tap or paint could come. A `Staged` part drawn while the start lasts is drawn a task later than its
 * parent, each waiting part in a task of its own, in the order they were met; after the start (or when the start
 * never called `stageStart`, as in component tests) it is drawn at once, with its parent.
 */
let stagingUntil = 0;
const waiting: Array<{ name: string; draw: () => void }> = [];
let channel: MessageChannel | undefined;
let posted = false;

function next(): void {
  posted = false;
  const from = performance.now();
  const part = waiting.shift();
  part?.draw();
  // VITE_STAGED_DEBUG=1 builds log how long each part's task took (its render runs in the task's microtasks).
  if (import.meta.env.VITE_STAGED_DEBUG && part)
    queueMicrotask(() => console.log(`staged ${part.name} ${(performance.now() - from).toFixed(1)} ms`));
  if (waiting.length > 0) post();
}

function post(): void {
  if (posted) return;
  posted = true;
  if (!channel) {
    // A message, not a timer: a chain of timers is held to 4 ms each after the fifth.
    channel = new MessageChannel();
    channel.port1.onmessage = next;
  }
  channel.port2.postMessage(null);
}

/**
 * Staged parts met in the next `ms` are drawn a task after their parent (main.tsx: the start's first render), until
 * the person first acts (a tap, a key, the browser's back): what a navigation shows then is drawn at once, not in
 * steps that would make the frame blink.
 */
export function stageStart(ms: number): void {
  stagingUntil = performance.now() + ms;
  if (ms <= 0) return;
  const end = () => {
    stagingUntil = 0;
    for (const type of ACTS) window.removeEventListener(type, end, true);
  };
  for (const type of ACTS) window.addEventListener(type, end, true);
}

/** What ends the start's steps (`stageStart`). */
const ACTS = ['pointerdown', 'keydown', 'popstate'] as const;

/** Whether a `Staged` part met now waits for a task of its own. */
function staging(): boolean {
  return performance.now() < stagingUntil;
}

/**
 * Draws `children` a task after its parent during the start (`fallback` meanwhile: something of the same size
 * where what follows would otherwise move), with its parent otherwise.
 */
export function Staged({
  name = '',
  children,
  fallback = null,
}: {
  /** What the part is (for VITE_STAGED_DEBUG's log). */
  name?: string;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  const [ready, setReady] = useState(() => !staging());
  useLayoutEffect(() => {
    if (ready) return;
    let live = true;
    // Drawn in the part's own task (Preact renders in the task's microtasks anyway; React would batch it).
    waiting.push({ name, draw: () => live && flushSync(() => setReady(true)) });
    post();
    return () => {
      live = false;
    };
    // Once drawn it stays drawn: only the first render waits.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return <>{ready ? children : fallback}</>;
}
