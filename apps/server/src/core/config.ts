import { createECDH, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { defaultDisplayRates, parseDisplayRates, type DisplayRates } from './display-rates.js';
import { parseStorageUrl, type S3Settings } from './storage-url.js';

// Every rule carries its own plain-English message (a schema's message wins over the shared
// catalogue-key error map that @tribes/shared installs), so a start-up error reads
// "REVERB_APP_SECRET must be at least 16 characters", never a message key.
const BOOL_WORDS = ['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'] as const;
const bool = z
  .enum(BOOL_WORDS, { error: 'must be true or false (or 1/0, yes/no, on/off)' })
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const url = (protocols: string[]) =>
  z.string({ error: 'must be a URL' }).refine(
    (v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    { error: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
  );

/** A decimal whole number from min to max (written as digits only). */
const wholeNumber = (min: number, max: number) =>
  z
    .string({ error: `must be a whole number from ${min} to ${max}` })
    .trim()
    .regex(/^\d+$/, { error: `must be a whole number from ${min} to ${max}` })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { error: `must be a whole number from ${min} to ${max}` });

const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `must be one of ${values.join(', ')}` });

/** A value read by its own parser, which answers the reason it refuses the text (a sentence) instead of a value. */
const parsedBy = <T extends object | number | boolean>(parse: (raw: string) => T | string) =>
  z.string().transform((v, ctx) => {
    const parsed = parse(v);
    if (typeof parsed === 'string') {
      ctx.addIssue({ code: 'custom', message: parsed });
      return z.NEVER;
    }
    return parsed;
  });

const text = (min: number) =>
  z.string({ error: 'must be text' }).min(min, { error: min === 1 ? 'must not be empty' : `must be at least ${min} characters` });

/** OpenStreetMap's standard tiles: what the map shows unless MAP_TILE_URL names another server. */
export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/** The environment variables of DESIGN section 3, all optional. */
const EnvSchema = z.object({
  NODE_ENV: oneOf(['development', 'production', 'test']).default('development'),
  PORT: wholeNumber(0, 65535).default(3000),
  HOST: text(1).default('127.0.0.1'),
  // Default http://localhost:<PORT> (http://localhost:3000 with the default port), so `PORT=4000 npm start` works whole.
  PUBLIC_URL: url(['http:', 'https:']).optional(),
  DATA_DIR: text(1).default('./data'),
  DATABASE_URL: url(['postgres:', 'postgresql:']).optional(),
  REDIS_URL: url(['redis:', 'rediss:']).optional(),
  SMTP_URL: url(['smtp:', 'smtps:']).optional(),
  STORAGE_URL: parsedBy(parseStorageUrl).optional(),
  MAIL_FROM: text(3).default('Tribes <no-reply@localhost>'),
  OPERATOR_EMAIL: z.email({ error: 'must be an email address' }).default('operators@localhost'),
  // Accounts made operators (DESIGN 11.2) when their email is verified: at start-up and at each sign-in.
  OPERATOR_EMAILS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email({ error: 'must be a comma-separated list of email addresses' }))),
  APP_SECRET: text(32).optional(),
  REVERB_APP_ID: text(1).optional(),
  REVERB_APP_KEY: text(1).optional(),
  REVERB_APP_SECRET: text(16).optional(),
  // No default here: unset means sandbox outside production and no purchases in production (loadConfig).
  PAYMENT_PROVIDER: oneOf(['sandbox', 'stripe', 'none']).optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  TOKEN_PRICE_CENTS: wholeNumber(1, 1_000_000).default(1),
  TOKEN_DISPLAY_RATES: parsedBy(parseDisplayRates).optional(),
  MAP_TILE_URL: url(['https:', 'http:'])
    .refine((v) => ['{z}', '{x}', '{y}'].every((p) => v.includes(p)), {
      error: 'must be a tile URL template with {z}, {x} and {y}, like https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    })
    .optional(),
  MAP_ATTRIBUTION: text(1).optional(),
  SEED_DEMO: bool.optional(),
  JOBS_ENABLED: bool.optional(),
  MAIL_RETRY_DELAY_SECONDS: wholeNumber(1, 3600).default(15),
  JOBS_MAINTENANCE_SECONDS: wholeNumber(1, 3600).default(120),
  REAUTH_WINDOW_SECONDS: wholeNumber(1, 86_400).default(600),
  SHUTDOWN_GRACE_SECONDS: wholeNumber(1, 600).default(15),
  RATE_LIMIT_SCALE: z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/, { error: 'must be a number greater than 0 and at most 1000000' })
    .transform(Number)
    .refine((n) => n > 0 && n <= 1_000_000, { error: 'must be a number greater than 0 and at most 1000000' })
    .default(1),
  // Sent by Prometheus as `Authorization: Bearer <token>`: only the characters a bearer token may hold.
  METRICS_TOKEN: z
    .string()
    .min(16, { error: 'must be at least 16 characters (for example from `openssl rand -hex 32`)' })
    .max(512, { error: 'must be at most 512 characters' })
    .regex(/^[A-Za-z0-9_\-.~+/=]+$/, {
      error: 'must hold only letters, digits and - . _ ~ + / = (for example from `openssl rand -hex 32`)',
    })
    .optional(),
  LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  TRUST_PROXY: parsedBy(parseTrustProxy).optional(),
  FIREBASE_PROJECT_ID: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9-]{2,38}[a-z0-9]$/, {
      error: 'must be a Firebase project id (4 to 40 lowercase letters, digits and hyphens, like demo-tribes)',
    })
    .optional(),
  FIREBASE_API_KEY: text(1).optional(),
  FIREBASE_AUTH_DOMAIN: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9.-]+(:\d{1,5})?$/, { error: 'must be a host name like my-project.firebaseapp.com' })
    .optional(),
  FIREBASE_AUTH_EMULATOR_HOST: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9.-]+:\d{1,5}$/, { error: 'must be host:port of the Auth emulator, like 127.0.0.1:9099' })
    .optional(),
  IDENTITY_PROVIDERS: parsedBy(parseIdentityProviders).optional(),
  OIDC_PROVIDERS: parsedBy(parseOidcProviders).optional(),
  VAPID_PUBLIC_KEY: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{87}$/, {
      error: 'must be a VAPID public key (87 base64url characters, from `npx web-push generate-vapid-keys`)',
    })
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{43}$/, {
      error: 'must be a VAPID private key (43 base64url characters, from `npx web-push generate-vapid-keys`)',
    })
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .trim()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, {
      error: 'must be a mailto: address or an https: URL where push services can reach the operator',
    })
    .optional(),
  PUSH_ALLOW_PRIVATE_ENDPOINTS: bool.optional(),
  // Search and translation (DESIGN 11.5).
  MEILI_URL: url(['http:', 'https:']).optional(),
  MEILI_KEY: text(1).optional(),
  MEILI_INDEX_PREFIX: text(1)
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'may hold only letters, digits, - and _ (it starts index names)' })
    .optional(),
  TRANSLATE_PROVIDER: oneOf(['libretranslate', 'deepl']).optional(),
  TRANSLATE_URL: url(['http:', 'https:']).optional(),
  TRANSLATE_API_KEY: text(1).optional(),
  TRANSLATE_TIMEOUT_MS: wholeNumber(100, 60_000).default(8000),
});

/** The sign-in methods of Firebase Authentication the web app may show (DESIGN 10.2). */
export const IDENTITY_PROVIDER_NAMES = ['google', 'apple', 'facebook', 'phone'] as const;
export type IdentityProviderName = (typeof IDENTITY_PROVIDER_NAMES)[number];

/** IDENTITY_PROVIDERS as a list without repeats, or the reason it is refused (a sentence after the variable's name). */
export function parseIdentityProviders(raw: string): IdentityProviderName[] | string {
  const names = raw
    .split(',')
    .map((n) => n.trim().toLowerCase())
    .filter((n) => n !== '');
  const known = new Set<string>(IDENTITY_PROVIDER_NAMES);
  const unknown = names.filter((n) => !known.has(n));
  if (unknown.length > 0) {
    const shown = unknown.map((n) => `"${n}"`).join(', ');
    return `must be a comma-separated list of ${IDENTITY_PROVIDER_NAMES.join(', ')}; ${shown} ${unknown.length === 1 ? 'is not one of them' : 'are not among them'}`;
  }
  return [...new Set(names)] as IdentityProviderName[];
}

/** One OpenID Connect issuer people may sign in with (OIDC_PROVIDERS). */
export interface OidcProviderConfig {
  /** Short name used in the paths /v1/auth/oidc/{id}/start and /callback. */
  id: string;
  /** Shown on the sign-in button. */
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
}

const OIDC_FIELDS = ['id', 'name', 'issuer', 'client_id', 'client_secret'] as const;

/** OIDC_PROVIDERS (a JSON list) as provider settings, or the reason it is refused (a sentence after the variable's name). */
export function parseOidcProviders(raw: string): OidcProviderConfig[] | string {
  const shape = 'must be a JSON list of {"id", "name", "issuer", "client_id", "client_secret"}';
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return `${shape}, but it is not valid JSON`;
  }
  if (!Array.isArray(value)) return `${shape}, but it is not a list (it should start with [)`;
  const providers: OidcProviderConfig[] = [];
  for (const [index, entry] of value.entries()) {
    const at = `entry ${index + 1}`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return `${shape}; ${at} is not an object`;
    const record = entry as Record<string, unknown>;
    for (const field of OIDC_FIELDS) {
      const v = record[field];
      if (typeof v !== 'string' || v.trim() === '') return `${shape}; ${at} has no "${field}" text`;
    }
    const id = (record.id as string).trim();
    if (!/^[a-z0-9][a-z0-9_-]{0,39}$/.test(id)) {
      return `${shape}; ${at} has the id "${id}", which must be 1 to 40 lowercase letters, digits, hyphens or underscores`;
    }
    if (providers.some((p) => p.id === id)) return `${shape}; the id "${id}" is used twice`;
    const issuer = (record.issuer as string).trim();
    let issuerUrl: URL | undefined;
    try {
      issuerUrl = new URL(issuer);
    } catch {
      issuerUrl = undefined;
    }
    if (!issuerUrl || !['http:', 'https:'].includes(issuerUrl.protocol)) {
      return `${shape}; ${at} ("${id}") has an issuer that is not a URL starting with https:// (or http://)`;
    }
    providers.push({
      id,
      name: (record.name as string).trim(),
      issuer,
      clientId: (record.client_id as string).trim(),
      clientSecret: record.client_secret as string,
    });
  }
  return providers;
}

/** Variables whose value may be a secret (or hold a password): never echoed in an error. */
const SECRET_VARIABLES = new Set([
  'APP_SECRET',
  'REVERB_APP_SECRET',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'DATABASE_URL',
  'REDIS_URL',
  'SMTP_URL',
  'STORAGE_URL',
  'OIDC_PROVIDERS',
  'METRICS_TOKEN',
]);

/**
 * Whom `X-Forwarded-For` is believed from (Fastify's trustProxy): false trusts nobody (the socket
 * address is the client), a number trusts that many proxy hops, a list trusts those addresses/CIDRs.
 */
export type TrustProxy = false | number | string[];

/**
 * TRUST_PROXY as Fastify's trustProxy option. Fastify refuses a bare hop count (it trusts nothing
 * then), so a count becomes the function Express uses: the `hops` nearest addresses (the socket's
 * peer first, then X-Forwarded-For from the right) are proxies, the next one is the client.
 */
export function trustProxyOption(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/** Names proxy-addr (Fastify's trustProxy) understands for whole address families. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Is `entry` an IP address, an IP/prefix CIDR or one of proxy-addr's range names? */
function isAddressOrCidr(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/** TRUST_PROXY as Fastify takes it, or the reason it is refused (a sentence after the variable's name). */
export function parseTrustProxy(raw: string): TrustProxy | string {
  const value = raw.trim();
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 100) return 'must be a hop count from 0 to 100, or a comma-separated list of proxy IP addresses or CIDRs';
    return hops === 0 ? false : hops;
  }
  const entries = value.split(',').map((e) => e.trim());
  const bad = entries.filter((e) => !isAddressOrCidr(e));
  if (entries.length === 0 || bad.length > 0) {
    const shown = bad.map((e) => (e === '' ? '(an empty entry)' : `"${e}"`)).join(', ');
    return `must be a hop count (like 1) or a comma-separated list of proxy IP addresses or CIDRs (like 10.0.0.0/8,127.0.0.1); ${shown} ${bad.length === 1 ? 'is not one' : 'are not'}`;
  }
  return entries;
}

/** One readable line per bad variable: its name, what is wrong and (unless secret) what it was. */
function describeIssues(issues: readonly z.core.$ZodIssue[], env: Record<string, string | undefined>): string[] {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const issue of issues) {
    const name = String(issue.path[0] ?? 'configuration');
    if (seen.has(name)) continue;
    seen.add(name);
    // A rule without its own message would carry a catalogue key such as "validation.invalid".
    const reason = /\s/.test(issue.message) ? issue.message : 'has an invalid value';
    const value = env[name];
    const echo = value !== undefined && !SECRET_VARIABLES.has(name) && !reason.includes('"');
    const shown = echo ? ` (got "${value}")` : '';
    lines.push(`  ${name} ${reason}${shown}`);
  }
  return lines;
}

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: URL;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  /** Media in an S3-compatible bucket (STORAGE_URL), or null: files under DATA_DIR/uploads. */
  storage: S3Settings | null;
  mailFrom: string;
  operatorEmail: string;
  /** Verified accounts with these emails (lower-cased) are made operators (DESIGN 11.2). */
  operatorEmails: readonly string[];
  appSecret: string;
  reverb: { appId: string; key: string; secret: string };
  payment: {
    /**
     * Who takes payment for tokens (PAYMENT_PROVIDER). `none`: purchases are off (409 purchases_disabled),
     * the default under NODE_ENV=production, where the sandbox (tokens without payment) must be named.
     */
    provider: 'sandbox' | 'stripe' | 'none';
    stripeSecretKey?: string;
    stripeWebhookSecret?: string;
    tokenPriceCents: number;
    /** Tokens per unit of each currency the web shows beside tokens (TOKEN_DISPLAY_RATES). */
    displayRates: DisplayRates;
  };
  /**
   * Map tiles for the web (MAP_TILE_URL, OpenStreetMap's by default) and their attribution (MAP_ATTRIBUTION,
   * HTML as Leaflet shows it); null: the web writes OpenStreetMap's attribution in the reader's language.
   */
  map: { tileUrl: string; attribution: string | null };
  /** Load the demo on an empty database (SEED_DEMO): never by default under NODE_ENV=production (its password is public). */
  seedDemo: boolean;
  /**
   * The durable job queue (JOBS_ENABLED, on except under NODE_ENV=test, where tests that need it turn
   * it on), the first retry delay of a refused mail (MAIL_RETRY_DELAY_SECONDS, doubled each retry) and
   * how often the queue's upkeep runs (JOBS_MAINTENANCE_SECONDS): jobs a dead node held go back to the
   * queue at the first upkeep after their expiry.
   */
  jobs: { enabled: boolean; mailRetryDelaySeconds: number; maintenanceSeconds: number };
  rateLimitScale: number;
  /** How long a session stays fresh for sensitive acts after its sign-in or a reauth (DESIGN 11.7). */
  reauthWindowSeconds: number;
  /** The bearer token GET /metrics asks for (METRICS_TOKEN); unset: /metrics answers 404 and nothing is collected. */
  metricsToken: string | undefined;
  /** On SIGTERM or SIGINT, how long requests in flight and running jobs may take to finish (DESIGN 11.1). */
  shutdownGraceSeconds: number;
  logLevel: string;
  webDistDir: string | undefined;
  trustProxy: TrustProxy;
  /**
   * Firebase Authentication (DESIGN 10.2), or null when FIREBASE_PROJECT_ID is not set. apiKey and
   * authDomain are the web app's public config; emulatorHost (host:port) makes the server accept the
   * Auth emulator's unsigned tokens — never set it in production.
   */
  firebase: {
    projectId: string;
    apiKey: string;
    authDomain: string;
    emulatorHost: string | undefined;
    providers: IdentityProviderName[];
  } | null;
  /** OpenID Connect issuers (OIDC_PROVIDERS), in the order given; empty when none. */
  oidcProviders: OidcProviderConfig[];
  /**
   * Web Push (DESIGN 10.3): the VAPID key pair (VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or generated once
   * into DATA_DIR/vapid.json: several nodes must be given the same pair), the subject push services may
   * contact (VAPID_SUBJECT, mailto:OPERATOR_EMAIL by default), and whether endpoints on loopback or private
   * addresses are taken (PUSH_ALLOW_PRIVATE_ENDPOINTS: tests and labs only).
   */
  push: { publicKey: string; privateKey: string; subject: string; allowPrivateEndpoints: boolean };
  /**
   * Search in Meilisearch (MEILI_URL, MEILI_KEY) instead of PostgreSQL; null: PostgreSQL (DESIGN 11.5).
   * The indexes are named MEILI_INDEX_PREFIX (tribes_ by default) and the kind: tribes_people, tribes_posts...
   */
  meili: MeiliSettings | null;
  /**
   * The translation provider (TRANSLATE_PROVIDER: libretranslate with TRANSLATE_URL and an optional
   * TRANSLATE_API_KEY, or deepl with TRANSLATE_API_KEY), or null: no translation is offered.
   */
  translation: TranslationSettings | null;
};

/** A translation provider's settings (DESIGN 11.5); the key is a secret, never logged. */
/** Where the search index lives in Meilisearch mode (DESIGN 11.5). */
export interface MeiliSettings {
  url: string;
  key: string | undefined;
  prefix: string;
}

export type TranslationSettings =
  | { provider: 'libretranslate'; url: string; apiKey: string | undefined; timeoutMs: number }
  | { provider: 'deepl'; url: string; apiKey: string; timeoutMs: number };

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

/**
 * The VAPID key pair of a node without VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY: generated once (P-256, as
 * web-push's generateVAPIDKeys does) and kept in DATA_DIR/vapid.json, so subscriptions survive restarts.
 */
function loadVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, 'vapid.json');
  try {
    const keys = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    if (keys.publicKey && keys.privateKey) return keys;
  } catch {
    // none yet, or unreadable: make a new pair below
  }
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  // A private key with leading zero bytes comes shorter: VAPID wants all 32.
  const secret = ecdh.getPrivateKey();
  const keys = {
    publicKey: ecdh.getPublicKey('base64url'),
    privateKey: Buffer.concat([Buffer.alloc(32 - secret.length), secret]).toString('base64url'),
  };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(keys, null, 2), { mode: 0o600 });
  return keys;
}

/** Reads and validates the configuration; throws ConfigError naming each bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(`Invalid configuration:\n${describeIssues(parsed.error.issues, cleaned).join('\n')}`);
  }
  const e = parsed.data;
  if (e.PAYMENT_PROVIDER === 'stripe' && (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError(
      'Invalid configuration:\n  PAYMENT_PROVIDER stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to be set',
    );
  }
  const firebase = firebaseConfig(e);
  const translation = translationConfig(e);
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError('Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together or not at all');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const needsDev = !e.APP_SECRET || !e.REVERB_APP_ID || !e.REVERB_APP_KEY || !e.REVERB_APP_SECRET;
  const dev = needsDev ? loadDevSecrets(dataDir) : undefined;
  const embedded = !e.DATABASE_URL;
  const production = e.NODE_ENV === 'production';
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT || 3000}`),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    storage: e.STORAGE_URL ?? null,
    mailFrom: e.MAIL_FROM,
    operatorEmail: e.OPERATOR_EMAIL,
    operatorEmails: e.OPERATOR_EMAILS,
    appSecret: e.APP_SECRET ?? dev!.appSecret,
    reverb: {
      appId: e.REVERB_APP_ID ?? dev!.reverbAppId,
      key: e.REVERB_APP_KEY ?? dev!.reverbKey,
      secret: e.REVERB_APP_SECRET ?? dev!.reverbSecret,
    },
    payment: {
      // The sandbox credits tokens without payment: a production node gets it only when it is named.
      provider: e.PAYMENT_PROVIDER ?? (production ? 'none' : 'sandbox'),
      stripeSecretKey: e.STRIPE_SECRET_KEY,
      stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
      tokenPriceCents: e.TOKEN_PRICE_CENTS,
      displayRates: e.TOKEN_DISPLAY_RATES ?? defaultDisplayRates(e.TOKEN_PRICE_CENTS),
    },
    map: { tileUrl: e.MAP_TILE_URL ?? DEFAULT_MAP_TILE_URL, attribution: e.MAP_ATTRIBUTION ?? null },
    seedDemo: e.SEED_DEMO ?? (!production && embedded),
    jobs: {
      enabled: e.JOBS_ENABLED ?? e.NODE_ENV !== 'test',
      mailRetryDelaySeconds: e.MAIL_RETRY_DELAY_SECONDS,
      maintenanceSeconds: e.JOBS_MAINTENANCE_SECONDS,
    },
    rateLimitScale: e.RATE_LIMIT_SCALE,
    reauthWindowSeconds: e.REAUTH_WINDOW_SECONDS,
    metricsToken: e.METRICS_TOKEN,
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR,
    trustProxy: e.TRUST_PROXY ?? false,
    firebase,
    oidcProviders: e.OIDC_PROVIDERS ?? [],
    push: {
      ...(e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : loadVapidKeys(dataDir)),
      subject: e.VAPID_SUBJECT ?? `mailto:${e.OPERATOR_EMAIL}`,
      allowPrivateEndpoints: e.PUSH_ALLOW_PRIVATE_ENDPOINTS ?? false,
    },
    meili: e.MEILI_URL ? { url: e.MEILI_URL, key: e.MEILI_KEY, prefix: e.MEILI_INDEX_PREFIX ?? 'tribes_' } : null,
    translation,
  };
}

/** The translation settings, or null without TRANSLATE_PROVIDER; throws when the provider's needs are unmet. */
function translationConfig(e: z.infer<typeof EnvSchema>): TranslationSettings | null {
  const timeoutMs = e.TRANSLATE_TIMEOUT_MS;
  if (e.TRANSLATE_PROVIDER === 'libretranslate') {
    if (!e.TRANSLATE_URL)
      throw new ConfigError('Invalid configuration:\n  TRANSLATE_PROVIDER libretranslate needs TRANSLATE_URL');
    return { provider: 'libretranslate', url: e.TRANSLATE_URL, apiKey: e.TRANSLATE_API_KEY, timeoutMs };
  }
  if (e.TRANSLATE_PROVIDER === 'deepl') {
    if (!e.TRANSLATE_API_KEY) throw new ConfigError('Invalid configuration:\n  TRANSLATE_PROVIDER deepl needs TRANSLATE_API_KEY');
    // DeepL's free keys end in ":fx" and are served by its api-free host.
    const host = e.TRANSLATE_API_KEY.endsWith(':fx') ? 'https://api-free.deepl.com' : 'https://api.deepl.com';
    return { provider: 'deepl', url: e.TRANSLATE_URL ?? host, apiKey: e.TRANSLATE_API_KEY, timeoutMs };
  }
  return null;
}

/** The Firebase settings, or null without FIREBASE_PROJECT_ID; throws when they do not fit together. */
function firebaseConfig(e: z.infer<typeof EnvSchema>): Config['firebase'] {
  const problems: string[] = [];
  if (!e.FIREBASE_PROJECT_ID) {
    for (const name of [
      'FIREBASE_API_KEY',
      'FIREBASE_AUTH_DOMAIN',
      'FIREBASE_AUTH_EMULATOR_HOST',
      'IDENTITY_PROVIDERS',
    ] as const) {
      if (e[name] !== undefined) problems.push(`  ${name} is set, so FIREBASE_PROJECT_ID must be set too`);
    }
    if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
    return null;
  }
  // The emulator takes any API key; a real project needs its own (the web SDK sends it to Google).
  if (!e.FIREBASE_API_KEY && !e.FIREBASE_AUTH_EMULATOR_HOST) {
    throw new ConfigError(
      'Invalid configuration:\n  FIREBASE_PROJECT_ID is set, so FIREBASE_API_KEY must be set too (the Web API key from the Firebase console)',
    );
  }
  return {
    projectId: e.FIREBASE_PROJECT_ID,
    apiKey: e.FIREBASE_API_KEY ?? 'emulator-api-key',
    authDomain: e.FIREBASE_AUTH_DOMAIN ?? `${e.FIREBASE_PROJECT_ID}.firebaseapp.com`,
    emulatorHost: e.FIREBASE_AUTH_EMULATOR_HOST,
    providers: e.IDENTITY_PROVIDERS ?? ['google', 'phone'],
  };
}
