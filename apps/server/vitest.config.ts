import { defineConfig } from 'vitest/config';

const integration = ['src/**/*.int.test.ts', 'test/**/*.int.test.ts'];

/**
 * Three projects: unit tests; the API integration suite on PGlite; the same suite on a real
 * PostgreSQL server that the global setup starts and stops.
 */
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['src/**/*.test.ts'], exclude: integration } },
      { extends: true, test: { name: 'api-pglite', include: integration, env: { TEST_DB: 'pglite' } } },
      {
        extends: true,
        test: { name: 'api-postgres', include: integration, env: { TEST_DB: 'postgres' }, globalSetup: ['test/global-setup.ts'] },
      },
    ],
  },
});
