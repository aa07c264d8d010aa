import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../error-handler.js';
import { openDatabase, ping, type Database } from './client.js';

/**
 * A PostgreSQL host that takes the TCP connection and then says nothing (a frozen server, a network
 * that drops packets): a request must fail in seconds as "database unavailable", not wait forever.
 */
let silent: Server;
let database: Database;
const sockets: Socket[] = [];
beforeAll(async () => {
  silent = createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const { port } = silent.address() as { port: number };
  database = await openDatabase({ url: `postgres://tribes@127.0.0.1:${port}/postgres`, poolSize: 1 });
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await database?.close().catch(() => undefined);
  await new Promise((resolve) => silent?.close(resolve));
});

describe('a database that never answers', () => {
  it('fails the query as unavailable instead of hanging', async () => {
    const outcome = await Promise.race([
      ping(database.db).then(
        () => 'answered',
        (err: unknown) => err,
      ),
      // Hang guard only, not a speed assertion: without a connect timeout the query never settles.
      new Promise((resolve) => setTimeout(() => resolve('hung'), 15_000)),
    ]);
    expect(outcome).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(outcome)).toBe(true);
  }, 30_000);
});

describe('isDatabaseUnavailable', () => {
  const withCode = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['an administrator shutdown', withCode('terminating connection due to administrator command', '57P01')],
    ['a server starting up', withCode('the database system is starting up', '57P03')],
    ['a connection failure', withCode('could not connect', '08006')],
    ['a cut connection', new Error('Connection terminated unexpectedly')],
    ['a connect timeout', new Error('timeout exceeded when trying to connect')],
    ['wrapped by Drizzle', new Error('Failed query: select 1', { cause: withCode('connect ECONNREFUSED', 'ECONNREFUSED') })],
    ['every address refused', new AggregateError([withCode('connect ECONNREFUSED ::1', 'ECONNREFUSED')], '')],
  ])('knows %s', (_name, error) => expect(isDatabaseUnavailable(error)).toBe(true));

  it.each([
    ['a unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['a bug', new TypeError('x is undefined')],
    ['nothing', undefined],
  ])('leaves %s alone', (_name, error) => expect(isDatabaseUnavailable(error)).toBe(false));
});
