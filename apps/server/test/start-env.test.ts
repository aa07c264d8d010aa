import { describe, expect, it } from 'vitest';
import { childEnv } from '../../../scripts/start-env.mjs';

/** `npm start`'s decision (scripts/start-env.mjs): the README's demo, or a production start that gets no demo defaults. */
describe('the environment npm start gives the server', () => {
  it('keeps the living demo of a plain `npm start`: production build, demo data, tokens through the sandbox', () => {
    expect(childEnv({ PATH: '/bin' })).toEqual({
      PATH: '/bin',
      NODE_ENV: 'production',
      SEED_DEMO: 'true',
      PAYMENT_PROVIDER: 'sandbox',
    });
    // NODE_ENV=development is not production either.
    expect(childEnv({ NODE_ENV: 'development' })).toMatchObject({ SEED_DEMO: 'true', PAYMENT_PROVIDER: 'sandbox' });
  });

  it('never overrides what the operator set (an empty value counts as unset, as the server reads it)', () => {
    expect(childEnv({ SEED_DEMO: 'false', PAYMENT_PROVIDER: 'stripe' })).toEqual({
      NODE_ENV: 'production',
      SEED_DEMO: 'false',
      PAYMENT_PROVIDER: 'stripe',
    });
    expect(childEnv({ NODE_ENV: 'test', PAYMENT_PROVIDER: '' })).toEqual({
      NODE_ENV: 'test',
      SEED_DEMO: 'true',
      PAYMENT_PROVIDER: 'sandbox',
    });
  });

  it('gives a real production start (NODE_ENV=production, or a PostgreSQL DATABASE_URL) none of the demo defaults', () => {
    expect(childEnv({ NODE_ENV: 'production' })).toEqual({ NODE_ENV: 'production' });
    const url = 'postgres://tribes@db/tribes';
    expect(childEnv({ DATABASE_URL: url })).toEqual({ NODE_ENV: 'production', DATABASE_URL: url });
    // What the operator asks for still goes through.
    expect(childEnv({ NODE_ENV: 'production', SEED_DEMO: 'true', PAYMENT_PROVIDER: 'sandbox' })).toEqual({
      NODE_ENV: 'production',
      SEED_DEMO: 'true',
      PAYMENT_PROVIDER: 'sandbox',
    });
  });
});
