import type { RealtimeClientEventName, RealtimeClientEvents, RealtimeEventName, RealtimeEvents } from '@tribes/shared';
import type { ConnectionState, PresenceHandlers, RealtimeClient } from '../lib/realtime/types';

type Handler = (payload: never) => void;

/** A RealtimeClient for tests: events are emitted by hand, subscriptions are counted. */
export class FakeRealtimeClient implements RealtimeClient {
  current: ConnectionState = 'connected';
  disconnected = false;
  private listeners = new Map<string, Set<Handler>>();
  private stateListeners = new Set<(s: ConnectionState) => void>();
  presence = new Map<string, PresenceHandlers>();

  socketId() {
    return '123.456';
  }
  state() {
    return this.current;
  }
  onStateChange(listener: (s: ConnectionState) => void) {
    this.stateListeners.add(listener);
    return () => void this.stateListeners.delete(listener);
  }
  setState(s: ConnectionState) {
    this.current = s;
    for (const l of this.stateListeners) l(s);
  }
  listenPrivate<E extends RealtimeEventName>(channel: string, event: E, handler: (payload: RealtimeEvents[E]) => void) {
    const key = `${channel}|${event}`;
    const set = this.listeners.get(key) ?? new Set<Handler>();
    set.add(handler as Handler);
    this.listeners.set(key, set);
    return () => void set.delete(handler as Handler);
  }
  /** Public channels share the fake's one table: emit(channel, ...) reaches both kinds. */
  listenPublic<E extends RealtimeEventName>(channel: string, event: E, handler: (payload: RealtimeEvents[E]) => void) {
    return this.listenPrivate(channel, event, handler);
  }
  /** How many handlers listen for an event on a channel. */
  listening(channel: string, event: RealtimeEventName): number {
    return this.listeners.get(`${channel}|${event}`)?.size ?? 0;
  }
  emit<E extends RealtimeEventName>(channel: string, event: E, payload: RealtimeEvents[E]) {
    for (const h of this.listeners.get(`${channel}|${event}`) ?? []) (h as (p: RealtimeEvents[E]) => void)(payload);
  }
  /** Client events sent (whispers), in order. */
  whispers: { channel: string; event: RealtimeClientEventName; payload: unknown }[] = [];
  whisper<E extends RealtimeClientEventName>(channel: string, event: E, payload: RealtimeClientEvents[E]) {
    this.whispers.push({ channel, event, payload });
  }
  listenWhisper<E extends RealtimeClientEventName>(
    channel: string,
    event: E,
    handler: (payload: RealtimeClientEvents[E]) => void,
  ) {
    const key = `${channel}|${event}`;
    const set = this.listeners.get(key) ?? new Set<Handler>();
    set.add(handler as Handler);
    this.listeners.set(key, set);
    return () => void set.delete(handler as Handler);
  }
  /** Delivers a client event from someone else. */
  emitWhisper<E extends RealtimeClientEventName>(channel: string, event: E, payload: RealtimeClientEvents[E]) {
    for (const h of this.listeners.get(`${channel}|${event}`) ?? []) (h as (p: RealtimeClientEvents[E]) => void)(payload);
  }
  joinPresence(channel: string, handlers: PresenceHandlers) {
    this.presence.set(channel, handlers);
    return () => void this.presence.delete(channel);
  }
  disconnect() {
    this.disconnected = true;
  }
}
