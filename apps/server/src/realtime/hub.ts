import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { REALTIME } from '@tribes/shared';
import { CHANNEL_NAME } from './authorize.js';
import type { BlockCache } from './blocks.js';
import type { Bus, BusMessage, EventMessage, PresenceMember, PresenceStore } from './bus.js';
import { Delivery, type Recipient } from './delivery.js';
import { grantOf, isUuid, Revocations, type Grant } from './grants.js';
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
  /** Blocks between people: no delivery crosses one. Without it, nothing is filtered. */
  blocks?: BlockCache;
  /** Where sessions are read when a change names only their user (revoke all, account deletion). */
  sessions?: SessionSource;
}

/** The auth module's tokens, as the hub asks them: which of these sessions are still live. */
export interface SessionSource {
  liveTokenIds(ids: readonly string[], now: Date): Promise<string[]>;
}

interface Connection extends Recipient {
  ws: WebSocket;
  /** Subscribed channels, each with what authorised it (nothing to track for public channels). */
  channels: Map<string, Grant | null>;
  openedAt: number;
  lastSeen: number;
  pingSentAt: number | null;
  clientEvents: number[];
  /**
   * Who this socket is, as signed by the server: the user of a signin, of its own user channel,
   * or named in the signed channel_data of a private or presence subscription. Usually one id;
   * deliveries are filtered against every one of them.
   */
  userIds: Set<string>;
  /** This socket's presence identity per presence channel. */
  members: Map<string, PresenceMember>;
}

type Incoming = { event?: unknown; channel?: unknown; data?: unknown };

const isPrivate = (c: string) => c.startsWith('private-') || c.startsWith('presence-');
const isPresence = (c: string) => c.startsWith('presence-');

/** Close codes of the Pusher protocol: the client decides how to reconnect from them. */
export const CLOSE = {
  appUnknown: 4001,
  overQuota: 4004,
  unauthorized: 4009,
  unsupportedProtocol: 4007,
  /** The server goes away: pusher-js reconnects at once (behind a balancer, to another node). */
  reconnect: 4200,
  pongNotReceived: 4201,
} as const;

/** Error codes of the Pusher protocol that do not close the connection (4300-4399). */
export const ERROR = {
  /** "Any other type of error": used for the per-socket subscription cap. */
  generic: 4300,
  /** Client event rejected due to rate limit. */
  clientEventRateLimit: 4301,
} as const;

/**
 * One node's share of the realtime service: its sockets, their channels, the Pusher protocol v7
 * messages, and delivery of events published by any node through the bus.
 *
 * Nothing a client sends may throw out of here: every handler catches, since an exception in a
 * socket's event handler would end the process.
 */
export class Hub {
  private readonly connections = new Map<string, Connection>();
  private readonly subscribers = new Map<string, Set<Connection>>();
  private readonly delivery: Delivery;
  private readonly revocations = new Revocations();
  private readonly activityTimeout: number;
  private readonly pongTimeout: number;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly opts: HubOptions) {
    this.activityTimeout = opts.activityTimeoutSeconds ?? REALTIME.activityTimeoutSeconds;
    this.pongTimeout = opts.pongTimeoutMs ?? 30_000;
    this.delivery = new Delivery({
      subscribers: (channel) => this.subscribers.get(channel),
      blocks: opts.blocks,
      onError: (err) => this.logFailure(err),
    });
    opts.bus.onMessage((m) => this.guard(() => this.receive(m)));
    this.timer = setInterval(() => this.guard(() => this.checkActivity()), Math.min(1000, this.activityTimeout * 250)).unref();
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

  /**
   * Publishes a server event to a channel on every node; `involves` names the people it is from
   * or about, so that nobody across a block with them receives it.
   */
  async publish(
    channel: string,
    event: string,
    data: unknown,
    exceptSocketId?: string,
    involves?: readonly string[],
  ): Promise<void> {
    const message: EventMessage = { channel, event, data: typeof data === 'string' ? data : JSON.stringify(data) };
    if (exceptSocketId) message.exceptSocketId = exceptSocketId;
    if (involves?.length) message.involves = [...new Set(involves)];
    await this.opts.bus.publish(message);
  }

  /** Tells every node that blocks between these people changed, before the next delivery. */
  async blocksChanged(userIds: readonly string[]): Promise<void> {
    await this.opts.bus.publish({ kind: 'blocks_changed', userIds: [...userIds] });
  }

  /** Tells every node that a membership ended: the user's sockets leave the tribe's channels. */
  async membershipEnded(tribeId: string, userId: string): Promise<void> {
    await this.opts.bus.publish({ kind: 'membership_ended', tribeId, userId });
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
      channels: new Map(),
      openedAt: Date.now(),
      lastSeen: Date.now(),
      pingSentAt: null,
      clientEvents: [],
      userIds: new Set(),
      members: new Map(),
      isOpen: () => ws.readyState === ws.OPEN,
      sendRaw: (frame) => ws.send(frame),
    };
    this.connections.set(conn.socketId, conn);
    ws.on('message', (raw, isBinary) => this.guard(() => this.onMessage(conn, isBinary ? '' : raw.toString())));
    ws.on('close', () => this.background(this.drop(conn)));
    // Invalid frames, bad UTF-8, oversize payloads, resets: ws reports them here and closes the socket.
    ws.on('error', () => this.background(this.drop(conn)));
    this.send(conn, {
      event: 'pusher:connection_established',
      data: JSON.stringify({ socket_id: conn.socketId, activity_timeout: this.activityTimeout }),
    });
  }

  /** Sends an error and closes with the same code. */
  refuse(ws: WebSocket, code: number, message: string): void {
    ws.on('error', () => undefined);
    try {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ event: 'pusher:error', data: { code, message } }));
      ws.close(code, message);
    } catch {
      ws.terminate();
    }
  }

  /** Closes every socket with 4200; each then leaves its channels (presence is cluster-wide). */
  async close(): Promise<void> {
    clearInterval(this.timer);
    const conns = [...this.connections.values()];
    // Every socket is told first: leaving presence channels may wait on Redis.
    for (const conn of conns) conn.ws.close(CLOSE.reconnect, 'Server shutting down');
    await Promise.all(conns.map((conn) => this.drop(conn).catch(() => undefined)));
  }

  /** Runs a handler; what it throws is logged, never thrown into a socket's or the bus's event loop. */
  private guard(fn: () => void): void {
    try {
      fn();
    } catch (err) {
      this.logFailure(err);
    }
  }

  /** Lets a promise run on its own, logging a failure instead of leaving it unhandled. */
  private background(p: Promise<unknown>): void {
    p.catch((err: unknown) => this.logFailure(err));
  }

  private logFailure(err: unknown): void {
    this.opts.logger.warn({ err: { message: err instanceof Error ? err.message : String(err) } }, 'realtime handler failed');
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
    const msg = safeJson(raw) as Incoming | undefined;
    if (!msg || typeof msg !== 'object' || Array.isArray(msg) || typeof msg.event !== 'string') {
      this.error(conn, null, 'Invalid message format');
      return;
    }
    const parsed = typeof msg.data === 'string' ? safeJson(msg.data) : msg.data;
    const data: Record<string, unknown> =
      parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
    switch (msg.event) {
      case 'pusher:ping':
        this.send(conn, { event: 'pusher:pong', data: '{}' });
        return;
      case 'pusher:pong':
        return;
      case 'pusher:subscribe':
        this.background(this.subscribe(conn, data));
        return;
      case 'pusher:unsubscribe':
        if (typeof data.channel === 'string') this.background(this.unsubscribe(conn, data.channel));
        return;
      case 'pusher:signin':
        this.signin(conn, data);
        return;
      default:
        if (msg.event.startsWith('client-')) {
          this.background(this.clientEvent(conn, msg.event, typeof msg.channel === 'string' ? msg.channel : '', msg.data));
        } else this.error(conn, null, `Unknown event: ${msg.event.slice(0, 50)}`);
    }
  }

  /** A refused subscription: both the channel's error (Echo's .error() fires) and a 4009 error. */
  private refuseSubscription(conn: Connection, channel: string, message: string): void {
    this.send(conn, { event: 'pusher:subscription_error', channel, data: { type: 'AuthError', error: message, status: 403 } });
    this.error(conn, CLOSE.unauthorized, message);
  }

  private async subscribe(conn: Connection, data: Record<string, unknown>): Promise<void> {
    const channel = typeof data.channel === 'string' ? data.channel : '';
    if (!CHANNEL_NAME.test(channel)) {
      this.refuseSubscription(conn, channel.slice(0, 200), 'Invalid channel name');
      return;
    }
    const channelData = typeof data.channel_data === 'string' ? data.channel_data : undefined;
    if (isPrivate(channel)) {
      // Private channels may carry channel_data too (the auth endpoint signs the user id into it,
      // as Reverb verifies it): the signature then covers it, so the socket learns who it is.
      if (!verifyChannelAuth(this.opts.appKey, this.opts.secret, conn.socketId, channel, data.auth, channelData)) {
        this.refuseSubscription(conn, channel, 'Invalid signature');
        return;
      }
    }
    const signed =
      isPrivate(channel) && channelData
        ? (safeJson(channelData) as { user_id?: unknown; user_info?: unknown } | undefined)
        : undefined;
    const signedUserId =
      signed && typeof signed === 'object' && (typeof signed.user_id === 'string' || typeof signed.user_id === 'number')
        ? String(signed.user_id)
        : undefined;
    if (isPresence(channel) && signedUserId === undefined) {
      this.refuseSubscription(conn, channel, 'Presence channels need channel_data with a user_id');
      return;
    }
    const grant = isPrivate(channel) ? grantOf(channel, signed) : null;
    // Judged before any await, so that a subscribe and an unsubscribe sent together keep their order.
    let verdict: ReturnType<Revocations['judge']> | 'unknown' = grant ? this.revocations.judge(grant) : undefined;
    if (verdict === 'check') {
      verdict = isUuid(grant!.tokenId!) ? await this.checkSession(grant!) : 'unknown';
      if (!this.connections.has(conn.socketId)) return;
    }
    if (verdict === 'session') return this.endSession(conn);
    if (verdict === 'membership') return this.refuseSubscription(conn, channel, 'Membership ended');
    if (verdict === 'unknown') return this.refuseSubscription(conn, channel, 'Session could not be checked');
    if (conn.channels.has(channel)) {
      this.send(conn, { event: 'pusher_internal:subscription_succeeded', channel, data: '{}' });
      return;
    }
    if (conn.channels.size >= REALTIME.maxChannelsPerConnection) {
      this.send(conn, {
        event: 'pusher:subscription_error',
        channel,
        data: { type: 'LimitReached', error: 'Subscription limit reached', status: 429 },
      });
      this.error(
        conn,
        ERROR.generic,
        `Subscription limit reached: at most ${REALTIME.maxChannelsPerConnection} channels per connection`,
      );
      return;
    }
    if (signedUserId !== undefined) conn.userIds.add(signedUserId);
    const own = /^private-App\.Models\.User\.(.+)$/.exec(channel);
    if (own) conn.userIds.add(own[1]!);
    conn.channels.set(channel, grant);
    if (!this.subscribers.has(channel)) this.subscribers.set(channel, new Set());
    this.subscribers.get(channel)!.add(conn);

    if (!isPresence(channel)) {
      this.send(conn, { event: 'pusher_internal:subscription_succeeded', channel, data: '{}' });
      return;
    }
    const member: PresenceMember = { user_id: signedUserId!, user_info: signed!.user_info };
    conn.members.set(channel, member);
    const before = await this.opts.presence.entries(channel);
    await this.opts.presence.add(channel, this.socketKey(conn), member);
    // Nobody sees, in who is here, someone across a block with them.
    const hidden = await this.delivery.partnersOf(conn.userIds);
    const users = (await this.presenceUsers(channel)).filter((u) => !hidden.has(u.user_id));
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
        involves: [member.user_id],
      });
    }
  }

  /** Whether a session whose user changed since its auth is still live, asking the database. */
  private async checkSession(grant: Grant): Promise<'session' | 'unknown' | undefined> {
    try {
      if ((await this.opts.sessions!.liveTokenIds([grant.tokenId!], new Date())).includes(grant.tokenId!)) return undefined;
      this.revocations.tokensRevoked([grant.tokenId!], Date.now());
      return 'session';
    } catch (err) {
      this.logFailure(err);
      return 'unknown';
    }
  }

  /**
   * Closes a socket that a revoked session authorised, with 4009 (unauthorized). pusher-js treats
   * 4000-4099 as "refused": it goes to 'disconnected' and does not reconnect, so neither the stock
   * client nor Echo asks for its channels again; a new socket would need fresh channel auth, which
   * a revoked token is refused. Unsubscribing the channels one by one instead would leave pusher-js
   * believing it is still subscribed, and the socket open for more auths signed before the
   * revocation.
   */
  private endSession(conn: Connection): void {
    this.refuse(conn.ws, CLOSE.unauthorized, 'Session revoked');
    this.background(this.drop(conn));
  }

  /**
   * Sessions were revoked (token ids), or users changed in a way that may have revoked theirs
   * (user ids: revoke all, password reset, account deletion, or only a profile edit): every socket
   * of this node that a revoked session authorised is closed. For user ids, the database says
   * which of the sessions held here are still live, asked only when this node holds some.
   */
  private async sessionsChanged(tokenIds: string[], userIds: string[]): Promise<void> {
    const now = Date.now();
    this.revocations.tokensRevoked(tokenIds, now);
    const revoked = new Set(tokenIds);
    const sessions = this.opts.sessions;
    if (sessions && userIds.length > 0) {
      this.revocations.usersChanged(userIds, now);
      const users = new Set(userIds);
      const held = new Set<string>();
      for (const conn of this.connections.values()) {
        for (const grant of conn.channels.values()) {
          if (grant?.tokenId && grant.userId && users.has(grant.userId) && isUuid(grant.tokenId)) held.add(grant.tokenId);
        }
      }
      if (held.size > 0) {
        const live = new Set(await sessions.liveTokenIds([...held], new Date()));
        const gone = [...held].filter((id) => !live.has(id));
        this.revocations.tokensRevoked(gone, now);
        for (const id of gone) revoked.add(id);
      }
    }
    if (revoked.size === 0) return;
    for (const conn of [...this.connections.values()]) {
      if ([...conn.channels.values()].some((g) => g?.tokenId !== undefined && revoked.has(g.tokenId))) this.endSession(conn);
    }
  }

  /**
   * A membership ended (ban, leave): the user's subscriptions to the tribe's channels end on this
   * node, each with a subscription error (Echo's .error() fires; pusher-js asks for fresh channel
   * auth on its next connection, which is refused), and auths signed before now are refused.
   */
  private async endMembership(tribeId: string, userId: string): Promise<void> {
    this.revocations.membershipEnded(tribeId, userId, Date.now());
    const leaving: Promise<void>[] = [];
    for (const conn of this.connections.values()) {
      for (const [channel, grant] of [...conn.channels]) {
        if (grant?.tribeId !== tribeId || grant.userId !== userId) continue;
        this.refuseSubscription(conn, channel, 'Membership ended');
        leaving.push(this.unsubscribe(conn, channel));
      }
    }
    await Promise.all(leaving);
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
          involves: [member.user_id],
        });
      }
    }
  }

  private signin(conn: Connection, data: Record<string, unknown>): void {
    if (!verifyUserAuth(this.opts.appKey, this.opts.secret, conn.socketId, data.user_data, data.auth)) {
      this.error(conn, CLOSE.unauthorized, 'Invalid signature');
      return;
    }
    const user = safeJson(String(data.user_data)) as { id?: unknown } | null | undefined;
    if (user && typeof user === 'object' && (typeof user.id === 'string' || typeof user.id === 'number'))
      conn.userIds.add(String(user.id));
    this.send(conn, { event: 'pusher:signin_success', data: { user_data: data.user_data } });
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
      this.error(conn, ERROR.clientEventRateLimit, `Client event rejected: at most ${REALTIME.clientEventsPerSecond} per second`);
      return;
    }
    conn.clientEvents.push(now);
    const userId = isPresence(channel) ? conn.members.get(channel)?.user_id : undefined;
    const message: EventMessage = {
      channel,
      event,
      data: typeof data === 'string' ? data : JSON.stringify(data ?? {}),
      exceptSocketId: conn.socketId,
      involves: [...conn.userIds],
    };
    if (userId) message.userId = userId;
    await this.opts.bus.publish(message);
  }

  private receive(m: BusMessage): void {
    if (m.kind === 'blocks_changed') {
      if (Array.isArray(m.userIds)) this.opts.blocks?.invalidate(m.userIds.filter((id) => typeof id === 'string'));
      return;
    }
    if (m.kind === 'sessions_changed') {
      // The token cache of the auth module listens for these too.
      const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
      this.background(this.sessionsChanged(strings(m.tokenIds), strings(m.userIds)));
      return;
    }
    if (m.kind === 'membership_ended') {
      if (typeof m.tribeId === 'string' && typeof m.userId === 'string') this.background(this.endMembership(m.tribeId, m.userId));
      return;
    }
    if (m.kind === 'sessions_ack') return;
    if (typeof m.channel !== 'string' || typeof m.event !== 'string' || typeof m.data !== 'string') return;
    this.delivery.deliver(m);
  }

  private socketKey(conn: Connection): string {
    return `${this.opts.bus.nodeId}:${conn.socketId}`;
  }

  private async drop(conn: Connection): Promise<void> {
    if (!this.connections.delete(conn.socketId)) return;
    for (const channel of [...conn.channels.keys()])
      await this.unsubscribe(conn, channel).catch((err: unknown) => this.logFailure(err));
  }

  /** Pings sockets silent for the activity timeout; closes those that do not answer with 4201. */
  private checkActivity(): void {
    const now = Date.now();
    let oldest = now;
    for (const conn of this.connections.values()) {
      oldest = Math.min(oldest, conn.openedAt);
      if (conn.pingSentAt !== null) {
        if (now - conn.pingSentAt > this.pongTimeout) {
          conn.ws.close(CLOSE.pongNotReceived, 'Pong reply not received');
          this.background(this.drop(conn));
        }
      } else if (now - conn.lastSeen > this.activityTimeout * 1000) {
        conn.pingSentAt = now;
        this.send(conn, { event: 'pusher:ping', data: '{}' });
      }
    }
    this.revocations.prune(oldest);
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
