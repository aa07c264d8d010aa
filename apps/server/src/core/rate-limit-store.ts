import { createRequire } from 'node:module';
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

type Counted = (error: Error | null, result?: { current: number; ttl: number }) => void;
/** The plugin's own stores (store/RedisStore.js, store/LocalStore.js), which its types do not export. */
interface Store extends FastifyRateLimitStore {
  read?(key: string, callback: Counted, timeWindow: number, max: number): void;
}
type StoreCtor = new (continueExceeding: boolean, exponentialBackoff: boolean, ...rest: unknown[]) => Store;

const load = createRequire(import.meta.url);
const RedisStore = load('@fastify/rate-limit/store/RedisStore.js') as StoreCtor;
const LocalStore = load('@fastify/rate-limit/store/LocalStore.js') as StoreCtor;

/** How the store tells the log that Redis left or came back (once per change, not per request). */
export interface FallbackEvents {
  fellBack(): void;
  recovered(): void;
}

/**
 * Limits counted in Redis (shared by every node), falling back to this node's memory while Redis is
 * unreachable: a Redis outage neither takes the API down nor lifts the limits. Each node then counts
 * on its own, so a client spread over n nodes gets at most n times its limit until Redis returns.
 */
export function redisWithMemoryFallback(redis: Redis, nameSpace: string, events: FallbackEvents): FastifyRateLimitStoreCtor {
  let usingMemory = false;
  const fellBack = () => {
    if (!usingMemory) events.fellBack();
    usingMemory = true;
  };
  const recovered = () => {
    if (usingMemory) events.recovered();
    usingMemory = false;
  };

  class FallbackStore implements Store {
    constructor(
      private readonly shared: Store,
      private readonly local: Store,
    ) {}

    private run(method: 'incr' | 'read', key: string, callback: Counted, timeWindow: number, max: number) {
      const local = () => this.local[method]!(key, callback, timeWindow, max);
      // With the offline queue off, a command while disconnected fails at once; skip the try.
      if (redis.status !== 'ready') {
        fellBack();
        return local();
      }
      this.shared[method]!(
        key,
        (error, result) => {
          if (!error) {
            recovered();
            return callback(null, result);
          }
          fellBack();
          local();
        },
        timeWindow,
        max,
      );
    }

    incr(key: string, callback: Counted, timeWindow: number, max: number) {
      this.run('incr', key, callback, timeWindow, max);
    }

    read(key: string, callback: Counted, timeWindow: number, max: number) {
      this.run('read', key, callback, timeWindow, max);
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
      return new FallbackStore(this.shared.child(routeOptions), this.local.child(routeOptions));
    }
  }

  return class extends FallbackStore {
    constructor(
      options: FastifyRateLimitOptions & { continueExceeding?: boolean; exponentialBackoff?: boolean; cache?: number },
    ) {
      const continueExceeding = options.continueExceeding ?? false;
      const exponentialBackoff = options.exponentialBackoff ?? false;
      super(
        new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace),
        new LocalStore(continueExceeding, exponentialBackoff, options.cache),
      );
    }
  };
}
