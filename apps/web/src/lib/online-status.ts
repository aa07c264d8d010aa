import { ApiError } from './api-client';
import { createStore, useStore } from './external-store';

/** Whether the browser believes it is online (navigator.onLine), kept in step with its online/offline events. */
export const onlineStore = createStore<boolean>(typeof navigator === 'undefined' ? true : navigator.onLine);

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => onlineStore.set(true));
  window.addEventListener('offline', () => onlineStore.set(false));
}

/** True while the browser is online, in a component. */
export const useOnline = (): boolean => useStore(onlineStore);

/** A call that got no answer at all (offline, or the network dropped): not "not found", just not reachable now. */
export const isNoConnection = (error: unknown): boolean => error instanceof ApiError && error.status === null;
