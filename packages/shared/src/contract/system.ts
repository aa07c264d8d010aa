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
});

export type PublicConfig = z.infer<typeof PublicConfigSchema>;

export const HealthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  /** When the job queue runs: mails whose tries are used up, kept as failed jobs for operators (DESIGN 10.3). */
  jobs: z.object({ mail_failed: z.number().int().min(0) }).optional(),
  /** The payment provider; `none` under NODE_ENV=production without PAYMENT_PROVIDER (purchases off). */
  payments: z.object({ provider: PaymentProviderSchema }),
  /**
   * Whether demo accounts (…@demo.tribes, whose shared password the README publishes) are in the
   * database, on any NODE_ENV; checked at start and after the seed, not per request (DESIGN 11.1).
   */
  demo_accounts: z.boolean(),
});

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
  health: endpoint({
    method: 'GET',
    path: '/v1/health',
    summary: 'Liveness and readiness: answers once the database answers.',
    tags: ['system'],
    auth: 'public',
    data: HealthSchema,
    errors: [503],
  }),
} as const;
