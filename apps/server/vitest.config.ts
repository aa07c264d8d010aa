import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const integration = ['src/**/*.int.test.ts', 'test/**/*.int.test.ts'];

/**
 * Integration files that test the HTTP server, its websockets, a child process or an outside
 * service (the S3 media store), not the database: the same on either, so they run on one leg only,
 * PostgreSQL (where a fresh database costs less than a PGlite instance). Files with a PostgreSQL
 * branch of their own (process, crash, built-server, fuzz) stay on both.
 */
const processOnly = [
  'test/http-timeouts.int.test.ts',
  'test/media-s3.int.test.ts',
  'test/postgres-outage.int.test.ts',
  'test/redis-outage.int.test.ts',
  'test/realtime-process.int.test.ts',
  'test/realtime-hostile.int.test.ts',
  'test/trust-proxy.int.test.ts',
  'test/startup-together.int.test.ts',
  'test/shutdown.int.test.ts',
  'test/node-kill.int.test.ts',
  // A minute of `npm ci --omit=dev`: once per run is proof enough.
  'test/production-install.int.test.ts',
];

/**
 * Three projects: unit tests (of src, and of scripts through test/); the API integration suite on PGlite; the same suite on a real
 * PostgreSQL server that the global setup starts and stops.
 */
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Vitest's default is one worker per core less one: a single, serial worker on 2 cores. These
    // files spend much of their time waiting on PostgreSQL, child processes, sockets and timers, so
    // two workers share 2 cores well.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      // test/*.test.ts (not .int): pure functions outside src, such as scripts/start-env.mjs.
      { extends: true, test: { name: 'unit', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], exclude: integration } },
      {
        extends: true,
        test: {
          name: 'api-pglite',
          include: integration,
          exclude: processOnly,
          env: { TEST_DB: 'pglite' },
          globalSetup: ['test/pglite-template.ts'],
        },
      },
      {
        extends: true,
        test: { name: 'api-postgres', include: integration, env: { TEST_DB: 'postgres' }, globalSetup: ['test/global-setup.ts'] },
      },
    ],
  },
});
