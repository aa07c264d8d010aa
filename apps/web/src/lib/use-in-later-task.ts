import { useEffect, useState } from 'react';

/**
 * False in a component's first render, true from a render in a later task of the browser's (a `setTimeout`
 * after the first commit). For parts of a frame nobody reads in the first instant (the app bar's buttons, a
 * page's side column): drawn a task later, they make that task short rather than the first one long, since
 * Preact draws a tree in one go (issue 42). Nothing placed before them moves when they come.
 */
export function useInLaterTask(): boolean {
  const [later, setLater] = useState(false);
  useEffect(() => {
    const id = setTimeout(() => setLater(true), 0);
    return () => clearTimeout(id);
  }, []);
  return later;
}
