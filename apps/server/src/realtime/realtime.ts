import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { WebSocketServer } from 'ws';
import { REALTIME, type RealtimeEventName, type RealtimeEvents } from '@tribes/shared';
import { createMemoryBus, createMemoryPresence, createRedisRealtime, type Bus, type PresenceStore } from './bus.js';
import { CLOSE, Hub } from './hub.js';

export interface RealtimeOptions {
  appId: string;
  appKey: string;
  secret: string;
  publicUrl: URL;
  redisUrl?: string;
  logger: FastifyBaseLogger;
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
  /** Publishes a typed event (only names of RealtimeEvents exist) to a channel on every node. */
  emit<E extends RealtimeEventName>(channel: string, event: E, payload: RealtimeEvents[E], exceptSocketId?: string): void;
  /** Handles HTTP upgrades on /app/{key}. */
  attach(server: Server): void;
  close(): Promise<void>;
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
  });
  const wss = new WebSocketServer({ noServer: true, maxPayload: REALTIME.maxMessageBytes, perMessageDeflate: false });
  const allowedOrigin = opts.publicUrl.origin;

  function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const match = /^\/app\/([^/]+)$/.exec(url.pathname);
    if (!match) {
      socket.write('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      // Browsers always send Origin; a page on another site must not ride a user's connection.
      const origin = req.headers.origin;
      if (origin && origin !== allowedOrigin) return hub.refuse(ws, CLOSE.unauthorized, 'Origin not allowed');
      if (decodeURIComponent(match[1]!) !== opts.appKey) return hub.refuse(ws, CLOSE.appUnknown, 'Application does not exist');
      const protocol = Number(url.searchParams.get('protocol') ?? REALTIME.protocol);
      if (!Number.isInteger(protocol) || protocol < 5 || protocol > REALTIME.protocol) {
        return hub.refuse(ws, CLOSE.unsupportedProtocol, 'Unsupported protocol version');
      }
      hub.accept(ws);
    });
  }

  let server: Server | undefined;
  return {
    hub,
    bus,
    presence,
    appId: opts.appId,
    appKey: opts.appKey,
    secret: opts.secret,
    emit(channel, event, payload, exceptSocketId) {
      hub
        .publish(channel, event, payload, exceptSocketId)
        .catch((err: Error) => opts.logger.warn({ err: { message: err.message } }, 'realtime publish failed'));
    },
    attach(s) {
      server = s;
      s.on('upgrade', onUpgrade);
    },
    async close() {
      server?.off('upgrade', onUpgrade);
      await hub.close();
      wss.close();
      await bus.close();
      await presence.close();
    },
  };
}
