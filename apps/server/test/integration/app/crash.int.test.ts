import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '#src/core/db/client.js';
import { startServerProcess } from '#test/server-process.js';
import { createTestDatabase, TEST_DB } from '#test/test-database.js';

// Issue 11, Tests: donations racing with retries, the server SIGKILLed mid-run and restarted on the
// same data, every lost answer retried with its key: sum of balances zero, no negative account, no
// key applied twice, every 2xx donation present. On PGlite (DATA_DIR) and PostgreSQL (DATABASE_URL).
// Issue 16: expense payouts and refunds race with them, and are retried the same way: each once.
const dataDir = mkdtempSync(path.join(tmpdir(), 'tribes-crash-'));
let pg: (Database & { url?: string }) | undefined;
afterAll(async () => {
  await pg?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function env(): Promise<Record<string, string>> {
  // A production node sells tokens only through a provider it is given: the sandbox, named.
  const e: Record<string, string> = {
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    RATE_LIMIT_SCALE: '100000',
    PAYMENT_PROVIDER: 'sandbox',
  };
  if (TEST_DB === 'postgres') {
    pg ??= await createTestDatabase({ migrate: false });
    e.DATABASE_URL = pg.url!;
  }
  return e;
}

type Server = Awaited<ReturnType<typeof startServerProcess>>;
type Answer = { status: number; body: { status: string; data: Record<string, unknown> } };

/** One JSON request to a server process; rejects when the connection dies before the answer. */
async function call(server: Server, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.baseUrl}${url}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

/** Registers through the API, reading the emailed code from the dev mailbox the server prints. */
async function signUp(server: Server, name: string, email: string): Promise<Record<string, string>> {
  const registered = await call(server, 'POST', '/api/v1/auth/register', {
    name,
    email,
    password: 'a fine passphrase for crashing',
    password_confirmation: 'a fine passphrase for crashing',
  });
  expect(registered.status).toBeLessThan(300);
  const pattern = new RegExp(`\\[dev mailbox\\] ${email.replace(/[.+]/g, '\\$&')}: email-verification code (\\d{6})`);
  let code: string | undefined;
  const until = Date.now() + 10_000;
  while (!code && Date.now() < until) {
    code = pattern.exec(server.output())?.[1];
    if (!code) await new Promise((r) => setTimeout(r, 20));
  }
  const verified = await call(server, 'POST', '/api/v1/auth/email/otp/verify', { email, code, purpose: 'email-verification' });
  return { authorization: `Bearer ${verified.body.data.auth_token as string}` };
}

const DONORS = 4;
/** Expenses proposed by donor 1 and approved before the race, paid during it (10 tokens each). */
const EXPENSES = 6;
/** Donor 3's gift to the tribe before the race: what the payouts draw on. */
const FUND = 100;
/** Donor 2's small gifts before the race (5 tokens each), refunded during it. */
const REFUNDED = 3;
const PER_DONOR = 40;
const BOUGHT = 1000;

interface Attempt {
  donor: number;
  key: string;
  body: { target_type: 'tribe' | 'campaign'; target_id: string; amount: number };
  /** The donation id of a 2xx answer, once one arrived. */
  donationId?: string;
}

describe('a crash in the middle of racing donations, payouts and refunds', () => {
  it('keeps every acknowledged donation, pays each expense and refunds each gift once, and balances the ledger after a SIGKILL and retries', async () => {
    let server = await startServerProcess(await env());
    const donors: Record<string, string>[] = [];
    let tribeId: string;
    let campaignId: string;
    const expenseIds: string[] = [];
    const refundIds: string[] = [];
    try {
      for (let d = 0; d < DONORS; d++) donors.push(await signUp(server, `Donor ${d}`, `crash-donor-${d}@example.test`));
      const leader = donors[0]!;
      expect((await call(server, 'PUT', '/api/v1/me/role', { role: 'leader' }, donors[0]!)).status).toBe(200);
      const tribe = await call(server, 'POST', '/api/v1/tribes', { name: 'Crash Tribe', lat: 1, lng: 1, region: 'Test' }, leader);
      tribeId = (tribe.body.data.tribe as { id: string }).id;
      const campaign = await call(
        server,
        'POST',
        `/api/v1/tribes/${tribeId}/campaigns`,
        {
          title: 'Crash roof',
          description: 'Racing donations',
          goal: 100_000,
          ends_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        },
        leader,
      );
      campaignId = (campaign.body.data.campaign as { id: string }).id;
      for (const [d, auth] of donors.entries()) {
        const purchase = await call(
          server,
          'POST',
          '/api/v1/wallet/purchases',
          { tokens: BOUGHT },
          { ...auth, 'idempotency-key': `buy-${d}` },
        );
        const paid = await call(
          server,
          'POST',
          `/api/v1/payments/sandbox/${purchase.body.data.payment_id as string}/complete`,
          { outcome: 'succeeded' },
          auth,
        );
        expect(paid.body.data.balance).toBe(BOUGHT);
      }
      // The treasury's side: donors 1-3 join; donor 3 funds the tribe; donor 2 gives three small gifts;
      // donor 1 proposes expenses, which the (only) leader approves.
      for (const auth of donors.slice(1))
        expect((await call(server, 'POST', `/api/v1/tribes/${tribeId}/join`, undefined, auth)).status).toBeLessThan(300);
      const give = (auth: Record<string, string>, amount: number, key: string) =>
        call(
          server,
          'POST',
          '/api/v1/donations',
          { target_type: 'tribe', target_id: tribeId, amount },
          { ...auth, 'idempotency-key': key },
        );
      expect((await give(donors[3]!, FUND, 'fund')).status).toBe(201);
      for (let r = 0; r < REFUNDED; r++)
        refundIds.push(((await give(donors[2]!, 5, `small-${r}`)).body.data.donation as { id: string }).id);
      for (let e = 0; e < EXPENSES; e++) {
        const proposed = await call(
          server,
          'POST',
          `/api/v1/tribes/${tribeId}/expenses`,
          { amount: 10, title: `Crash expense ${e}`, payee: 'Roofer' },
          { ...donors[1]!, 'idempotency-key': `expense-${e}` },
        );
        const id = (proposed.body.data.expense as { id: string }).id;
        expect((await call(server, 'POST', `/api/v1/expenses/${id}/approve`, {}, leader)).status).toBe(200);
        expenseIds.push(id);
      }
    } catch (err) {
      server.child.kill('SIGKILL');
      throw err;
    }

    // Every donor fires all of its donations at once; the server is SIGKILLed when a third of them
    // have been answered, with the rest in flight. Amounts never exceed a wallet, so every key must
    // end up applied exactly once.
    const attempts: Attempt[] = [];
    for (let d = 0; d < DONORS; d++)
      for (let j = 0; j < PER_DONOR; j++)
        attempts.push({
          donor: d,
          key: `race-${d}-${j}`,
          body: { target_type: j % 2 ? 'campaign' : 'tribe', target_id: j % 2 ? campaignId : tribeId, amount: 1 + (j % 7) },
        });
    const killAt = Math.floor(attempts.length / 3);
    let answered = 0;
    const lost: Attempt[] = [];
    const send = async (s: Server, a: Attempt) => {
      const res = await call(s, 'POST', '/api/v1/donations', a.body, { ...donors[a.donor]!, 'idempotency-key': a.key });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return (res.body.data.donation as { id: string }).id;
    };
    const first = server;
    let killed = false;
    const boss = donors[0]!;
    // A payout answers 200 (a replay too); a refund 200, or 409 donation_refunded when a retry finds it done.
    const payout = (s: Server, id: string) =>
      call(
        s,
        'POST',
        `/api/v1/expenses/${id}/pay`,
        { reference: `REF-${id.slice(0, 8)}` },
        { ...boss, 'idempotency-key': `pay-${id}` },
      );
    const refund = (s: Server, id: string) => call(s, 'POST', `/api/v1/donations/${id}/refund`, { reason: 'Crash test' }, boss);
    const lostActs: (() => Promise<void>)[] = [];
    const treasuryActs = [
      ...expenseIds.map((id) => ({ run: (s: Server) => payout(s, id), ok: [200] })),
      ...refundIds.map((id) => ({ run: (s: Server) => refund(s, id), ok: [200, 409] })),
    ];
    const acts = treasuryActs.map(async (act) => {
      try {
        const res = await act.run(first);
        expect(act.ok, JSON.stringify(res.body)).toContain(res.status);
      } catch (err) {
        if (!(err instanceof TypeError)) throw err;
        lostActs.push(async () => {
          const res = await act.run(server);
          expect(act.ok, JSON.stringify(res.body)).toContain(res.status);
        });
      }
    });
    await Promise.all([
      ...acts,
      ...attempts.map(async (a) => {
        try {
          a.donationId = await send(first, a);
          if (++answered === killAt) {
            killed = true;
            first.child.kill('SIGKILL');
          }
        } catch (err) {
          // fetch fails with a TypeError when the connection dies; anything else is a real answer.
          if (!killed || !(err instanceof TypeError)) throw err;
          lost.push(a);
        }
      }),
    ]);
    expect(await first.exited).toBeNull();
    expect(answered).toBeGreaterThanOrEqual(killAt);
    expect(lost.length).toBeGreaterThan(0);
    const acknowledged = attempts.filter((a) => a.donationId).map((a) => ({ ...a }));

    // Restarted on the same DATA_DIR / DATABASE_URL (the dead process's lock is stale).
    server = await startServerProcess(await env());
    try {
      // Every lost answer is retried with its key and body, racing again; each gets its donation.
      await Promise.all([
        ...lost.map(async (a) => {
          a.donationId = await send(server, a);
        }),
        ...lostActs.map((retry) => retry()),
      ]);
      // A retry of an acknowledged request answers the very same donation, never a second one.
      for (const a of acknowledged.filter((_, i) => i % 5 === 0)) expect(await send(server, a)).toBe(a.donationId);

      expect((await call(server, 'GET', '/api/v1/health/ledger')).body.data).toMatchObject({ ok: true });
      for (const [d, auth] of donors.entries()) {
        const mine = attempts.filter((a) => a.donor === d);
        const wallet = await call(server, 'GET', '/api/v1/wallet', undefined, auth);
        // Donor 3 funded the tribe; donor 2's small gifts came back to the wallet.
        const before = d === 3 ? FUND : 0;
        expect(wallet.body.data.balance).toBe(BOUGHT - before - mine.reduce((sum, a) => sum + a.body.amount, 0));
      }
      const paid = await call(server, 'GET', `/api/v1/tribes/${tribeId}/expenses?status=paid`, undefined, boss);
      expect((paid.body.data.items as unknown[]).length).toBe(EXPENSES);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }

    // The stored data itself, read after a clean stop.
    // The server keeps its PGlite files in DATA_DIR/pglite (main.ts).
    const database = pg ?? (await openDatabase({ dataDir: path.join(dataDir, 'pglite') }));
    try {
      const rows = async <T>(query: ReturnType<typeof sql>) =>
        ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
      const [totals] = await rows<{ total: string; negative: string }>(
        sql`select coalesce(sum(balance), 0)::text as total,
                   count(*) filter (where kind <> 'system' and balance < 0)::text as negative
            from ledger_accounts`,
      );
      expect(totals).toEqual({ total: '0', negative: '0' });
      const donations = await rows<{ id: string; amount: number; campaign_id: string | null }>(
        sql`select id, amount, campaign_id from donations`,
      );
      const keys = await rows<{ key: string; donation_id: string | null }>(
        sql`select key, response_body->'donation'->>'id' as donation_id from idempotency_keys where key like 'race-%'`,
      );
      // One key, one donation: as many donations as keys, each key's answer naming a distinct one.
      expect(keys).toHaveLength(attempts.length);
      expect(donations).toHaveLength(attempts.length + 1 + REFUNDED);
      const stored = new Set(donations.map((r) => r.id));
      expect(new Set(keys.map((k) => k.donation_id)).size).toBe(attempts.length);
      for (const k of keys) expect(stored.has(k.donation_id!)).toBe(true);
      // Every donation that was answered 2xx, before the crash or after it, is there.
      for (const a of attempts) expect(stored.has(a.donationId!)).toBe(true);
      const [dup] = await rows<{ n: string }>(
        sql`select count(*)::text as n from (select reference_id from ledger_transfers where kind = 'donation'
            group by reference_id having count(*) > 1) d`,
      );
      expect(dup!.n).toBe('0');
      // Each expense paid by one transfer, each refunded gift given back by one.
      const treasury = await rows<{ kind: string; n: string; refs: string }>(
        sql`select kind, count(*)::text as n, count(distinct reference_id)::text as refs from ledger_transfers
            where kind in ('expense', 'refund') group by kind order by kind`,
      );
      expect(treasury).toEqual([
        { kind: 'expense', n: String(EXPENSES), refs: String(EXPENSES) },
        { kind: 'refund', n: String(REFUNDED), refs: String(REFUNDED) },
      ]);
      // The campaign's running total agrees with its donations.
      const [raised] = await rows<{ raised: number }>(sql`select raised from campaigns where id = ${campaignId}`);
      expect(Number(raised!.raised)).toBe(
        donations.filter((r) => r.campaign_id === campaignId).reduce((sum, r) => sum + Number(r.amount), 0),
      );
    } finally {
      if (!pg) await database.close();
    }
    // Two server starts dominate; on a loaded 2-core machine each can take 40 s.
  }, 240_000);
});
