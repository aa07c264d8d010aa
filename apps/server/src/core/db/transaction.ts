import type { Db, Tx } from './client.js';

/** Registers work to do once the transaction committed (a notification, a realtime event, a mail): never on rollback. */
export type AfterCommit = (effect: () => unknown) => void;

/** The work of one transaction: its connection, and where to put effects that must wait for the commit. */
export type TransactionWork<T> = (tx: Tx, afterCommit: AfterCommit) => Promise<T>;

/**
 * Runs `work` in one database transaction. The effects it registers through `afterCommit` run
 * after the commit, in order, each awaited; when the work throws (rollback) they are dropped and
 * the error goes on to the caller.
 */
export async function transaction<T>(db: Db, work: TransactionWork<T>): Promise<T> {
  const effects: (() => unknown)[] = [];
  const result = await db.transaction((tx) => work(tx, (effect) => void effects.push(effect)));
  for (const effect of effects) await effect();
  return result;
}

/**
 * A service's handle on transactions: the composition root binds it to the database, so no repo
 * hands its connection out and services never see a Drizzle database.
 */
export type Transact = <T>(work: TransactionWork<T>) => Promise<T>;

export const createTransact =
  (db: Db): Transact =>
  (work) =>
    transaction(db, work);
