import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.js';
import { caller } from '#test/call.js';
import { buyTokens, createTribe, newKey, signUp, signUpLeader } from '#test/factories.js';

let t: TestApp;
const call = caller(() => t, { prefix: '/api' });

/** Rows of a raw query, on either driver (PGlite answers { rows }, node-postgres too through Drizzle). */
async function rowsOf<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const res = (await t.app.ctx.db.execute(query)) as unknown as { rows: T[] } | T[];
  return Array.isArray(res) ? res : res.rows;
}

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('deleting the account of a donor with ledger lines (DESIGN 11.2)', () => {
  it('keeps the ledger exact: the lines stay, the balances hold, the person is gone', async () => {
    const leader = await signUpLeader(t);
    const tribe = await createTribe(t, leader.token);
    const donor = await signUp(t, { name: 'Donor To Forget' });
    await buyTokens(t, donor.token, 300);
    const gift = await call(
      'POST',
      '/v1/donations',
      donor.token,
      { target_type: 'tribe', target_id: tribe.id, amount: 120 },
      {
        'idempotency-key': newKey(),
      },
    );
    expect(gift.status).toBe(201);
    const donationId = gift.body.data.donation.id as string;
    // An export asked before leaving: its link and its file go with the account.
    const asked = await call('POST', '/v1/me/export', donor.token);
    expect(asked.status).toBe(202);
    await t.app.ctx.exports.flush();
    const exportLink = new URL((await call('GET', `/v1/me/exports/${asked.body.data.id}`, donor.token)).body.data.download_url);
    const [{ storage_key: zipKey }] = (await rowsOf<{ storage_key: string }>(
      sql`select storage_key from data_exports where user_id = ${donor.user.id}`,
    )) as [{ storage_key: string }];
    expect(await t.app.ctx.storage.open(zipKey)).not.toBeNull();
    const donorAccount = await t.app.ctx.ledger.accountOf('user', donor.user.id);
    const linesBefore = await rowsOf<{ id: string }>(
      sql`select id from ledger_transfers where from_account_id = ${donorAccount.id} or to_account_id = ${donorAccount.id} order by id`,
    );
    expect(linesBefore).toHaveLength(2);

    const res = await call('DELETE', '/v1/me', donor.token, { password: donor.password });
    expect(res.status).toBe(200);

    // The person is gone: no row with their name or email, their token and password no longer work.
    expect(await rowsOf(sql`select id from users where id = ${donor.user.id} or email = ${donor.email}`)).toEqual([]);
    expect((await call('GET', '/v1/me', donor.token)).status).toBe(401);
    expect((await call('POST', '/v1/auth/login', null, { email: donor.email, password: donor.password })).status).not.toBe(200);

    // The ledger is exact: every line stays, every balance equals its lines, all balances sum to zero.
    const linesAfter = await rowsOf<{ id: string }>(
      sql`select id from ledger_transfers where from_account_id = ${donorAccount.id} or to_account_id = ${donorAccount.id} order by id`,
    );
    expect(linesAfter).toEqual(linesBefore);
    expect(await t.app.ctx.ledger.checkInvariants()).toMatchObject({ ok: true, mismatched: [], total: 0 });
    expect(Number((await t.app.ctx.ledger.accountOf('tribe', tribe.id)).balance)).toBe(120);

    // The tribe's donations and public ledger still show the gift, without a name.
    const donations = await call('GET', `/v1/tribes/${tribe.id}/donations`);
    expect(donations.body.data.items).toEqual([expect.objectContaining({ id: donationId, amount: 120, donor: null })]);
    const ledger = await call('GET', `/v1/tribes/${tribe.id}/ledger`);
    expect(ledger.status).toBe(200);
    expect(JSON.stringify(ledger.body)).not.toContain('Donor To Forget');
    expect(JSON.stringify(donations.body)).not.toContain('Donor To Forget');

    // The export went with the account.
    const gone = await t.app.inject({ method: 'GET', url: `${exportLink.pathname}${exportLink.search}` });
    expect(gone.statusCode).toBe(410);
    expect(await t.app.ctx.storage.open(zipKey)).toBeNull();
  });
});
