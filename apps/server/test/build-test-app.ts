import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '#src/app.js';
import { createManualClock } from '#src/core/clock.js';
import { loadConfig } from '#src/core/config.js';
import type { Database } from '#src/core/db/client.js';
import { startMailSink, type MailSink } from './mail-sink.js';
import { createTestDatabase } from './test-database.js';

export interface TestAppOptions {
  /** Multiplies every rate limit; tests of a limit pass 1. */
  rateLimitScale?: number;
  /** Capture every log line (level debug) for assertions. */
  captureLogs?: boolean;
  env?: Record<string, string>;
  /** Adds routes or hooks before the app is sealed (e.g. a route that throws, to test the 500 path). */
  beforeReady?: (app: FastifyInstance) => void;
  /** Share another test app's database (a second node of one cluster). */
  database?: Database;
  realtime?: BuildAppOptions['realtime'];
  /** How often the app prunes old throttle hits (a test of the pruning shortens it). */
  throttlePruneMs?: number;
  /** The HTTPS agent for push services (a test's local push service with its own certificate). */
  pushAgent?: BuildAppOptions['pushAgent'];
}

export interface TestApp {
  app: FastifyInstance;
  mail: MailSink;
  clock: ReturnType<typeof createManualClock>;
  database: Database;
  logs: string[];
  close(): Promise<void>;
}

/** The real app on a fresh database, with real SMTP to an in-process sink and a clock the test moves. */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const mail = await startMailSink();
  const ownDatabase = !options.database;
  const database = options.database ?? (await createTestDatabase());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tribes-test-'));
  const clock = createManualClock(new Date());
  const logs: string[] = [];
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => logs.push(...chunk.toString().split('\n').filter(Boolean)));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SMTP_URL: mail.url,
    APP_SECRET: 'test-secret-test-secret-test-secret-0123',
    REVERB_APP_ID: '1001',
    REVERB_APP_KEY: 'test-key',
    REVERB_APP_SECRET: 'test-reverb-secret-0123',
    RATE_LIMIT_SCALE: String(options.rateLimitScale ?? 1000),
    LOG_LEVEL: options.captureLogs ? 'debug' : 'silent',
    SEED_DEMO: 'false',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    ...options.env,
  });
  const app = await buildApp({
    config,
    database,
    clock,
    logStream: options.captureLogs ? logStream : undefined,
    realtime: options.realtime,
    throttlePruneMs: options.throttlePruneMs,
    pushAgent: options.pushAgent,
  });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    mail,
    clock,
    database,
    logs,
    async close() {
      await app.close();
      if (ownDatabase) await database.close();
      await mail.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
