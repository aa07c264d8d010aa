import { useCallback, useState } from 'react';

const read = (key: string): boolean => {
  try {
    return window.localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
};

/** A card the member closed stays closed on this device (localStorage `tribes.dismissed.<name>`). */
export function useDismissed(name: string): [dismissed: boolean, dismiss: () => void] {
  const key = `tribes.dismissed.${name}`;
  const [dismissed, setDismissed] = useState(() => read(key));
  const dismiss = useCallback(() => {
    try {
      window.localStorage.setItem(key, '1');
    } catch {
      // Private mode: closed for this visit only.
    }
    setDismissed(true);
  }, [key]);
  return [dismissed, dismiss];
}
