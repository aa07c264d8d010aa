import { useCallback, useState } from 'react';

/** The subject of a pending confirmation (a member to ban, a village to reject...), or null. */
export function useConfirm<T>() {
  const [subject, setSubject] = useState<T | null>(null);
  const ask = useCallback((value: T) => setSubject(value), []);
  const close = useCallback(() => setSubject(null), []);
  return { subject, open: subject !== null, ask, close };
}
