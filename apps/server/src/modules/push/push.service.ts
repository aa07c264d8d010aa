import type { Agent } from 'node:https';
import type { PushSubscribeBody, PushSubscriptionInfo } from '@tribes/shared';
import webpush, { WebPushError } from 'web-push';
import type { Clock } from '#src/core/clock.js';
import { fieldError } from '#src/core/errors.js';
import type { Jobs } from '#src/core/jobs/jobs.js';
import type { FastifyBaseLogger } from 'fastify';
import type { UserRow } from '../users/index.js';
import type { PushPayload, PushSender } from '../notifications/index.js';
import { judgeEndpoint } from './push-address.js';
import type { PushRepo, PushSubscriptionRow } from './push.repo.js';

export const PUSH_QUEUE = 'push';
/** Tries after the first for a push service that is down or busy (429, 5xx, no answer). */
const PUSH_RETRY_LIMIT = 4;
/** How long a push service keeps a message for a browser that is offline. */
const TTL_SECONDS = 24 * 60 * 60;
/** Browsers kept per member: the newest; older ones are dropped when a new one subscribes. */
const MAX_SUBSCRIPTIONS = 20;

interface PushJob {
  subscription_id: string;
  payload: PushPayload;
}

interface Deps {
  repo: PushRepo;
  clock: Clock;
  logger: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  jobs?: Pick<Jobs, 'enabled' | 'running' | 'define' | 'send'>;
  vapid: { publicKey: string; privateKey: string; subject: string };
  allowPrivateEndpoints: boolean;
  /** The HTTPS agent to reach push services with (tests: one that trusts their own service's certificate). */
  agent?: Agent;
  /** How endpoint host names resolve (tests). */
  resolve?: (host: string) => Promise<string[]>;
}

const present = (row: PushSubscriptionRow): PushSubscriptionInfo => ({
  endpoint: row.endpoint,
  created_at: row.createdAt.toISOString(),
});

/** Decoded length of a base64url key (RFC 8291: the auth secret has 16 bytes). */
const keyLength = (value: string) => Buffer.from(value.replace(/=+$/, ''), 'base64url').length;

/**
 * Web Push (DESIGN 10.3): members' browsers subscribe; notify() hands a push to sendToUser, which queues
 * one job per browser (held until quiet hours end); each job encrypts the payload for that browser
 * (RFC 8291, aes128gcm) and posts it with VAPID. A 404/410 from the push service deletes the subscription.
 */
export function createPushService(deps: Deps) {
  const { repo, clock, logger, jobs, vapid } = deps;
  const pending = new Set<Promise<void>>();

  async function refuseInward(endpoint: string, field: string): Promise<void> {
    if (deps.allowPrivateEndpoints) return;
    const verdict = await judgeEndpoint(endpoint, deps.resolve);
    if (verdict === 'inward') throw fieldError(field, 'validation.push_endpoint_private');
    if (verdict === 'unknown_host') throw fieldError(field, 'validation.push_endpoint_unknown');
  }

  /** Sends one push now; throws only for what is worth another try (the job queue retries). */
  async function deliver(job: PushJob): Promise<void> {
    const sub = await repo.find(job.subscription_id);
    if (!sub) return;
    // Checked again at sending: a name that pointed outward when subscribed may point inward now.
    if (!deps.allowPrivateEndpoints && (await judgeEndpoint(sub.endpoint, deps.resolve)) === 'inward') {
      logger.warn({ subscription: sub.id }, 'push endpoint now resolves inward; subscription deleted');
      await repo.delete(sub.id);
      return;
    }
    try {
      await webpush.sendNotification(
        { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
        JSON.stringify(job.payload),
        {
          vapidDetails: vapid,
          TTL: TTL_SECONDS,
          contentEncoding: 'aes128gcm',
          urgency: 'normal',
          timeout: 15_000,
          ...(deps.agent ? { agent: deps.agent } : {}),
        },
      );
      await repo.markSent(sub.id, clock.now());
    } catch (err) {
      const status = err instanceof WebPushError ? err.statusCode : undefined;
      if (status === 404 || status === 410) {
        // The browser unsubscribed or the subscription expired: it will never take a push again.
        await repo.delete(sub.id);
        return;
      }
      if (status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429) {
        // Refused for good (a payload too large, keys it rejects): another try would be refused too.
        logger.warn({ subscription: sub.id, status }, 'push refused by the push service');
        return;
      }
      // Never the payload or the endpoint's path (capability URLs): the status or the error's name.
      const e = err as Error;
      // eslint-disable-next-line preserve-caught-error -- the cause holds the endpoint and the service's answer: kept out of the queue's stored error.
      throw new Error(`push failed: ${status ?? e.name}${status ? '' : ` ${e.message}`}`);
    }
  }

  if (jobs?.enabled) {
    jobs.define<PushJob>(PUSH_QUEUE, {
      handler: deliver,
      retryLimit: PUSH_RETRY_LIMIT,
      retryDelaySeconds: 30,
      retryBackoff: true,
    });
  }

  const sender: PushSender = {
    async sendToUser(userId, payload, options = {}) {
      const subs = await repo.forUser(userId);
      for (const sub of subs) {
        const job: PushJob = { subscription_id: sub.id, payload };
        if (jobs?.running) {
          await jobs.send(PUSH_QUEUE, job, options.startAfter ? { startAfter: options.startAfter } : undefined);
          continue;
        }
        // Without the queue (JOBS_ENABLED=false): one try now, in the background, never failing the caller.
        const p = deliver(job)
          .catch((err: Error) => logger.error({ err: { name: err.name, message: err.message } }, 'push delivery failed'))
          .finally(() => pending.delete(p));
        pending.add(p);
      }
    },
  };

  return {
    ...sender,
    vapidPublicKey: () => vapid.publicKey,

    /** POST /v1/push/subscriptions. */
    async subscribe(user: UserRow, body: PushSubscribeBody, userAgent: string | undefined): Promise<PushSubscriptionInfo> {
      // An uncompressed P-256 point: 65 bytes starting with 4.
      const point = Buffer.from(body.keys.p256dh.replace(/=+$/, ''), 'base64url');
      if (point.length !== 65 || point[0] !== 0x04) throw fieldError('keys.p256dh', 'validation.push_key');
      if (keyLength(body.keys.auth) !== 16) throw fieldError('keys.auth', 'validation.push_key');
      await refuseInward(body.endpoint, 'endpoint');
      const row = await repo.upsert({
        userId: user.id,
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh.replace(/=+$/, ''),
        auth: body.keys.auth.replace(/=+$/, ''),
        userAgent: userAgent?.slice(0, 300) ?? null,
        createdAt: clock.now(),
      });
      await repo.trim(user.id, MAX_SUBSCRIPTIONS);
      return present(row);
    },

    /** DELETE /v1/push/subscriptions (only one's own; idempotent). */
    async unsubscribe(user: UserRow, endpoint: string): Promise<{ deleted: boolean }> {
      return { deleted: await repo.deleteForUser(user.id, endpoint) };
    },

    /** Waits for the pushes sent without the queue (tests, shutdown). */
    async flush(): Promise<void> {
      await Promise.all([...pending]);
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
