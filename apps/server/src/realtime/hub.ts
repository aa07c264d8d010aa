import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { REALTIME } from '@tribes/shared';
import type { Bus, BusMessage, PresenceMember, PresenceStore } from './bus.js';
import { verifyChannelAuth, verifyUserAuth } from './signing.js';

export interface HubOptions {
  appKey: string;
  secret: string;
  bus: Bus;
  presence: PresenceStore;
  logger: FastifyBaseLogger;
  /** Seconds of client silence before the server pings it (the value told to clients too). */
  activityTimeoutSeconds?: number;
  /** Milliseconds to wait for a pong before closing with 4201. */
  pongTimeoutMs?: number;
  maxConnections?: number;
}

interface Connection {
  socketId: string;
  ws: WebSocket;
  channels: Set<string>;
  lastSeen: number;
  pingSentAt: number | null;
  clientEvents: number[];
  userId: string | null;
  /** This socket's presence identity per presence channel. */
  members: Map<string, PresenceMember>;
}

type Incoming = { event?: unknown; channel?: unknown; data?: unknown };

const isPrivate = (c: string) => c.startsWith('private-') || c.startsWith('presence-');
const isPresence = (c: string) => c.startsWith('presence-');
const VALID_CHANNEL = /^[A-Za-z0-9_\-=@,.;]{1,200}$/;

/** Close codes of the Pusher protocol: the client decides how to reconnect from them. */
export const CLOSE = {
  appUnknown: 4001,
  overQuota: 4004,
  unauthorized: 4009,
  unsupportedProtocol: 4007,
  pongNotReceived: 4201,
} as const;

/**
 * One node's share of the realtime service: its sockets, their channels, the Pusher protocol v7
 * messages, and delivery of events published by any node through the bus.
 */
export class Hub {
  private readonly connections = new Map<string, Connection>();
  private readonly subscribers = new Map<string, Set<Connection>>();
  private readonly activityTimeout: number;
  private readonly pongTimeout: number;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly opts: HubOptions) {
    this.activityTimeout = opts.activityTimeoutSeconds ?? REALTIME.activityTimeoutSeconds;
    this.pongTimeout = opts.pongTimeoutMs ?? 30_000;
    opts.bus.onMessage((m) => this.deliver(m));
    this.timer = setInterval(() => this.checkActivity(), Math.min(1000, this.activityTimeout * 250)).unref();
  }

  get connectionCount(): number {
    return this.connections.size;
  }

  /** Sockets of this node subscribed to a channel. */
  localSubscriptionCount(channel: string): number {
    return this.subscribers.get(channel)?.size ?? 0;
  }

  /** Channels with subscribers on this node. */
  localChannels(): string[] {
    return [...this.subscribers.keys()];
  }

  /** Distinct users present in a presence channel, cluster-wide. */
  async presenceUsers(channel: string): Promise<PresenceMember[]> {
    const byUser = new Map<string, PresenceMember>();
    for (const m of await this.opts.presence.entries(channel)) byUser.set(m.user_id, m);
    return [...byUser.values()];
  }

  /** Publishes a server event to a channel on every node. */
  async publish(channel: string, event: string, data: unknown, exceptSocketId?: string): Promise<void> {
    await this.opts.bus.publish({ channel, event, data: typeof data === 'string' ? data : JSON.stringify(data), exceptSocketId });
  }

  /** A new socket: refuse over quota, otherwise greet it with its socket id. */
  accept(ws: WebSocket): void {
    if (this.opts.maxConnections !== undefined && this.connections.size >= this.opts.maxConnections) {
      this.refuse(ws, CLOSE.overQuota, 'Over connection quota');
      return;
    }
    const conn: Connection = {
      socketId: `${randomInt(1, 2 ** 31)}.${randomInt(1, 2 ** 31)}`,
      ws,
      channels: new Set(),
      lastSeen: Date.now(),
      pingSentAt: null,
      clientEvents: [],
      userId: null,
      members: new Map(),
    };
    this.connections.set(conn.socketId, conn);
    ws.on('message', (raw, isBinary) => this.onMessage(conn, isBinary ? '' : raw.toString()));
    ws.on('close', () => void this.drop(conn));
    ws.on('error', () => void this.drop(conn));
    this.send(conn, {
      event: 'pusher:connection_established',
      data: JSON.stringify({ socket_id: conn.socketId, activity_timeout: this.activityTimeout }),
    });
  }

  /** Sends an error and closes with the same code. */
  refuse(ws: WebSocket, code: number, message: string): void {
    try {
      ws.send(JSON.stringify({ event: 'pusher:error', data: { code, message } }));
    } finally {
      ws.close(code, message);
    }
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    for (const conn of [...this.connections.values()]) {
      conn.ws.close(4200, 'Server shutting down');
      await this.drop(conn);
    }
  }

  private send(conn: Connection, message: object): void {
    if (conn.ws.readyState === conn.ws.OPEN) conn.ws.send(JSON.stringify(message));
  }

  private error(conn: Connection, code: number | null, message: string): void {
    this.send(conn, { event: 'pusher:error', data: { code, message } });
  }

  private onMessage(conn: Connection, raw: string): void {
    conn.lastSeen = Date.now();
    conn.pingSentAt = null;
    let msg: Incoming;
    try {
      msg = JSON.parse(raw) as Incoming;
    } catch {
      this.error(conn, null, 'Invalid message format');
      return;
    }
    if (!msg || typeof msg !== 'object' || typeof msg.event !== 'string') {
      this.error(conn, null, 'Invalid message format');
      return;
    }
    const data = typeof msg.data === 'string' ? safeJson(msg.data) : msg.data;
    switch (msg.event) {
      case 'pusher:ping':
        this.send(conn, { event: 'pusher:pong', data: '{}' });
        return;
      case 'pusher:pong':
        return;
      case 'pusher:subscribe':
        void this.subscribe(conn, data as Record<string, unknown>);
        return;
      case 'pusher:unsubscribe':
        void this.unsubscribe(conn, String((data as Record<string, unknown> | undefined)?.channel ?? ''));
        return;
      case 'pusher:signin':
        this.signin(conn, data as Record<string, unknown>);
        return;
      default:
        if (msg.event.startsWith('client-')) void this.clientEvent(conn, msg.event, String(msg.channel ?? ''), msg.data);
        else this.error(conn, null, `Unknown event: ${msg.event.slice(0, 50)}`);
    }
  }

  /** A refused subscription: both the channel's error (Echo's .error() fires) and a 4009 error. */
  private refuseSubscription(conn: Connection, channel: string, message: string): void {
    this.send(conn, { event: 'pusher:subscription_error', channel, data: { type: 'AuthError', error: message, status: 403 } });
    this.error(conn, CLOSE.unauthorized, message);
  }

  private async subscribe(conn: Connection, data: Record<string, unknown> | undefined): Promise<void> {
    const channel = typeof data?.channel === 'string' ? data.channel : '';
    if (!VALID_CHANNEL.test(channel)) {
      this.refuseSubscription(conn, channel, 'Invalid channel name');
      return;
    }
    const channelData = typeof data?.channel_data === 'string' ? data.channel_data : undefined;
    if (isPrivate(channel)) {
      const ok = verifyChannelAuth(
        this.opts.appKey,
        this.opts.secret,
        conn.socketId,
        channel,
        data?.auth,
        isPresence(channel) ? channelData : undefined,
      );
      if (!ok) {
        this.refuseSubscription(conn, channel, 'Invalid signature');
        return;
      }
    }
    let member: PresenceMember | undefined;
    if (isPresence(channel)) {
      const parsed = channelData ? (safeJson(channelData) as PresenceMember | undefined) : undefined;
      if (!parsed || (typeof parsed.user_id !== 'string' && typeof parsed.user_id !== 'number')) {
        this.refuseSubscription(conn, channel, 'Presence channels need channel_data with a user_id');
        return;
      }
      member = { user_id: String(parsed.user_id), user_info: parsed.user_info };
    }
    if (conn.channels.has(channel)) {
      this.send(conn, { event: 'pusher_internal:subscription_succeeded', channel, data: '{}' });
      return;
    }
    conn.channels.add(channel);
    if (!this.subscribers.has(channel)) this.subscribers.set(channel, new Set());
    this.subscribers.get(channel)!.add(conn);

    if (!member) {
      this.send(conn, { event: 'pusher_internal:subscription_succeeded', channel, data: '{}' });
      return;
    }
    conn.members.set(channel, member);
    const before = await this.opts.presence.entries(channel);
    await this.opts.presence.add(channel, this.socketKey(conn), member);
    const users = await this.presenceUsers(channel);
    const hash = Object.fromEntries(users.map((u) => [u.user_id, u.user_info ?? null]));
    this.send(conn, {
      event: 'pusher_internal:subscription_succeeded',
      channel,
      data: JSON.stringify({ presence: { ids: users.map((u) => u.user_id), hash, count: users.length } }),
    });
    if (!before.some((m) => m.user_id === member.user_id)) {
      await this.opts.bus.publish({
        channel,
        event: 'pusher_internal:member_added',
        data: JSON.stringify(member),
        exceptSocketId: conn.socketId,
      });
    }
  }

  private async unsubscribe(conn: Connection, channel: string): Promise<void> {
    if (!conn.channels.delete(channel)) return;
    const subs = this.subscribers.get(channel);
    subs?.delete(conn);
    if (subs && subs.size === 0) this.subscribers.delete(channel);
    if (isPresence(channel)) {
      conn.members.delete(channel);
      const member = await this.opts.presence.remove(channel, this.socketKey(conn));
      if (member && !(await this.opts.presence.entries(channel)).some((m) => m.user_id === member.user_id)) {
        await this.opts.bus.publish({
          channel,
          event: 'pusher_internal:member_removed',
          data: JSON.stringify({ user_id: member.user_id }),
        });
      }
    }
  }

  private signin(conn: Connection, data: Record<string, unknown> | undefined): void {
    if (!verifyUserAuth(this.opts.appKey, this.opts.secret, conn.socketId, data?.user_data, data?.auth)) {
      this.error(conn, CLOSE.unauthorized, 'Invalid signature');
      return;
    }
    const user = safeJson(String(data!.user_data)) as { id?: unknown } | undefined;
    conn.userId = user?.id !== undefined ? String(user.id) : null;
    this.send(conn, { event: 'pusher:signin_success', data: { user_data: data!.user_data } });
  }

  /** Client events (Echo's whisper): private and presence channels only, from subscribers, rate limited. */
  private async clientEvent(conn: Connection, event: string, channel: string, data: unknown): Promise<void> {
    if (!isPrivate(channel)) {
      this.error(conn, null, 'Client events are only allowed on private and presence channels');
      return;
    }
    if (!conn.channels.has(channel)) {
      this.error(conn, null, `Not subscribed to ${channel.slice(0, 100)}`);
      return;
    }
    const now = Date.now();
    conn.clientEvents = conn.clientEvents.filter((t) => now - t < 1000);
    if (conn.clientEvents.length >= REALTIME.clientEventsPerSecond) {
      this.error(conn, 4301, 'Client event rejected: rate limit exceeded');
      return;
    }
    conn.clientEvents.push(now);
    const userId = isPresence(channel) ? conn.members.get(channel)?.user_id : undefined;
    await this.opts.bus.publish({
      channel,
      event,
      data: typeof data === 'string' ? data : JSON.stringify(data ?? {}),
      exceptSocketId: conn.socketId,
      ...(userId ? { userId } : {}),
    });
  }

  /** Delivers a bus message to this node's subscribers of its channel. */
  private deliver(m: BusMessage): void {
    const subs = this.subscribers.get(m.channel);
    if (!subs) return;
    const frame = JSON.stringify({
      event: m.event,
      channel: m.channel,
      data: m.data,
      ...(m.userId ? { user_id: m.userId } : {}),
    });
    for (const conn of subs) {
      if (conn.socketId !== m.exceptSocketId && conn.ws.readyState === conn.ws.OPEN) conn.ws.send(frame);
    }
  }

  private socketKey(conn: Connection): string {
    return `${this.opts.bus.nodeId}:${conn.socketId}`;
  }

  private async drop(conn: Connection): Promise<void> {
    if (!this.connections.delete(conn.socketId)) return;
    for (const channel of [...conn.channels]) await this.unsubscribe(conn, channel).catch(() => undefined);
  }

  /** Pings sockets silent for the activity timeout; closes those that do not answer with 4201. */
  private checkActivity(): void {
    const now = Date.now();
    for (const conn of this.connections.values()) {
      if (conn.pingSentAt !== null) {
        if (now - conn.pingSentAt > this.pongTimeout) {
          conn.ws.close(CLOSE.pongNotReceived, 'Pong reply not received');
          void this.drop(conn);
        }
      } else if (now - conn.lastSeen > this.activityTimeout * 1000) {
        conn.pingSentAt = now;
        this.send(conn, { event: 'pusher:ping', data: '{}' });
      }
    }
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
