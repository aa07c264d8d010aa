import type { RealtimeClientEventName, RealtimeClientEvents, RealtimeEventName, RealtimeEvents } from '@tribes/shared';

/** Specification section 4: the states of the realtime connection (pusher-js's own names). */
export const CONNECTION_STATES = ['initialized', 'connecting', 'connected', 'unavailable', 'failed', 'disconnected'] as const;
export type ConnectionState = (typeof CONNECTION_STATES)[number];

export const isConnectionState = (v: unknown): v is ConnectionState =>
  typeof v === 'string' && (CONNECTION_STATES as readonly string[]).includes(v);

/** Where the websocket is: GET /api/v1/config answers it (the key is generated per install). */
export interface RealtimeConfig {
  key: string;
  host: string;
  port: number;
  scheme: 'http' | 'https';
}

/** Someone on a presence channel, as the server's channel_data describes them. */
export interface PresenceMember {
  id: string;
  name: string;
  avatar_url: string | null;
}

export interface PresenceHandlers {
  here(members: PresenceMember[]): void;
  joining(member: PresenceMember): void;
  leaving(member: PresenceMember): void;
}

/**
 * The app's own small view of the realtime connection. The real one wraps laravel-echo (loaded
 * lazily after login); tests give a fake. Channel names are Echo's (ECHO_CHANNELS), without prefix.
 */
export interface RealtimeClient {
  /** The socket id, sent as X-Socket-Id so the server does not echo our own writes back. */
  socketId(): string | undefined;
  state(): ConnectionState;
  onStateChange(listener: (state: ConnectionState) => void): () => void;
  /** Listens for a server event on a private channel; returns the unsubscription. */
  listenPrivate<E extends RealtimeEventName>(
    channel: string,
    event: E,
    handler: (payload: RealtimeEvents[E]) => void,
  ): () => void;
  /** Listens for a server event on a public channel (e.g. 'campaign.{id}'); returns the unsubscription. */
  listenPublic<E extends RealtimeEventName>(channel: string, event: E, handler: (payload: RealtimeEvents[E]) => void): () => void;
  /** Sends a client event (Echo's whisper, e.g. 'client-typing') on a private channel. */
  whisper<E extends RealtimeClientEventName>(channel: string, event: E, payload: RealtimeClientEvents[E]): void;
  /** Listens for a client event on a private channel; returns the unsubscription. */
  listenWhisper<E extends RealtimeClientEventName>(
    channel: string,
    event: E,
    handler: (payload: RealtimeClientEvents[E]) => void,
  ): () => void;
  /** Joins a presence channel; returns the leave. */
  joinPresence(channel: string, handlers: PresenceHandlers): () => void;
  disconnect(): void;
}
