import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { bearer, buyTokens, leaderWithTribe, newKey, signUp } from '#test/factories.js';
import { ledgerAccounts } from '#src/core/db/schema/index.js';

/**
 * The ledger's invariant check (every balance equals its credits minus its debits; all balances sum
 * to zero) is what many money tests end on: here it is shown to notice a ledger written around the
 * ledger code. Each case corrupts the database directly, asserts the check (and GET
 * /v1/health/ledger) reports it, then puts the row back and sees the check pass again.
 */
let t: TestApp;
let world: Awaited<ReturnType<typeof ledgerWithMovements>>;
beforeAll(async () => {
  t = await buildTestApp();
  world = await ledgerWithMovements();
});
afterAll(async () => t.close());

const check = () => t.app.ctx.ledger.checkInvariants();
const health = async () => {
  const res = await t.app.inject({ url: '/api/v1/health/ledger' });
  return { status: res.statusCode, ok: res.json().data.ok as boolean };
};
const db = () => t.app.ctx.db;
/** Runs SQL with the transfers' immutability trigger off, as only a hand in the database could. */
const aroundTheTrigger = (statement: ReturnType<typeof sql>) =>
  db().transaction(async (tx) => {
    await tx.execute(sql`alter table ledger_transfers disable trigger ledger_transfers_no_update`);
    await tx.execute(statement);
    await tx.execute(sql`alter table ledger_transfers enable trigger ledger_transfers_no_update`);
  });

/** A donor who bought 300 tokens and gave 120 of them to a tribe: three accounts with movements. */
async function ledgerWithMovements() {
  const { tribe } = await leaderWithTribe(t);
  const donor = await signUp(t);
  await buyTokens(t, donor.token, 300);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/donations',
    payload: { target_type: 'tribe', target_id: tribe.id, amount: 120 },
    headers: { ...bearer(donor.token), 'idempotency-key': newKey() },
  });
  expect(res.statusCode).toBe(201);
  const donorAccount = await t.app.ctx.ledger.accountOf('user', donor.user.id);
  const tribeAccount = await t.app.ctx.ledger.accountOf('tribe', tribe.id);
  expect([Number(donorAccount.balance), Number(tribeAccount.balance)]).toEqual([180, 120]);
  const [donation] = await rowsOf<{ id: string }>(
    sql`select id from ledger_transfers where kind = 'donation' and to_account_id = ${tribeAccount.id}`,
  );
  const transferId = donation!.id;
  return { donor: donorAccount.id, tribe: tribeAccount.id, transferId };
}

/** Rows of a raw query, from either driver (PGlite answers { rows }, node-postgres through drizzle too). */
async function rowsOf<T>(statement: ReturnType<typeof sql>): Promise<T[]> {
  const res = (await db().execute(statement)) as unknown as { rows: T[] } | T[];
  return Array.isArray(res) ? res : res.rows;
}

describe("the ledger's invariant check", () => {
  it('holds on a ledger the app wrote', async () => {
    expect(await check()).toMatchObject({ ok: true, mismatched: [], total: 0 });
    expect(await health()).toEqual({ status: 200, ok: true });
  });

  it('flags a balance changed in the database without a transfer, and the health endpoint answers 500', async () => {
    const { tribe } = world;
    await db()
      .update(ledgerAccounts)
      .set({ balance: sql`${ledgerAccounts.balance} + 7` })
      .where(sql`${ledgerAccounts.id} = ${tribe}`);
    try {
      expect(await check()).toMatchObject({ ok: false, mismatched: [tribe], total: 7 });
      expect(await health()).toEqual({ status: 500, ok: false });
    } finally {
      await db()
        .update(ledgerAccounts)
        .set({ balance: sql`${ledgerAccounts.balance} - 7` })
        .where(sql`${ledgerAccounts.id} = ${tribe}`);
    }
    expect(await check()).toMatchObject({ ok: true, mismatched: [] });
  });

  it('flags tokens moved between two balances without a transfer, though the total still sums to zero', async () => {
    const { donor, tribe } = world;
    const shift = (from: string, to: string) =>
      db().execute(
        sql`update ledger_accounts set balance = balance + case when id = ${to} then 5 else -5 end where id in (${from}, ${to})`,
      );
    await shift(donor, tribe);
    try {
      const result = await check();
      expect(result).toMatchObject({ ok: false, total: 0 });
      expect([...result.mismatched].sort()).toEqual([donor, tribe].sort());
      expect(await health()).toEqual({ status: 500, ok: false });
    } finally {
      await shift(tribe, donor);
    }
    expect((await check()).ok).toBe(true);
  });

  it('flags a transfer whose amount was changed in the database, on both of its accounts', async () => {
    const { donor, tribe, transferId } = world;
    await aroundTheTrigger(sql`update ledger_transfers set amount = amount + 30 where id = ${transferId}`);
    try {
      const result = await check();
      // Balances untouched, so they still sum to zero: only the per-account comparison sees it.
      expect(result).toMatchObject({ ok: false, total: 0 });
      expect([...result.mismatched].sort()).toEqual([donor, tribe].sort());
      expect(await health()).toEqual({ status: 500, ok: false });
    } finally {
      await aroundTheTrigger(sql`update ledger_transfers set amount = amount - 30 where id = ${transferId}`);
    }
    expect((await check()).ok).toBe(true);
  });

  it('flags a transfer written without its balance updates, and one removed', async () => {
    const { donor, tribe } = world;
    const [stray] = await rowsOf<{ id: string }>(
      sql`insert into ledger_transfers (from_account_id, to_account_id, amount, kind) values (${tribe}, ${donor}, 20, 'refund') returning id`,
    );
    try {
      const result = await check();
      expect(result.ok).toBe(false);
      expect([...result.mismatched].sort()).toEqual([donor, tribe].sort());
    } finally {
      await aroundTheTrigger(sql`delete from ledger_transfers where id = ${stray!.id}`);
    }
    expect((await check()).ok).toBe(true);

    // A movement the ledger code made (both balances and its transfer), then its transfer removed.
    const moved = await db().transaction((tx) =>
      t.app.ctx.ledger.transfer(tx, {
        fromId: tribe,
        toId: donor,
        amount: 15,
        kind: 'test',
        referenceId: null,
        at: t.clock.now(),
      }),
    );
    expect((await check()).ok).toBe(true);
    await aroundTheTrigger(sql`delete from ledger_transfers where id = ${moved.id}`);
    try {
      const result = await check();
      expect(result).toMatchObject({ ok: false, total: 0 });
      expect([...result.mismatched].sort()).toEqual([donor, tribe].sort());
    } finally {
      // Undo the movement's balances: the ledger is then as it was before it.
      await db().execute(
        sql`update ledger_accounts set balance = balance + case when id = ${tribe} then 15 else -15 end where id in (${tribe}, ${donor})`,
      );
    }
    expect((await check()).ok).toBe(true);
  });
});
