import { sessionStore, type SessionState } from '../session/session-store';
import { createStore, useStore } from '../external-store';
import { addRequestHeaders } from '../request-headers';
import type { ConnectionState, RealtimeClient } from './types';

export interface RealtimeSnapshot {
  client: RealtimeClient | null;
  state: ConnectionState;
}

/** The live connection of the signed-in user (null when signed out) and its state. */
export const realtimeStore = createStore<RealtimeSnapshot>({ client: null, state: 'initialized' });

/** Opens a connection for a token; the real one loads laravel-echo lazily, tests give a fake. */
export type RealtimeConnector = (token: string) => Promise<RealtimeClient | null>;

const echoConnector: RealtimeConnector = async (token) => {
  const [{ loadRealtimeConfig }, { createEchoClient }] = await Promise.all([
    import('./realtime-config'),
    import('./echo-client'),
  ]);
  const config = await loadRealtimeConfig();
  return config ? createEchoClient(config, token) : null;
};

let stopListening: (() => void) | null = null;

/**
 * Specification section 4: the connection opens when a session starts (login, verified email, or a
 * stored session on load) and closes when it ends (logout, forced logout, another tab). Returns a stop.
 */
export function startRealtime(connect: RealtimeConnector = echoConnector): () => void {
  stopListening?.();
  let token: string | null = null;
  let generation = 0;
  let unwatchState: (() => void) | null = null;

  const close = () => {
    generation += 1;
    unwatchState?.();
    unwatchState = null;
    realtimeStore.get().client?.disconnect();
    realtimeStore.set({ client: null, state: 'disconnected' });
  };

  const open = (next: string) => {
    const mine = ++generation;
    realtimeStore.set({ client: null, state: 'initialized' });
    void connect(next)
      .then((client) => {
        if (mine !== generation) return client?.disconnect();
        // Nothing to connect to (GET /api/v1/config unreachable, as on a page opened offline, or no key): say
        // so rather than stay "initialized", which the shell and the tribe page read as a connection to come.
        if (!client) return realtimeStore.set({ client: null, state: 'unavailable' });
        unwatchState = client.onStateChange((state) => realtimeStore.set((s) => ({ ...s, state })));
        realtimeStore.set({ client, state: client.state() });
      })
      .catch(() => {
        if (mine === generation) realtimeStore.set({ client: null, state: 'failed' });
      });
  };

  const follow = (session: SessionState) => {
    const next = session.isLoggedIn ? session.accessToken : null;
    if (next === token) return;
    if (token) close();
    token = next;
    if (next) open(next);
  };

  follow(sessionStore.get());
  const unsubscribe = sessionStore.subscribe(() => follow(sessionStore.get()));
  const removeHeader = addRequestHeaders((): Record<string, string> => {
    const id = realtimeStore.get().client?.socketId();
    return id ? { 'X-Socket-Id': id } : {};
  });
  stopListening = () => {
    unsubscribe();
    removeHeader();
    if (token) close();
    token = null;
    stopListening = null;
  };
  return stopListening;
}

/** The connection (null when signed out or not yet loaded). */
export function useRealtimeClient(): RealtimeClient | null {
  return useStore(realtimeStore).client;
}

/** The connection state, for the shell's status indicator. */
export function useConnectionState(): ConnectionState {
  return useStore(realtimeStore).state;
}
