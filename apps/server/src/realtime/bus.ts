import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/** An event every node delivers to its own sockets. */
export interface EventMessage {
  kind?: 'event';
  channel: string;
  event: string;
  /** JSON string, as the protocol sends it. */
  data: string;
  /** The socket that caused it (not sent back to it). */
  exceptSocketId?: string;
  /** For client events on presence channels. */
  userId?: string;
  /**
   * The people the event is from or about (an author, a donor, a whisperer): a subscriber on either
   * side of a block with any of them does not receive it.
   */
  involves?: string[];
}

/** Someone blocked or unblocked someone: every node forgets what it cached of their blocks. */
export interface BlocksChangedMessage {
  kind: 'blocks_changed';
  userIds: string[];
}

/**
 * Tokens were revoked or their users changed: every node forgets what it cached of these sessions,
 * and closes the sockets that a revoked one authorised (hub.ts).
 */
export interface SessionsChangedMessage {
  kind: 'sessions_changed';
  /** With `from`: the other nodes acknowledge it (SessionsAckMessage) once they forgot. */
  id?: string;
  from?: string;
  tokenIds?: string[];
  userIds?: string[];
}

/** A node has forgotten the sessions of the message `id`. */
export interface SessionsAckMessage {
  kind: 'sessions_ack';
  id: string;
}

/** A membership ended (ban, leave): every node ends the user's subscriptions to the tribe's channels. */
export interface MembershipEndedMessage {
  kind: 'membership_ended';
  tribeId: string;
  userId: string;
}

/** What travels between nodes. */
export type BusMessage =
  EventMessage | BlocksChangedMessage | SessionsChangedMessage | SessionsAckMessage | MembershipEndedMessage;

/** Fan-out between nodes: in process by default, Redis pub/sub with REDIS_URL. */
export interface Bus {
  readonly nodeId: string;
  /** Resolves with how many nodes (this one included) the message was handed to. */
  publish(message: BusMessage): Promise<number>;
  onMessage(handler: (message: BusMessage) => void): void;
  close(): Promise<void>;
}

export interface PresenceMember {
  user_id: string;
  user_info?: unknown;
}

/** Presence membership, cluster-wide: one entry per (node, socket) in a channel. */
export interface PresenceStore {
  add(channel: string, socketKey: string, member: PresenceMember): Promise<void>;
  remove(channel: string, socketKey: string): Promise<PresenceMember | undefined>;
  /** Every entry, possibly several per user (one per socket). */
  entries(channel: string): Promise<PresenceMember[]>;
  close(): Promise<void>;
}

export function createMemoryBus(): Bus {
  const handlers: ((m: BusMessage) => void)[] = [];
  return {
    nodeId: randomBytes(6).toString('hex'),
    async publish(message) {
      for (const h of handlers) h(message);
      return 1;
    },
    onMessage: (h) => void handlers.push(h),
    close: async () => undefined,
  };
}

export function createMemoryPresence(): PresenceStore {
  const channels = new Map<string, Map<string, PresenceMember>>();
  return {
    async add(channel, socketKey, member) {
      if (!channels.has(channel)) channels.set(channel, new Map());
      channels.get(channel)!.set(socketKey, member);
    },
    async remove(channel, socketKey) {
      const map = channels.get(channel);
      const member = map?.get(socketKey);
      map?.delete(socketKey);
      if (map && map.size === 0) channels.delete(channel);
      return member;
    },
    entries: async (channel) => [...(channels.get(channel)?.values() ?? [])],
    close: async () => undefined,
  };
}

const BUS_CHANNEL = 'tribes:realtime';
const presenceKey = (channel: string) => `tribes:presence:${channel}`;

/**
 * Redis pub/sub for events and a Redis hash per presence channel: every node sees the same members.
 * A node hands its own messages to its own handlers at once and skips them when Redis echoes them
 * back, so realtime within a node keeps working while Redis is down; the subscriber connection
 * re-subscribes by itself when Redis returns (ioredis autoResubscribe), and delivery between nodes
 * resumes. Messages published while Redis is unreachable reach this node only.
 */
export async function createRedisRealtime(url: string): Promise<{ bus: Bus; presence: PresenceStore }> {
  const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const sub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  pub.on('error', () => undefined);
  sub.on('error', () => undefined);
  await Promise.all([pub.connect(), sub.connect()]);
  const nodeId = randomBytes(6).toString('hex');
  const handlers: ((m: BusMessage) => void)[] = [];
  const deliver = (message: BusMessage) => {
    for (const h of handlers) {
      try {
        h(message);
      } catch {
        /* a handler's failure must not stop the others nor reach the Redis client */
      }
    }
  };
  await sub.subscribe(BUS_CHANNEL);
  sub.on('message', (_channel: string, raw: string) => {
    let message: BusMessage & { origin?: unknown };
    try {
      message = JSON.parse(raw) as BusMessage;
    } catch {
      return; // not ours
    }
    if (!message || typeof message !== 'object') return;
    if (message.origin === nodeId) return; // delivered here when published
    delete message.origin;
    deliver(message);
  });
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    pub.disconnect();
    sub.disconnect();
  };
  const bus: Bus = {
    nodeId,
    async publish(message) {
      deliver(message);
      // While Redis is unreachable the other nodes cannot be told: this node alone had it.
      if (pub.status !== 'ready') return 1;
      try {
        // Redis answers how many subscriber connections it handed the message to: one per node.
        return await pub.publish(BUS_CHANNEL, JSON.stringify({ ...message, origin: nodeId }));
      } catch {
        return 1;
      }
    },
    onMessage: (h) => void handlers.push(h),
    close,
  };
  const presence: PresenceStore = {
    async add(channel, socketKey, member) {
      await pub.hset(presenceKey(channel), socketKey, JSON.stringify(member));
    },
    async remove(channel, socketKey) {
      const [[, raw]] = (await pub
        .multi()
        .hget(presenceKey(channel), socketKey)
        .hdel(presenceKey(channel), socketKey)
        .exec()) as [[unknown, string | null]];
      return raw ? (JSON.parse(raw) as PresenceMember) : undefined;
    },
    async entries(channel) {
      return (await pub.hvals(presenceKey(channel))).map((v) => JSON.parse(v) as PresenceMember);
    },
    close,
  };
  return { bus, presence };
}
