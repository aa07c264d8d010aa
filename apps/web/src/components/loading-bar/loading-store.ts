import { createStore } from '../../lib/external-store';

export interface LoadingState {
  /** Work in flight (page chunks and API calls). */
  pending: number;
  /** The last piece of work failed: the bar turns red. */
  error: boolean;
}

export const loadingStore = createStore<LoadingState>({ pending: 0, error: false });

/** Marks the start of some loading; returns the function that ends it. */
export function startLoading(): (failed?: boolean) => void {
  let done = false;
  loadingStore.set((s) => ({ pending: s.pending + 1, error: false }));
  return (failed = false) => {
    if (done) return;
    done = true;
    loadingStore.set((s) => ({ pending: Math.max(0, s.pending - 1), error: s.error || failed }));
  };
}
