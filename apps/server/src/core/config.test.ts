import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'tribes-config-'));

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

  it('requires the Stripe keys when the provider is stripe', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PAYMENT_PROVIDER: 'stripe' })).toThrow(/STRIPE_SECRET_KEY/);
  });
});
