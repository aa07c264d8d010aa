/**
 * `npm run operator -- grant EMAIL` / `npm run operator -- revoke EMAIL`: makes the account with this
 * (verified) email an operator of the whole site, or no longer one (DESIGN 11.2). Each change is written
 * to the audit log as an act of the command line. The last operator is never revoked.
 *
 * The database is the server's: DATABASE_URL (PostgreSQL, online), else the embedded one in DATA_DIR,
 * which only one process may hold: stop the server first, as for a backup.
 * Exit codes: 0 done (or nothing to change), 64 usage, 65 unverified email or last operator, 67 no such
 * account, 73 the embedded database is in use, 78 configuration error.
 */
import path from 'node:path';
import { systemClock } from '../apps/server/src/core/clock.js';
import { ConfigError, loadConfig } from '../apps/server/src/core/config.js';
import { acquireDataDirLock, DataDirLockedError } from '../apps/server/src/core/data-dir-lock.js';
import { fail } from './backup-cli.js';

const [command, email, ...extra] = process.argv.slice(2);
if ((command !== 'grant' && command !== 'revoke') || !email || extra.length > 0) {
  fail(64, 'Usage: npm run operator -- grant EMAIL   |   npm run operator -- revoke EMAIL');
}

let config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) fail(78, err.message);
  throw err;
}
if (!config.databaseUrl) {
  try {
    const lock = acquireDataDirLock(config.dataDir);
    process.once('exit', () => lock.release());
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    fail(
      73,
      `DATA_DIR ${config.dataDir} is in use by a running Tribes server (pid ${err.ownerPid}): the embedded database has one ` +
        'owner. Stop the server, run this command, then start the server again. Nothing was changed.',
    );
  }
}

// Loaded once the database is ours, like the server's own start-up.
const [{ openDatabase }, { createAdminModule }] = await Promise.all([
  import('../apps/server/src/core/db/client.js'),
  import('../apps/server/src/modules/admin/index.js'),
]);
const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'pglite') });
try {
  await database.exclusive(() => database.migrate());
  const { operators } = createAdminModule({ db: database.db, clock: systemClock, operatorEmails: [] });
  const result = command === 'grant' ? await operators.grant(email) : await operators.revoke(email);
  if (!result.ok) {
    const messages = {
      unknown_email: [67, `No account has the email ${email}. Nothing was changed.`],
      unverified_email: [
        65,
        `The account of ${email} has not verified its email: it cannot be an operator yet. Nothing was changed.`,
      ],
      last_operator: [65, `${email} is the last operator: grant another account first. Nothing was changed.`],
    } as const;
    const [code, message] = messages[result.reason];
    await database.close();
    fail(code, message);
  }
  console.log(
    command === 'grant'
      ? result.changed
        ? `${email} is now an operator.`
        : `${email} was already an operator.`
      : result.changed
        ? `${email} is no longer an operator.`
        : `${email} was not an operator.`,
  );
} finally {
  await database.close();
}
