import path from 'node:path';
import { ConfigError, loadConfig } from './core/config.js';
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from './core/data-dir-lock.js';

/** Start-up: config → database (migrated) → app → listen; SIGTERM or SIGINT drains and closes everything in order. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78);
    }
    throw err;
  }
  // One process owns an embedded database folder: a second one would lose acknowledged writes.
  let lock: DataDirLock | undefined;
  if (!config.databaseUrl) {
    try {
      lock = acquireDataDirLock(config.dataDir);
    } catch (err) {
      if (err instanceof DataDirLockedError) {
        console.error(err.message);
        process.exit(73);
      }
      throw err;
    }
    // Released on every orderly exit; after a SIGKILL the next start finds its owner gone.
    process.once('exit', () => lock?.release());
  }
  // Loaded once the folder is ours, so a refused second start exits before loading the whole app.
  const [{ openDatabase }, { buildApp }, { drainApp }] = await Promise.all([
    import('./core/db/client.js'),
    import('./app.js'),
    import('./shutdown.js'),
  ]);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'pglite') });
  // Nodes started together on one empty database take turns here: the migrations, the job queue's
  // schema (pg-boss makes it as it starts, in app.ready) and the demo decision would otherwise race
  // (deadlocks, duplicate schemas, a demo seeded twice). The next node finds them done.
  const app = await database.exclusive(async () => {
    await database.migrate();
    const built = await buildApp({ config, database });
    if (config.seedDemo) {
      const { seedDemo } = await import('./seed/demo.js');
      await seedDemo(built.ctx);
    }
    await built.ready();
    return built;
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const graceMs = config.shutdownGraceSeconds * 1000;
    app.log.info({ signal, graceSeconds: config.shutdownGraceSeconds }, 'draining');
    // The last resort if a step hangs past the grace (a database that never answers its close).
    const force = setTimeout(() => process.exit(1), graceMs + 10_000).unref();
    let code = 0;
    try {
      await drainApp(app, graceMs);
      await database.close();
      lock?.release();
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      code = 1;
    } finally {
      clearTimeout(force);
      process.exit(code);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = address && typeof address === 'object' ? address.port : config.port;
  const host = ['127.0.0.1', '0.0.0.0', '::'].includes(config.host) ? 'localhost' : config.host;
  console.log(`\nTribes is running at http://${host}:${port}\n`);
}

main().catch((err: unknown) => {
  console.error('Tribes failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
