import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';

/** A tiny observable value: shared state that lives outside React (notices, session, loading). */
export interface Store<T> {
  get(): T;
  set(next: T | ((prev: T) => T)): void;
  subscribe(listener: () => void): () => void;
}

/** Creates a store holding `initial`. */
export function createStore<T>(initial: T): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      value = typeof next === 'function' ? (next as (prev: T) => T)(value) : next;
      for (const l of [...listeners]) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Reads a store in a component and re-renders on change. */
export function useStore<T>(store: Store<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

/**
 * Reads a store whose changes can wait a moment (the loading bar): they re-render the component in a
 * transition. `useStore` re-renders at once and synchronously, so a change made while React commits a
 * page (a query starting its request) would render again inside that commit, lengthening the longest
 * task of the load.
 */
export function useStoreInTransition<T>(store: Store<T>): T {
  const [value, setValue] = useState(store.get);
  useEffect(() => {
    const update = () => startTransition(() => setValue(store.get()));
    update(); // a change between the first render and the subscription
    return store.subscribe(update);
  }, [store]);
  return value;
}
