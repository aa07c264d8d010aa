import { startTransition, useEffect, useState } from 'react';

/**
 * False in a component's first render, true from the render React makes after that first commit (a
 * transition, so rendered in slices). For a part whose mount sets state in its own layout effects (a
 * react-hook-form form, an MUI Select): mounted with the page, those updates are synchronous and pull the
 * whole page's effects and a second render into the task that first shows the page. Mounted a commit later,
 * they touch only that part.
 */
export function useAfterFirstCommit(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => startTransition(() => setAfter(true)), []);
  return after;
}
