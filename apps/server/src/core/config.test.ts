import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// As in the running server: @tribes/shared installs zod's catalogue-key error map for the API.
import '@tribes/shared';
import { ConfigError, loadConfig, trustProxyOption } from './config.js';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'tribes-config-'));

/** The message of the ConfigError that `env` gets (fails when it loads). */
const message = (env: Record<string, string>) => {
  try {
    loadConfig({ DATA_DIR: dataDir(), ...env });
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('expected a ConfigError');
};

describe('loadConfig', () => {
  it('applies the defaults of DESIGN section 3', () => {
    const c = loadConfig({ DATA_DIR: dataDir() });
    expect(c.port).toBe(3000);
    expect(c.host).toBe('127.0.0.1');
    expect(c.publicUrl.href).toBe('http://localhost:3000/');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.seedDemo).toBe(true);
    expect(c.rateLimitScale).toBe(1);
    expect(c.payment).toMatchObject({ provider: 'sandbox', tokenPriceCents: 1 });
  });

  it('serves OpenStreetMap tiles with the attribution left to the web unless MAP_TILE_URL and MAP_ATTRIBUTION say otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).map).toEqual({
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: null,
    });
    const own = loadConfig({
      DATA_DIR: dataDir(),
      MAP_TILE_URL: 'https://tiles.example/{z}/{x}/{y}.webp',
      MAP_ATTRIBUTION: '&copy; Example Maps',
    });
    expect(own.map).toEqual({ tileUrl: 'https://tiles.example/{z}/{x}/{y}.webp', attribution: '&copy; Example Maps' });
    expect(message({ MAP_TILE_URL: 'https://tiles.example/tile.png' })).toContain(
      'MAP_TILE_URL must be a tile URL template with {z}, {x} and {y}',
    );
    expect(message({ MAP_TILE_URL: 'ftp://tiles.example/{z}/{x}/{y}.png' })).toContain(
      'MAP_TILE_URL must be a URL starting with',
    );
  });

  it('reads OPERATOR_EMAILS as a lower-cased list, empty by default, and refuses one that is not an email', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).operatorEmails).toEqual([]);
    expect(loadConfig({ DATA_DIR: dataDir(), OPERATOR_EMAILS: ' Ops@Example.org, ,b@example.org ' }).operatorEmails).toEqual([
      'ops@example.org',
      'b@example.org',
    ]);
    expect(message({ OPERATOR_EMAILS: 'ops@example.org, not-an-email' })).toContain('OPERATOR_EMAILS');
  });

  it('defaults PUBLIC_URL to the chosen port, so the realtime host, CORS and Origin checks follow PORT', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), PORT: '4000' }).publicUrl.href).toBe('http://localhost:4000/');
    expect(loadConfig({ DATA_DIR: dataDir(), PORT: '4000', PUBLIC_URL: 'https://tribes.example' }).publicUrl.href).toBe(
      'https://tribes.example/',
    );
  });

  it('generates dev secrets once and keeps them across restarts', () => {
    const dir = dataDir();
    const a = loadConfig({ DATA_DIR: dir });
    const b = loadConfig({ DATA_DIR: dir });
    expect(a.appSecret.length).toBeGreaterThanOrEqual(32);
    expect(b.appSecret).toBe(a.appSecret);
    expect(b.reverb).toEqual(a.reverb);
  });

  it('turns demo data off by default with PostgreSQL', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://u@h/db' }).seedDemo).toBe(false);
  });

  it('names every bad variable in one clear message', () => {
    const run = () =>
      loadConfig({ DATA_DIR: dataDir(), PORT: 'eighty', DATABASE_URL: 'mysql://x', RATE_LIMIT_SCALE: '-2', SEED_DEMO: 'maybe' });
    expect(run).toThrow(ConfigError);
    try {
      run();
    } catch (err) {
      const message = (err as Error).message;
      expect(message).toMatch(/^Invalid configuration:/);
      for (const name of ['PORT', 'DATABASE_URL', 'RATE_LIMIT_SCALE', 'SEED_DEMO']) expect(message).toContain(name);
    }
  });

  it('turns purchases off and demo data off under NODE_ENV=production unless they are asked for', () => {
    const production = (env: Record<string, string> = {}) => loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production', ...env });
    // The sandbox credits tokens without payment: a production node that forgets PAYMENT_PROVIDER sells none.
    expect(production().payment.provider).toBe('none');
    expect(production({ PAYMENT_PROVIDER: 'sandbox' }).payment.provider).toBe('sandbox');
    // The demo's password is in the README: no seed in production, embedded database or not.
    expect(production().seedDemo).toBe(false);
    expect(production({ DATABASE_URL: 'postgres://u@h/db' }).seedDemo).toBe(false);
    expect(production({ SEED_DEMO: 'true' }).seedDemo).toBe(true);
    // Outside production, today's defaults: the sandbox, and the demo with the embedded database.
    expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'development' }).payment.provider).toBe('sandbox');
    expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'test' }).payment.provider).toBe('sandbox');
    // An operator may turn purchases off anywhere.
    expect(loadConfig({ DATA_DIR: dataDir(), PAYMENT_PROVIDER: 'none' }).payment.provider).toBe('none');
  });

  it('gives requests and jobs 15 s to finish on SIGTERM unless SHUTDOWN_GRACE_SECONDS says 1 to 600', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).shutdownGraceSeconds).toBe(15);
    expect(loadConfig({ DATA_DIR: dataDir(), SHUTDOWN_GRACE_SECONDS: '600' }).shutdownGraceSeconds).toBe(600);
    for (const bad of ['0', '601', '2.5', 'soon', '-1'])
      expect(message({ SHUTDOWN_GRACE_SECONDS: bad })).toContain('SHUTDOWN_GRACE_SECONDS must be a whole number from 1 to 600');
  });

  it('requires the Stripe keys when the provider is stripe', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PAYMENT_PROVIDER: 'stripe' })).toThrow(/STRIPE_SECRET_KEY/);
  });

  it('says what is wrong with each variable in plain English, never a message key', () => {
    const cases: [Record<string, string>, string][] = [
      [{ REVERB_APP_SECRET: 'short' }, 'REVERB_APP_SECRET must be at least 16 characters'],
      [{ APP_SECRET: 'short' }, 'APP_SECRET must be at least 32 characters'],
      [{ PORT: 'eighty' }, 'PORT must be a whole number from 0 to 65535 (got "eighty")'],
      [{ PORT: '70000' }, 'PORT must be a whole number from 0 to 65535 (got "70000")'],
      [{ PUBLIC_URL: 'tribes.example' }, 'PUBLIC_URL must be a URL starting with http:// or https:// (got "tribes.example")'],
      [{ DATABASE_URL: 'mysql://u:pw@h/db' }, 'DATABASE_URL must be a URL starting with postgres:// or postgresql://'],
      [{ REDIS_URL: 'http://h' }, 'REDIS_URL must be a URL starting with redis:// or rediss://'],
      [{ SMTP_URL: 'mail' }, 'SMTP_URL must be a URL starting with smtp:// or smtps://'],
      [{ NODE_ENV: 'prod' }, 'NODE_ENV must be one of development, production, test (got "prod")'],
      [{ PAYMENT_PROVIDER: 'paypal' }, 'PAYMENT_PROVIDER must be one of sandbox, stripe, none (got "paypal")'],
      [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")'],
      [{ OPERATOR_EMAIL: 'ops' }, 'OPERATOR_EMAIL must be an email address (got "ops")'],
      [{ MAIL_FROM: 'x' }, 'MAIL_FROM must be at least 3 characters'],
      [{ TOKEN_PRICE_CENTS: '0' }, 'TOKEN_PRICE_CENTS must be a whole number from 1 to 1000000 (got "0")'],
      [{ TOKEN_PRICE_CENTS: '1.5' }, 'TOKEN_PRICE_CENTS must be a whole number from 1 to 1000000'],
      [{ RATE_LIMIT_SCALE: '-2' }, 'RATE_LIMIT_SCALE must be a number greater than 0 and at most 1000000 (got "-2")'],
      [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO must be true or false (or 1/0, yes/no, on/off) (got "maybe")'],
      [
        { TRUST_PROXY: 'yes' },
        'TRUST_PROXY must be a hop count (like 1) or a comma-separated list of proxy IP addresses or CIDRs',
      ],
      [{ TRUST_PROXY: '10.0.0.0/33' }, '"10.0.0.0/33" is not one'],
      [{ TRUST_PROXY: '10.0.0.1,,::1' }, '(an empty entry) is not one'],
      [{ TRUST_PROXY: '1000' }, 'TRUST_PROXY must be a hop count from 0 to 100'],
    ];
    for (const [env, expected] of cases) {
      const text = message(env);
      expect(text).toContain(expected);
      expect(text).not.toMatch(/validation\.|Invalid input|Too small|expected (string|number)/);
    }
    // Values that may hold a secret or a password are never echoed.
    expect(message({ REVERB_APP_SECRET: 'short' })).not.toContain('short');
    expect(message({ DATABASE_URL: 'mysql://u:pw@h/db' })).not.toContain('pw');
  });

  it('stops on a METRICS_TOKEN shorter than 16 characters or unfit for a bearer header, naming the variable and never echoing it', () => {
    const short = message({ METRICS_TOKEN: 'abc123' });
    expect(short).toContain('METRICS_TOKEN must be at least 16 characters');
    expect(short).not.toContain('abc123');
    const spaced = message({ METRICS_TOKEN: 'a long token with spaces in it' });
    expect(spaced).toContain('METRICS_TOKEN must hold only letters, digits');
    expect(spaced).not.toContain('spaces in it');
    expect(loadConfig({ DATA_DIR: dataDir() }).metricsToken).toBeUndefined();
    const token = 'f'.repeat(64);
    expect(loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: token }).metricsToken).toBe(token);
  });

  it('has no Firebase and no OpenID Connect issuer unless configured', () => {
    const c = loadConfig({ DATA_DIR: dataDir() });
    expect(c.firebase).toBeNull();
    expect(c.oidcProviders).toEqual([]);
  });

  it('reads the Firebase settings, with the emulator, defaults and IDENTITY_PROVIDERS', () => {
    const c = loadConfig({
      DATA_DIR: dataDir(),
      FIREBASE_PROJECT_ID: 'tribes-prod',
      FIREBASE_API_KEY: 'AIzaKey',
      FIREBASE_AUTH_DOMAIN: 'login.tribes.example',
      IDENTITY_PROVIDERS: ' Phone, google,apple,facebook,phone ',
    });
    expect(c.firebase).toEqual({
      projectId: 'tribes-prod',
      apiKey: 'AIzaKey',
      authDomain: 'login.tribes.example',
      emulatorHost: undefined,
      providers: ['phone', 'google', 'apple', 'facebook'],
    });
    // With the emulator no real API key is needed; the auth domain and the providers have defaults.
    const emulated = loadConfig({
      DATA_DIR: dataDir(),
      FIREBASE_PROJECT_ID: 'demo-tribes',
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
    });
    expect(emulated.firebase).toMatchObject({
      projectId: 'demo-tribes',
      authDomain: 'demo-tribes.firebaseapp.com',
      emulatorHost: '127.0.0.1:9099',
      providers: ['google', 'phone'],
    });
    expect(emulated.firebase?.apiKey).toBeTruthy();
  });

  it('reads OIDC_PROVIDERS as a JSON list of issuers', () => {
    const c = loadConfig({
      DATA_DIR: dataDir(),
      OIDC_PROVIDERS: JSON.stringify([
        {
          id: 'keycloak',
          name: 'Community login',
          issuer: 'https://id.example/realms/t',
          client_id: 'tribes',
          client_secret: 's3cret',
        },
      ]),
    });
    expect(c.oidcProviders).toEqual([
      {
        id: 'keycloak',
        name: 'Community login',
        issuer: 'https://id.example/realms/t',
        clientId: 'tribes',
        clientSecret: 's3cret',
      },
    ]);
  });

  it('refuses bad identity settings in plain English, never echoing OIDC_PROVIDERS (it holds client secrets)', () => {
    const firebase = { FIREBASE_PROJECT_ID: 'demo-tribes', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' };
    const provider = { id: 'kc', name: 'KC', issuer: 'https://id.example', client_id: 'c', client_secret: 'top-secret-value' };
    const cases: [Record<string, string>, string][] = [
      [
        { ...firebase, IDENTITY_PROVIDERS: 'google,twitter' },
        'IDENTITY_PROVIDERS must be a comma-separated list of google, apple, facebook, phone; "twitter" is not one of them',
      ],
      [{ IDENTITY_PROVIDERS: 'google' }, 'IDENTITY_PROVIDERS is set, so FIREBASE_PROJECT_ID must be set too'],
      [{ FIREBASE_PROJECT_ID: 'tribes-prod' }, 'FIREBASE_PROJECT_ID is set, so FIREBASE_API_KEY must be set too'],
      [{ FIREBASE_PROJECT_ID: 'Not A Project' }, 'FIREBASE_PROJECT_ID must be a Firebase project id'],
      [
        { ...firebase, FIREBASE_AUTH_EMULATOR_HOST: 'localhost' },
        'FIREBASE_AUTH_EMULATOR_HOST must be host:port of the Auth emulator',
      ],
      [
        { OIDC_PROVIDERS: '[{"id": "kc",' },
        'OIDC_PROVIDERS must be a JSON list of {"id", "name", "issuer", "client_id", "client_secret"}, but it is not valid JSON',
      ],
      [{ OIDC_PROVIDERS: '{"id": "kc"}' }, 'but it is not a list'],
      [{ OIDC_PROVIDERS: JSON.stringify([{ ...provider, client_id: undefined }]) }, 'entry 1 has no "client_id" text'],
      [
        { OIDC_PROVIDERS: JSON.stringify([provider, { ...provider, id: 'kc2', issuer: 'id.example' }]) },
        'entry 2 ("kc2") has an issuer that is not a URL',
      ],
      [{ OIDC_PROVIDERS: JSON.stringify([provider, provider]) }, 'the id "kc" is used twice'],
      [{ OIDC_PROVIDERS: JSON.stringify([{ ...provider, id: 'Key Cloak' }]) }, 'has the id "Key Cloak", which must be'],
    ];
    for (const [env, expected] of cases) {
      const text = message(env);
      expect(text).toContain(expected);
      expect(text).not.toMatch(/validation\.|Invalid input|expected (string|number)/);
      expect(text).not.toContain('top-secret-value');
    }
  });

  it('trusts no proxy unless TRUST_PROXY says which', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production' }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      'fd00::/8',
    ]);
  });

  it('turns a hop count into a function trusting that many nearest hops (Fastify ignores a bare number)', () => {
    const trust = trustProxyOption(2);
    expect(typeof trust).toBe('function');
    const fn = trust as (address: string, hop: number) => boolean;
    expect([fn('127.0.0.1', 0), fn('10.0.0.1', 1), fn('203.0.113.1', 2)]).toEqual([true, true, false]);
    expect(trustProxyOption(false)).toBe(false);
    expect(trustProxyOption(['10.0.0.0/8'])).toEqual(['10.0.0.0/8']);
  });
});

describe('VAPID keys (DESIGN 10.3)', () => {
  it('generates a key pair into DATA_DIR once and reads the same pair on the next start', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).push;
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    expect(loadConfig({ DATA_DIR: dir }).push).toMatchObject({ publicKey: first.publicKey, privateKey: first.privateKey });
    expect(first).toMatchObject({ subject: 'mailto:operators@localhost', allowPrivateEndpoints: false });
  });

  it('takes a configured pair and subject, and refuses half a pair or a malformed key', () => {
    const pub = `B${'A'.repeat(86)}`;
    const priv = 'A'.repeat(43);
    const push = loadConfig({
      DATA_DIR: dataDir(),
      VAPID_PUBLIC_KEY: pub,
      VAPID_PRIVATE_KEY: priv,
      VAPID_SUBJECT: 'https://tribes.example',
    }).push;
    expect(push).toMatchObject({ publicKey: pub, privateKey: priv, subject: 'https://tribes.example' });
    expect(() => loadConfig({ DATA_DIR: dataDir(), VAPID_PUBLIC_KEY: pub })).toThrow(/VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), VAPID_PRIVATE_KEY: 'short' })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), VAPID_SUBJECT: 'http://insecure.example' })).toThrow(/VAPID_SUBJECT/);
    expect(loadConfig({ DATA_DIR: dataDir(), PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true' }).push.allowPrivateEndpoints).toBe(true);
  });

  it('reads Meilisearch mode from MEILI_URL, its key and an index prefix of safe characters', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).meili).toBeNull();
    expect(loadConfig({ DATA_DIR: dataDir(), MEILI_URL: 'http://127.0.0.1:7700' }).meili).toEqual({
      url: 'http://127.0.0.1:7700',
      key: undefined,
      prefix: 'tribes_',
    });
    const own = loadConfig({
      DATA_DIR: dataDir(),
      MEILI_URL: 'https://meili.example',
      MEILI_KEY: 'k',
      MEILI_INDEX_PREFIX: 'site-2_',
    });
    expect(own.meili).toMatchObject({ key: 'k', prefix: 'site-2_' });
    expect(() => loadConfig({ DATA_DIR: dataDir(), MEILI_URL: 'https://meili.example', MEILI_INDEX_PREFIX: 'a/b' })).toThrow(
      /MEILI_INDEX_PREFIX/,
    );
  });
});
