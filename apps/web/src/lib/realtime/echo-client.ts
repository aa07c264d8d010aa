import type { RealtimeEventName, RealtimeEvents } from '@tribes/shared';
import Echo from 'laravel-echo';
import Pusher from 'pusher-js';
import { API_BASE } from '../../app/config';
import { batchedChannelAuth } from './batch-auth';
import { isConnectionState, type ConnectionState, type PresenceMember, type RealtimeClient, type RealtimeConfig } from './types';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A presence member as pusher-js hands it: { id, info } with info = the server's user_info. */
function toMember(raw: unknown): PresenceMember | null {
  if (!isRecord(raw)) return null;
  const id = raw.id ?? raw.user_id;
  const info = isRecord(raw.info) ? raw.info : isRecord(raw.user_info) ? raw.user_info : {};
  if (typeof id !== 'string' && typeof id !== 'number') return null;
  return {
    id: String(id),
    name: typeof info.name === 'string' ? info.name : '',
    avatar_url: typeof info.avatar_url === 'string' ? info.avatar_url : null,
  };
}

/** The members pusher-js keeps for a presence channel: { members: { id: info } }. */
function membersOf(raw: unknown): PresenceMember[] {
  if (!isRecord(raw) || !isRecord(raw.members)) return [];
  return Object.entries(raw.members)
    .map(([id, info]) => toMember({ id, info }))
    .filter((m): m is PresenceMember => m !== null);
}

/**
 * The specification's client (sections 4, 7, 9): laravel-echo with the reverb broadcaster over
 * pusher-js, ws and wss only, TLS forced when the scheme (or the page) is https, the bearer token in
 * the auth headers. Retries and timeouts are pusher-js's defaults. Channels are reference-counted,
 * so several components may listen on one and it is left when the last one stops.
 */
export function createEchoClient(config: RealtimeConfig, token: string): RealtimeClient {
  const tls = config.scheme === 'https' || window.location.protocol === 'https:';
  const origin = API_BASE.replace(/\/api$/, '');
  const headers = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
  const echo = new Echo<'reverb'>({
    broadcaster: 'reverb',
    Pusher,
    key: config.key,
    wsHost: config.host,
    wsPort: config.port,
    wssPort: config.port,
    forceTLS: tls,
    enabledTransports: ['ws', 'wss'],
    authEndpoint: `${origin}/broadcasting/auth`,
    auth: { headers },
    // A page's channels signed in one request (issue 42), not one request each.
    channelAuthorization: { customHandler: batchedChannelAuth(`${origin}/broadcasting/auth/batch`, () => headers) },
    userAuthentication: { transport: 'ajax', endpoint: `${origin}/broadcasting/user-auth`, headers },
    withoutInterceptors: true,
  });
  const connection = echo.connector.pusher.connection;
  const refs = new Map<string, number>();

  const hold = (name: string) => refs.set(name, (refs.get(name) ?? 0) + 1);
  const release = (name: string) => {
    const left = (refs.get(name) ?? 1) - 1;
    if (left > 0) refs.set(name, left);
    else {
      refs.delete(name);
      echo.leaveChannel(name);
    }
  };

  return {
    socketId: () => echo.socketId(),
    state: () => (isConnectionState(connection.state) ? connection.state : 'initialized'),
    onStateChange(listener) {
      const handler = (change: { current: unknown }) => {
        if (isConnectionState(change.current)) listener(change.current as ConnectionState);
      };
      connection.bind('state_change', handler);
      return () => connection.unbind('state_change', handler);
    },
    listenPrivate<E extends RealtimeEventName>(channel: string, event: E, handler: (payload: RealtimeEvents[E]) => void) {
      const name = `private-${channel}`;
      const ch = echo.private(channel);
      hold(name);
      // A leading dot: our event names are not Laravel class names.
      ch.listen(`.${event}`, handler);
      return () => {
        ch.stopListening(`.${event}`, handler);
        release(name);
      };
    },
    listenPublic<E extends RealtimeEventName>(channel: string, event: E, handler: (payload: RealtimeEvents[E]) => void) {
      const ch = echo.channel(channel);
      hold(channel);
      ch.listen(`.${event}`, handler);
      return () => {
        ch.stopListening(`.${event}`, handler);
        release(channel);
      };
    },
    whisper(channel, event, payload) {
      // Echo prefixes `client-` itself: 'client-typing' is whispered as 'typing'.
      echo.private(channel).whisper(event.replace(/^client-/, ''), payload);
    },
    listenWhisper(channel, event, handler) {
      const name = `private-${channel}`;
      const ch = echo.private(channel);
      hold(name);
      const whisper = event.replace(/^client-/, '');
      ch.listenForWhisper(whisper, handler);
      return () => {
        ch.stopListeningForWhisper(whisper, handler);
        release(name);
      };
    },
    joinPresence(channel, handlers) {
      const name = `presence-${channel}`;
      const ch = echo.join(channel);
      hold(name);
      const here = (members: unknown) => handlers.here(membersOf(members));
      const joining = (m: unknown) => {
        const member = toMember(m);
        if (member) handlers.joining(member);
      };
      const leaving = (m: unknown) => {
        const member = toMember(m);
        if (member) handlers.leaving(member);
      };
      ch.on('pusher:subscription_succeeded', here);
      ch.on('pusher:member_added', joining);
      ch.on('pusher:member_removed', leaving);
      // Already subscribed by another component: tell this one who is there now.
      const current: unknown = echo.connector.pusher.channel(name);
      if (isRecord(current) && current.subscribed === true) here(current.members);
      return () => {
        ch.stopListening('pusher:subscription_succeeded', here);
        ch.stopListening('pusher:member_added', joining);
        ch.stopListening('pusher:member_removed', leaving);
        release(name);
      };
    },
    disconnect() {
      refs.clear();
      echo.leaveAllChannels();
      echo.disconnect();
    },
  };
}
