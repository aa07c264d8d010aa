import { describe, expect, it } from 'vitest';
import type { Db, Tx } from './client.js';
import { createTransact, transaction } from './transaction.js';

/** A database whose transaction runs the work on a marker connection and logs commit or rollback. */
function fakeDb(log: string[]) {
  const tx = { marker: 'tx' } as unknown as Tx;
  const db = {
    async transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      log.push('begin');
      try {
        const result = await work(tx);
        log.push('commit');
        return result;
      } catch (err) {
        log.push('rollback');
        throw err;
      }
    },
  } as unknown as Db;
  return { db, tx };
}

describe('core/db transaction', () => {
  it('runs the work on the transaction and its after-commit effects in order after the commit', async () => {
    const log: string[] = [];
    const { db, tx } = fakeDb(log);
    const result = await transaction(db, async (conn, afterCommit) => {
      expect(conn).toBe(tx);
      afterCommit(() => log.push('effect 1'));
      afterCommit(async () => {
        await Promise.resolve();
        log.push('effect 2');
      });
      log.push('work');
      return 42;
    });
    expect(result).toBe(42);
    expect(log).toEqual(['begin', 'work', 'commit', 'effect 1', 'effect 2']);
  });

  it('drops the effects when the work throws, and rethrows', async () => {
    const log: string[] = [];
    const { db } = fakeDb(log);
    const transact = createTransact(db);
    await expect(
      transact(async (_tx, afterCommit) => {
        afterCommit(() => log.push('effect'));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(log).toEqual(['begin', 'rollback']);
  });
});
