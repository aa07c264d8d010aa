import { z } from 'zod';
import { endpoint } from './endpoint.js';

/** Who takes payment for tokens; `none`: purchases are off (POST /v1/wallet/purchases answers 409 purchases_disabled). */
const PaymentProviderSchema = z.enum(['sandbox', 'stripe', 'none']);

/** GET /v1/config: what the web app learns at run time and cannot at build time. */
export const PublicConfigSchema = z.object({
  realtime: z.object({
    key: z.string(),
    host: z.string(),
    port: z.number().int(),
    scheme: z.enum(['http', 'https']),
  }),
  payments: z.object({
    /** `none`: this site sells no tokens (a production node without PAYMENT_PROVIDER); the web says so instead of a buy form. */
    provider: PaymentProviderSchema,
    /** The price of one token in integer cents of `currency`, never a float. */
    token_price_cents: z.number().int(),
    currency: z.string(),
    /** The currencies the web may show beside tokens, in the operator's order (TOKEN_DISPLAY_RATES). */
    display_currencies: z.array(z.string()),
    /** Tokens per unit of each display currency: local money = tokens / rate (display only, never a price). */
    display_rates: z.record(z.string(), z.number()),
  }),
  /** Map tiles (MAP_TILE_URL, MAP_ATTRIBUTION); attribution null: the web shows OpenStreetMap's, in its own language. */
  map: z.object({
    tile_url: z.string(),
    attribution: z.string().nullable(),
  }),
  /** Translation of posts and comments (TRANSLATE_PROVIDER): false, the web offers no Translate action. */
  translation: z.object({ enabled: z.boolean() }),
});

export type PublicConfig = z.infer<typeof PublicConfigSchema>;

/**
 * GET /v1/health: what operators read about one node (DESIGN 11.1). One object of named parts, each
 * optional when a deployment may lack it, so a new part is one more field.
 */
export const HealthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  /** With REDIS_URL only: this node's connection to Redis. Down, the node keeps serving (and stays ready). */
  redis: z.enum(['up', 'down']).optional(),
  /**
   * When the job queue runs: mails whose tries are used up, kept as failed jobs for operators (DESIGN
   * 10.3), and the jobs of every queue waiting for a worker and running now.
   */
  jobs: z
    .object({
      mail_failed: z.number().int().min(0),
      waiting: z.number().int().min(0),
      active: z.number().int().min(0),
    })
    .optional(),
  /** This node's websocket connections. */
  realtime: z.object({ connections: z.number().int().min(0) }),
  /** The payment provider; `none` under NODE_ENV=production without PAYMENT_PROVIDER (purchases off). */
  payments: z.object({ provider: PaymentProviderSchema }),
  /**
   * Whether demo accounts (…@demo.tribes, whose shared password the README publishes) are in the
   * database, on any NODE_ENV; checked at start and after the seed, not per request (DESIGN 11.1).
   */
  demo_accounts: z.boolean(),
});

/** The answer of the liveness and readiness probes: a status, nothing else to read. */
export const ProbeSchema = z.object({ status: z.literal('ok') });

/** Liveness, readiness and run-time configuration. */
export const systemEndpoints = {
  config: endpoint({
    method: 'GET',
    path: '/v1/config',
    summary: 'Run-time configuration of the web app (realtime key and host, token price).',
    tags: ['system'],
    auth: 'public',
    data: PublicConfigSchema,
    errors: [],
  }),
  live: endpoint({
    method: 'GET',
    path: '/v1/health/live',
    summary: 'Liveness: 200 while the process runs (no database call). For restarting a stuck process.',
    tags: ['system'],
    auth: 'public',
    data: ProbeSchema,
    errors: [],
  }),
  ready: endpoint({
    method: 'GET',
    path: '/v1/health/ready',
    summary:
      'Readiness: 200 when the database answers and its migrations are done; 503 while the node drains (SIGTERM) or the database is unreachable. For load balancers.',
    tags: ['system'],
    auth: 'public',
    data: ProbeSchema,
    errors: [503],
  }),
  health: endpoint({
    method: 'GET',
    path: '/v1/health',
    summary:
      "The node's health for operators: database, Redis, job queue, websocket connections; 503 when the database does not answer.",
    tags: ['system'],
    auth: 'public',
    data: HealthSchema,
    errors: [503],
  }),
} as const;
