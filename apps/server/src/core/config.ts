import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const url = (protocols: string[]) =>
  z.string().refine(
    (v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
  );

/** The environment variables of DESIGN section 3, all optional. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  // Default http://localhost:<PORT> (http://localhost:3000 with the default port), so `PORT=4000 npm start` works whole.
  PUBLIC_URL: url(['http:', 'https:']).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: url(['postgres:', 'postgresql:']).optional(),
  REDIS_URL: url(['redis:', 'rediss:']).optional(),
  SMTP_URL: url(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().min(3).default('Tribes <no-reply@localhost>'),
  OPERATOR_EMAIL: z.string().email().default('operators@localhost'),
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  REVERB_APP_ID: z.string().min(1).optional(),
  REVERB_APP_KEY: z.string().min(1).optional(),
  REVERB_APP_SECRET: z.string().min(16).optional(),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  TOKEN_PRICE_CENTS: z.coerce.number().int().min(1).default(1),
  SEED_DEMO: bool.optional(),
  RATE_LIMIT_SCALE: z.coerce.number().positive().max(1_000_000).default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: URL;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  operatorEmail: string;
  appSecret: string;
  reverb: { appId: string; key: string; secret: string };
  payment: { provider: 'sandbox' | 'stripe'; stripeSecretKey?: string; stripeWebhookSecret?: string; tokenPriceCents: number };
  seedDemo: boolean;
  rateLimitScale: number;
  logLevel: string;
  webDistDir: string | undefined;
};

/** A configuration problem, reported at start-up with every bad variable named. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

interface DevSecrets {
  appSecret: string;
  reverbAppId: string;
  reverbKey: string;
  reverbSecret: string;
}

/**
 * Secrets that a single embedded node may invent: generated once and kept in DATA_DIR so they
 * survive restarts. Several nodes must be given the same values through the environment.
 */
function loadDevSecrets(dataDir: string): DevSecrets {
  const file = path.join(dataDir, 'secrets.json');
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as DevSecrets;
  } catch {
    const secrets: DevSecrets = {
      appSecret: randomBytes(32).toString('base64url'),
      reverbAppId: String(100000 + (randomBytes(3).readUIntBE(0, 3) % 900000)),
      reverbKey: randomBytes(10).toString('hex'),
      reverbSecret: randomBytes(20).toString('hex'),
    };
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
    return secrets;
  }
}

/** Reads and validates the configuration; throws ConfigError naming each bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.PAYMENT_PROVIDER === 'stripe' && (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError('Invalid configuration:\n  PAYMENT_PROVIDER: stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const needsDev = !e.APP_SECRET || !e.REVERB_APP_ID || !e.REVERB_APP_KEY || !e.REVERB_APP_SECRET;
  const dev = needsDev ? loadDevSecrets(dataDir) : undefined;
  const embedded = !e.DATABASE_URL;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT || 3000}`),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    operatorEmail: e.OPERATOR_EMAIL,
    appSecret: e.APP_SECRET ?? dev!.appSecret,
    reverb: {
      appId: e.REVERB_APP_ID ?? dev!.reverbAppId,
      key: e.REVERB_APP_KEY ?? dev!.reverbKey,
      secret: e.REVERB_APP_SECRET ?? dev!.reverbSecret,
    },
    payment: {
      provider: e.PAYMENT_PROVIDER,
      stripeSecretKey: e.STRIPE_SECRET_KEY,
      stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
      tokenPriceCents: e.TOKEN_PRICE_CENTS,
    },
    seedDemo: e.SEED_DEMO ?? embedded,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR,
  };
}
