import { useCallback, useRef } from 'react';

/**
 * One Idempotency-Key per confirmed money action: the same request retried (after a lost answer)
 * reuses its key, so the server answers the first result instead of moving money twice; a changed
 * request, or one that got a definite answer, gets a fresh key.
 */
export function useIdempotencyKey() {
  const current = useRef<{ fingerprint: string; key: string } | null>(null);
  const keyFor = useCallback((request: unknown) => {
    const fingerprint = JSON.stringify(request);
    if (current.current?.fingerprint !== fingerprint) current.current = { fingerprint, key: crypto.randomUUID() };
    return current.current.key;
  }, []);
  /** The attempt is settled (success or a definite refusal): the next one is a new action. */
  const settle = useCallback(() => {
    current.current = null;
  }, []);
  return { keyFor, settle };
}
