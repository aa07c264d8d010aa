import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { tooManyRequests } from './errors.js';
import { redisWithMemoryFallback } from './rate-limit-store.js';

/** A per-route limit: `max` requests per `seconds`, keyed by IP or by the signed-in user. */
export interface RouteLimit {
  max: number;
  seconds: number;
  by: 'ip' | 'user';
}

/** The IP- and account-keyed limits of DESIGN section 6; per-email limits live in core/db/throttle. */
export const LIMITS = {
  login: { max: 25, seconds: 5 * 60, by: 'ip' },
  register: { max: 5, seconds: 30 * 60, by: 'ip' },
  checkEmail: { max: 10, seconds: 60, by: 'ip' },
  otp: { max: 30, seconds: 60, by: 'ip' },
  publicWrite: { max: 20, seconds: 60, by: 'ip' },
  write: { max: 60, seconds: 60, by: 'user' },
  realtimeAuth: { max: 120, seconds: 60, by: 'user' },
  /** Messages one sender may send (DESIGN 11.4). */
  messages: { max: 30, seconds: 60, by: 'user' },
} as const satisfies Record<string, RouteLimit>;

/** Registers @fastify/rate-limit (Redis-backed when a client is given) with limits scaled by RATE_LIMIT_SCALE. */
export async function registerRateLimit(app: FastifyInstance, scale: number, redis?: Redis): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    // After authentication, so a limit "per user" knows the user.
    hook: 'preHandler',
    // A Redis outage must neither take the API down nor lift the limits: this node counts meanwhile.
    ...(redis
      ? {
          store: redisWithMemoryFallback(redis, 'tribes-rl:', {
            fellBack: () => app.log.warn("redis unreachable: rate limits fall back to this node's memory until it returns"),
            recovered: () => app.log.info('redis reachable again: rate limits counted in redis'),
          }),
        }
      : {}),
    errorResponseBuilder: (_request, context) => tooManyRequests(context.ttl / 1000),
    // Neither store fails (the fallback answers from memory); should one ever, the request passes.
    skipOnError: true,
  });
  app.decorate('rateLimitScale', scale);
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimitScale: number;
  }
}

/** The route config that applies a limit: `config: limit(app, LIMITS.login)`. */
export function limit(app: FastifyInstance, l: RouteLimit) {
  return {
    rateLimit: {
      max: Math.max(1, Math.floor(l.max * app.rateLimitScale)),
      timeWindow: l.seconds * 1000,
      keyGenerator: (request: FastifyRequest) =>
        l.by === 'user' && request.auth ? `u:${request.auth.user.id}` : `ip:${request.ip}`,
    },
  };
}
