import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/core/db/client.js';
import { startMailSink, type MailSink } from '#test/mail-sink.js';
import { startRedis, type RedisServer } from '#test/redis-server.js';
import { callNode, mailedCode, signUpOnNode, startServerProcess, type ServerProcess } from '#test/server-process.js';
import { createTestDatabase } from '#test/test-database.js';

/**
 * DESIGN 11.1 and issue 36.4, faults: two node processes on one PostgreSQL and one Redis, as an operator
 * runs them; a load of donations (each with its Idempotency-Key) and posts spread over both; one node
 * SIGKILLed in the middle of it. The other keeps serving; every write that was answered 2xx is there
 * afterwards; each unanswered donation, retried with its key on the survivor, is applied exactly once;
 * the ledger verifies. The mail the killed node was sending (its SMTP session hung) goes back to the
 * queue after its expiry and the survivor delivers it, once. PostgreSQL only (the api-postgres
 * project): two processes cannot share an embedded database.
 */
const HELD = 'held-newcomer@example.test';
const DONORS = 4;
const DONATIONS_PER_DONOR = 15;
const POSTS = 40;
const BOUGHT = 1000;

let database: Database & { url?: string };
let redis: RedisServer;
let sink: MailSink;
/** While true, mail to HELD is read but never answered, as by an SMTP server that hangs. */
let holding = true;
const dirs: string[] = [];
const nodes: ServerProcess[] = [];

beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
  redis = await startRedis();
  sink = await startMailSink({ holdRecipient: (address) => holding && address === HELD });
}, 60_000);
afterAll(async () => {
  for (const node of nodes) if (node.child.exitCode === null && node.child.signalCode === null) node.child.kill('SIGKILL');
  await Promise.all(nodes.map((n) => n.exited));
  await sink?.close();
  await redis?.stop();
  await database?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A node as an operator starts it beside the others: the same secrets and stores, uploads apart. */
async function startNode(): Promise<ServerProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tribes-node-kill-'));
  dirs.push(dataDir);
  const node = await startServerProcess({
    DATA_DIR: dataDir,
    DATABASE_URL: database.url!,
    REDIS_URL: redis.url,
    // A hung session must outlast the test's set-up (the default gives up after 60 s of silence).
    SMTP_URL: `${sink.url}?socketTimeout=600000`,
    SEED_DEMO: 'false',
    JOBS_ENABLED: 'true',
    MAIL_RETRY_DELAY_SECONDS: '1',
    // The queue's upkeep, which hands out again the jobs of a dead node, every second rather than 2 minutes.
    JOBS_MAINTENANCE_SECONDS: '1',
    APP_SECRET: 'a-shared-secret-of-at-least-32-characters',
    REVERB_APP_ID: '515151',
    REVERB_APP_KEY: 'node-kill-key',
    REVERB_APP_SECRET: 'node-kill-secret-16+',
    PAYMENT_PROVIDER: 'sandbox',
    RATE_LIMIT_SCALE: '100000',
  });
  nodes.push(node);
  return node;
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

interface Write {
  node: ServerProcess;
  method: string;
  url: string;
  body: Record<string, unknown>;
  headers: Record<string, string>;
  /** The id of the created donation or post, once a 2xx answer arrived. */
  id?: string;
}

describe('a node SIGKILLed under load while another serves', () => {
  it('loses no acknowledged write, applies each retried donation once, and hands its held mail to the survivor', async () => {
    const a = await startNode();
    const call = (node: ServerProcess, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) =>
      // A generous guard: a hundred writes at once on a small machine queue up.
      callNode(node.baseUrl, method, url, body, headers, 30_000);

    // Donors, signed up while the first node's mail flows.
    const donors = await Promise.all(
      Array.from({ length: DONORS }, (_, d) => signUpOnNode(a.baseUrl, sink, `kill-donor-${d}@example.test`, `Donor ${d}`)),
    );

    // A mail the first node is sending when it dies: a sign-up whose SMTP session hangs. The second
    // node starts after, so the first is the one holding it (its session closes when it is killed);
    // the second node's worker sends the mails that come after.
    const password = 'a fine passphrase for processes';
    const held = await call(a, 'POST', '/api/v1/auth/register', {
      name: 'Held',
      email: HELD,
      password,
      password_confirmation: password,
    });
    expect(held.status).toBe(201);
    const holdDeadline = Date.now() + 20_000;
    while (sink.held() === 0 && Date.now() < holdDeadline) await new Promise((r) => setTimeout(r, 50));
    expect(sink.held()).toBe(1);

    const starting = startNode();
    starting.catch(() => undefined); // awaited below; not unhandled meanwhile

    // While it starts: a leader with a tribe and a campaign; donors with tokens, members of the tribe.
    const leader = donors[0]!;
    expect((await call(a, 'PUT', '/api/v1/me/role', { role: 'leader' }, leader)).status).toBe(200);
    const tribe = await call(a, 'POST', '/api/v1/tribes', { name: 'Kill Tribe', lat: 1, lng: 1, region: 'Test' }, leader);
    const tribeId = (tribe.body.data!.tribe as { id: string }).id;
    const campaign = await call(
      a,
      'POST',
      `/api/v1/tribes/${tribeId}/campaigns`,
      {
        title: 'Kill roof',
        description: 'Donations under fire',
        goal: 100_000,
        ends_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      },
      leader,
    );
    const campaignId = (campaign.body.data!.campaign as { id: string }).id;
    for (const [d, auth] of donors.entries()) {
      const purchase = await call(
        a,
        'POST',
        '/api/v1/wallet/purchases',
        { tokens: BOUGHT },
        { ...auth, 'idempotency-key': `buy-${d}` },
      );
      const paid = await call(
        a,
        'POST',
        `/api/v1/payments/sandbox/${purchase.body.data!.payment_id as string}/complete`,
        { outcome: 'succeeded' },
        auth,
      );
      expect(paid.body.data!.balance).toBe(BOUGHT);
      if (d > 0) expect((await call(a, 'POST', `/api/v1/tribes/${tribeId}/join`, undefined, auth)).status).toBeLessThan(300);
    }

    const b = await starting;

    // The load, spread over both nodes, all at once: donations (to the tribe and the campaign) and posts.
    const writes: Write[] = [];
    for (let d = 0; d < DONORS; d++)
      for (let j = 0; j < DONATIONS_PER_DONOR; j++)
        writes.push({
          node: writes.length % 2 ? b : a,
          method: 'POST',
          url: '/api/v1/donations',
          body: { target_type: j % 2 ? 'campaign' : 'tribe', target_id: j % 2 ? campaignId : tribeId, amount: 1 + (j % 7) },
          headers: { ...donors[d]!, 'idempotency-key': `load-${d}-${j}` },
        });
    for (let p = 0; p < POSTS; p++)
      writes.push({
        node: p % 2 ? a : b,
        method: 'POST',
        url: '/api/v1/posts',
        body: { body: `Under load ${p}`, tribe_id: tribeId, visibility: 'tribe' },
        headers: donors[p % DONORS]!,
      });
    const onA = writes.filter((w) => w.node === a).length;
    // A third of the first node's writes answered, the rest in flight: it is killed.
    const killAt = Math.floor(onA / 3);
    let answeredOnA = 0;
    const lost: Write[] = [];
    const idOf = (w: Write, data: Record<string, unknown>) =>
      ((w.url === '/api/v1/posts' ? data.post : data.donation) as { id: string }).id;
    await Promise.all(
      writes.map(async (w) => {
        try {
          const res = await call(w.node, w.method, w.url, w.body, w.headers);
          expect(res.status, `${w.url} on ${w.node === a ? 'A' : 'B'}: ${JSON.stringify(res.body)}`).toBe(201);
          w.id = idOf(w, res.body.data!);
          if (w.node === a && ++answeredOnA === killAt) a.child.kill('SIGKILL');
        } catch (err) {
          // Only the killed node's connections may die (a TypeError from fetch); any other failure is real.
          if (w.node !== a || !(err instanceof TypeError)) throw err;
          lost.push(w);
        }
      }),
    );
    expect(await a.exited).toBeNull();
    expect(a.child.signalCode).toBe('SIGKILL');
    expect(lost.length).toBeGreaterThan(0);
    // The survivor answered every write sent to it, and still serves.
    expect(writes.filter((w) => w.node === b).every((w) => w.id)).toBe(true);
    expect((await call(b, 'GET', '/api/v1/health/ready')).status).toBe(200);

    // The unanswered donations, retried on the survivor with their keys and bodies: each is applied,
    // whether the dead node had committed it (the stored answer comes back) or not.
    const acknowledged = writes.filter((w) => w.id).map((w) => ({ ...w }));
    const donations = writes.filter((w) => w.url === '/api/v1/donations');
    await Promise.all(
      lost
        .filter((w) => w.url === '/api/v1/donations')
        .map(async (w) => {
          const res = await call(b, w.method, w.url, w.body, w.headers);
          expect(res.status, JSON.stringify(res.body)).toBe(201);
          w.id = idOf(w, res.body.data!);
        }),
    );
    // A retry of an acknowledged donation answers the very same donation, never a second one.
    for (const w of acknowledged.filter((x) => x.url === '/api/v1/donations').slice(0, 6)) {
      const res = await call(b, w.method, w.url, w.body, w.headers);
      expect(res.status).toBe(201);
      expect(idOf(w, res.body.data!)).toBe(w.id);
    }

    // Every acknowledged post is there, read through the survivor.
    for (const w of acknowledged.filter((x) => x.url === '/api/v1/posts'))
      expect((await call(b, 'GET', `/api/v1/posts/${w.id!}`, undefined, w.headers)).status).toBe(200);

    // The money: the ledger verifies, and each wallet paid exactly its donations, each once.
    expect((await call(b, 'GET', '/api/v1/health/ledger')).body.data).toMatchObject({ ok: true });
    for (const auth of donors) {
      const given = donations.filter((w) => w.headers.authorization === auth.authorization);
      const wallet = await call(b, 'GET', '/api/v1/wallet', undefined, auth);
      expect(wallet.body.data!.balance).toBe(BOUGHT - given.reduce((sum, w) => sum + (w.body.amount as number), 0));
    }
    const stored = await rows<{ id: string }>(sql`select id from donations`);
    expect(stored).toHaveLength(donations.length);
    expect(new Set(stored.map((r) => r.id))).toEqual(new Set(donations.map((w) => w.id)));
    const [dup] = await rows<{ n: number }>(
      sql`select count(*)::int as n from (select reference_id from ledger_transfers where kind = 'donation'
          group by reference_id having count(*) > 1) d`,
    );
    expect(dup!.n).toBe(0);
    const [raised] = await rows<{ raised: number }>(sql`select raised from campaigns where id = ${campaignId}`);
    expect(Number(raised!.raised)).toBe(
      donations.filter((w) => w.body.target_type === 'campaign').reduce((sum, w) => sum + (w.body.amount as number), 0),
    );
    const posts = await rows<{ id: string }>(sql`select id from posts`);
    const postIds = new Set(posts.map((r) => r.id));
    for (const w of acknowledged.filter((x) => x.url === '/api/v1/posts')) expect(postIds.has(w.id!)).toBe(true);
    expect(posts.length).toBeLessThanOrEqual(POSTS);

    // The held mail: its session closed with the dead node, unanswered, and its job is still active
    // (with any mail fetched in the same batch).
    await until(() => sink.heldClosed() === 1, 'the held session closed');
    const [active] = await rows<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where name = 'mail' and state = 'active'`,
    );
    expect(active!.n).toBeGreaterThanOrEqual(1);
    // Its expiry (15 minutes) brought forward by moving its start back; the survivor's upkeep (every
    // second) then hands it out again, and the survivor sends it, the SMTP server answering again.
    holding = false;
    await database.db.execute(
      sql`update pgboss.job set started_on = started_on - expire_in - interval '1 second' where name = 'mail' and state = 'active'`,
    );
    const code = await mailedCode(sink, HELD);
    const verified = await call(b, 'POST', '/api/v1/auth/email/otp/verify', { email: HELD, code, purpose: 'email-verification' });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    // Once no mail is left to send, no second copy can come: it arrived once.
    await until(async () => {
      const [left] = await rows<{ n: number }>(
        sql`select count(*)::int as n from pgboss.job where name = 'mail' and state in ('created', 'retry', 'active')`,
      );
      return left!.n === 0;
    }, 'the mail queue drained');
    expect(sink.forAddress(HELD)).toHaveLength(1);

    b.child.kill('SIGTERM');
    expect(await b.exited).toBe(0);
  }, 180_000);
});

/** Polls `check` until it holds, failing after `timeoutMs`. */
async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
