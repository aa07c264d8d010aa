import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import { REALTIME, type RealtimeEventName, type RealtimeEvents } from '@tribes/shared';
import { createBlockCache, type BlockSource } from './blocks.js';
import { createMemoryBus, createMemoryPresence, createRedisRealtime, type Bus, type PresenceStore } from './bus.js';
import { CLOSE, Hub, type SessionSource } from './hub.js';

export interface RealtimeOptions {
  appId: string;
  appKey: string;
  secret: string;
  publicUrl: URL;
  redisUrl?: string;
  logger: FastifyBaseLogger;
  /** Where blocks between people are read: deliveries never cross one. */
  blocks?: BlockSource;
  /** Where sessions are read: sockets a revoked session authorised are closed. */
  sessions?: SessionSource;
  maxConnections?: number;
  activityTimeoutSeconds?: number;
  pongTimeoutMs?: number;
}

/** The realtime service of one node: hub, bus and presence, and a typed way to publish domain events. */
export interface Realtime {
  hub: Hub;
  bus: Bus;
  presence: PresenceStore;
  appId: string;
  appKey: string;
  secret: string;
  /**
   * Publishes a typed event (only names of RealtimeEvents exist) to a channel on every node.
   * Subscribers across a block with the people it is from (read from the payload: an author, an
   * actor, a donor) or about (`involves`, e.g. the author of the post a comment answers) do not get it.
   */
  emit<E extends RealtimeEventName>(
    channel: string,
    event: E,
    payload: RealtimeEvents[E],
    exceptSocketId?: string,
    involves?: readonly string[],
  ): void;
  /** To call after a block or unblock: every node stops using what it cached of these people's blocks. */
  blocksChanged(userIds: readonly string[]): Promise<void>;
  /**
   * To call once a membership ended (ban, leave) is committed: on every node, the user's sockets
   * leave the tribe's private and presence channels, and auths signed before it are refused.
   */
  membershipEnded(tribeId: string, userId: string): Promise<void>;
  /** Handles HTTP upgrades on /app/{key}. */
  attach(server: Server): void;
  /**
   * A node that stops (SIGTERM): every socket is closed with 4200, so pusher-js reconnects at once (to
   * another node behind a balancer), and no new one is taken. Resolves when they are closed; those that
   * do not answer the close within `timeoutMs` are cut.
   */
  drain(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

/** The people an event is from, as its payload names them. */
export function peopleIn<E extends RealtimeEventName>(event: E, payload: RealtimeEvents[E]): string[] {
  const p = payload as RealtimeEvents[RealtimeEventName];
  switch (event) {
    case 'post.created':
      return [(p as RealtimeEvents['post.created']).post.author.id];
    case 'comment.created':
      return [(p as RealtimeEvents['comment.created']).comment.author.id];
    case 'notification.created': {
      const actor = (p as RealtimeEvents['notification.created']).notification.actor;
      return actor ? [actor.id] : [];
    }
    case 'donation.received': {
      const donor = (p as RealtimeEvents['donation.received']).donation.donor;
      return donor ? [donor.id] : [];
    }
    case 'message.created':
      return [(p as RealtimeEvents['message.created']).message.sender.id];
    case 'message.updated':
      return [(p as RealtimeEvents['message.updated']).message.sender.id];
    case 'message.read':
      return [(p as RealtimeEvents['message.read']).read.user_id];
    default:
      return [];
  }
}

const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 404: 'Not Found', 503: 'Service Unavailable' };

/** Answers a refused upgrade in plain HTTP and closes, as ws itself does. */
function rejectUpgrade(socket: Duplex, status: 400 | 404 | 503): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  socket.once('finish', () => socket.destroy());
  socket.end(`HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/** The app key and protocol of an upgrade's target, or why it is refused. */
function parseTarget(target: string | undefined): { key: string; protocol: string | null } | 400 | 404 {
  let url: URL;
  try {
    // An absolute-form target (GET http://host/app/key) is valid HTTP; a malformed one is not.
    url = new URL(target ?? '/', 'http://localhost');
  } catch {
    return 400;
  }
  const match = /^\/app\/([^/]+)$/.exec(url.pathname);
  if (!match) return 404;
  try {
    return { key: decodeURIComponent(match[1]!), protocol: url.searchParams.get('protocol') };
  } catch {
    return 400;
  }
}

/** True when a page's Origin names the host (and port) the upgrade request was sent to: a same-origin socket. */
export function sameHost(origin: string, host: string | undefined): boolean {
  if (!host) return false;
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host === host.toLowerCase();
  } catch {
    return false;
  }
}

/** Builds the realtime service: in process, or shared through Redis when REDIS_URL is set. */
export async function createRealtime(opts: RealtimeOptions): Promise<Realtime> {
  const { bus, presence } = opts.redisUrl
    ? await createRedisRealtime(opts.redisUrl)
    : { bus: createMemoryBus(), presence: createMemoryPresence() };
  const hub = new Hub({
    appKey: opts.appKey,
    secret: opts.secret,
    bus,
    presence,
    logger: opts.logger,
    maxConnections: opts.maxConnections,
    activityTimeoutSeconds: opts.activityTimeoutSeconds,
    pongTimeoutMs: opts.pongTimeoutMs,
    blocks: opts.blocks ? createBlockCache(opts.blocks) : undefined,
    sessions: opts.sessions,
  });
  const wss = new WebSocketServer({ noServer: true, maxPayload: REALTIME.maxMessageBytes, perMessageDeflate: false });
  const allowedOrigin = opts.publicUrl.origin;
  const logRefusal = (err: unknown) =>
    opts.logger.warn({ err: { message: err instanceof Error ? err.message : String(err) } }, 'websocket upgrade failed');

  function onConnection(req: IncomingMessage, ws: WebSocket, key: string, protocolParam: string | null) {
    // Browsers always send Origin; a page on another site must not ride a user's connection. The
    // public origin is allowed, and so is the page's own when the app is opened on another name for
    // this server (127.0.0.1, a LAN address, www or bare): the socket then follows the page's host.
    const origin = req.headers.origin;
    if (origin && origin !== allowedOrigin && !sameHost(origin, req.headers.host)) {
      return hub.refuse(ws, CLOSE.unauthorized, 'Origin not allowed');
    }
    if (key !== opts.appKey) return hub.refuse(ws, CLOSE.appUnknown, 'Application does not exist');
    const protocol = Number(protocolParam ?? REALTIME.protocol);
    if (!Number.isInteger(protocol) || protocol < 5 || protocol > REALTIME.protocol) {
      return hub.refuse(ws, CLOSE.unsupportedProtocol, 'Unsupported protocol version');
    }
    hub.accept(ws);
  }

  /** Set by drain(): upgrades are refused from then on. */
  let draining = false;
  // An upgrade is outside Fastify: whatever it throws would be an uncaught exception and end the
  // process. So every step is caught, and a hostile request gets a 4xx and a closed socket.
  function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    // Node removes its own 'error' listener from an upgraded socket: a reset mid-handshake would
    // otherwise be an unhandled 'error' event.
    socket.on('error', () => socket.destroy());
    // A draining node takes no new socket (an upgrade over a keep-alive connection opened before).
    if (draining) return rejectUpgrade(socket, 503);
    try {
      const target = parseTarget(req.url);
      if (typeof target === 'number') {
        if (target === 400) logRefusal(new Error('malformed upgrade target'));
        return rejectUpgrade(socket, target);
      }
      wss.handleUpgrade(req, socket, head, (ws) => {
        ws.on('error', () => undefined);
        try {
          onConnection(req, ws, target.key, target.protocol);
        } catch (err) {
          logRefusal(err);
          ws.terminate();
        }
      });
    } catch (err) {
      logRefusal(err);
      rejectUpgrade(socket, 400);
    }
  }

  let server: Server | undefined;
  return {
    hub,
    bus,
    presence,
    appId: opts.appId,
    appKey: opts.appKey,
    secret: opts.secret,
    emit(channel, event, payload, exceptSocketId, involves) {
      hub
        .publish(channel, event, payload, exceptSocketId, [...peopleIn(event, payload), ...(involves ?? [])])
        .catch((err: Error) => opts.logger.warn({ err: { message: err.message } }, 'realtime publish failed'));
    },
    // A lost invalidation only lasts as long as the cache's TTL: the block itself must not fail for it.
    blocksChanged: (userIds) =>
      hub
        .blocksChanged(userIds)
        .catch((err: Error) => opts.logger.warn({ err: { message: err.message } }, 'realtime publish failed')),
    // Channel auth refuses the next subscription from the database anyway: the act must not fail for a lost message.
    membershipEnded: (tribeId, userId) =>
      hub
        .membershipEnded(tribeId, userId)
        .catch((err: Error) => opts.logger.warn({ err: { message: err.message } }, 'realtime publish failed')),
    attach(s) {
      server = s;
      s.on('upgrade', onUpgrade);
    },
    async drain(timeoutMs) {
      draining = true;
      await hub.close();
      const deadline = Date.now() + timeoutMs;
      while (wss.clients.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      for (const ws of wss.clients) ws.terminate();
    },
    async close() {
      server?.off('upgrade', onUpgrade);
      await hub.close();
      // Sockets still open would hold the HTTP server's close (it waits for every connection).
      for (const ws of wss.clients) ws.terminate();
      wss.close();
      await bus.close();
      await presence.close();
    },
  };
}
