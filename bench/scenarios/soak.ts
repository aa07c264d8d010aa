import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import PusherImport from 'pusher-js';
import { startPostgres } from '../../apps/server/test/postgres-server.js';
import { startRedis } from '../../apps/server/test/redis-server.js';
import { startServerProcess } from '../../apps/server/test/server-process.js';
import type { Measurement } from '../lib/load.js';
import type { Scenario } from '../lib/scenario.js';
import {
  type Check,
  median,
  minuteTable,
  p99Check,
  percentile,
  rssCheck,
  RULES,
  type RssSample,
  type SoakMinute,
  sortedCopy,
} from '../lib/soak-stats.js';

/**
 * The soak (issue 36, point 8): two nodes of the built server, as production runs them, on one
 * PostgreSQL server and one Redis server started for the run (127.0.0.1 only), under a steady mixed
 * load for SOAK_MINUTES (10) after a warm-up of SOAK_WARMUP_SECONDS (60): reads (feed, tribe pages,
 * a post's comments, /me), writes (posts, comments), donations through the API (tokens bought through
 * the sandbox provider) and realtime sockets (the stock pusher-js client) joining and leaving, every
 * request and socket alternating between the nodes. Judged at the end: no error, p99 steady, RSS
 * not growing; then the ledger verifies, every acknowledged donation, post and comment exists, each
 * wallet holds what it bought less what it gave, and no socket or presence entry is left behind.
 */

// pusher-js's CommonJS build is typed as `export default`: under NodeNext the default import is the
// class at run time but typed as the module (as apps/server/test/realtime-clients.ts does, which this
// does not import: it pulls in the vitest-only test database helpers).
type PusherClass = typeof import('../../node_modules/pusher-js/types/src/core/pusher.js').default;
const Pusher = PusherImport as unknown as PusherClass;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverDir = path.join(root, 'apps/server');

function envNumber(name: string, fallback: number, min: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min) throw new Error(`${name} must be a number of at least ${min} (got '${raw}')`);
  return n;
}

const settings = () => ({
  minutes: Math.floor(envNumber('SOAK_MINUTES', 10, 1)),
  warmupSec: envNumber('SOAK_WARMUP_SECONDS', 60, 0),
  /** Requests per second over both nodes, started on schedule whether or not the last ones answered. */
  rate: envNumber('SOAK_RATE', 40, 1),
  /** Sockets connected at any time; each lives 10-60 s, then leaves and another joins. */
  sockets: Math.floor(envNumber('SOAK_SOCKETS', 40, 0)),
});

const NODES = 2;
const USERS = 16;
const TRIBES = 4;
/** Each user buys this many tokens before the load (the sandbox provider's largest purchase). */
const BOUGHT = 1_000_000;
const RSS_EVERY_MS = 5_000;
/** Requests in flight at most; requests due beyond it wait (their latency counts from when they were due). */
const MAX_IN_FLIGHT = 256;
const REQUEST_TIMEOUT_MS = 10_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;

type ServerProcess = Awaited<ReturnType<typeof startServerProcess>>;

interface Node {
  index: number;
  base: string;
  port: number;
  server: ServerProcess;
}

interface User {
  id: string;
  email: string;
  token: string;
  /** Tribes this user is an active member of (indexes into `tribes`). */
  tribes: number[];
}

interface Tribe {
  id: string;
  slug: string;
  campaignId: string;
}

interface Answer {
  status: number;
  body: { status?: string; data?: Record<string, unknown> } | undefined;
}

/** One JSON request; rejects on a network error or a time-out. */
async function call(node: Node, method: string, url: string, opts: { token?: string; body?: unknown; key?: string } = {}) {
  const headers: Record<string, string> = {};
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.key) headers['idempotency-key'] = opts.key;
  const res = await fetch(`${node.base}${url}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await res.text();
  let body: Answer['body'];
  try {
    body = text ? (JSON.parse(text) as Answer['body']) : undefined;
  } catch {
    body = undefined;
  }
  return { status: res.status, body };
}

/** A request of the set-up, which must answer `status`. */
async function expectCall(status: number, ...args: Parameters<typeof call>): Promise<Record<string, unknown>> {
  const res = await call(...args);
  if (res.status !== status)
    throw new Error(`${args[1]} ${args[2]}: expected ${status}, got ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`);
  return res.body?.data ?? {};
}

/** Registers through the API and verifies with the code the node's dev mailbox printed. */
async function signUp(node: Node, i: number): Promise<User> {
  const email = `soak-${i}-${randomUUID().slice(0, 8)}@example.test`;
  const password = 'correct horse battery staple 42';
  await expectCall(201, node, 'POST', '/api/v1/auth/register', {
    body: { name: `Soak Person ${i}`, email, password, password_confirmation: password },
  });
  const pattern = new RegExp(`\\[dev mailbox\\] ${email.replace(/[.+]/g, '\\$&')}: email-verification code (\\d{6})`);
  let code: string | undefined;
  const deadline = Date.now() + 30_000;
  while (!(code = pattern.exec(node.server.output())?.[1])) {
    if (Date.now() > deadline) throw new Error(`no verification code printed for ${email}`);
    await sleep(20);
  }
  const data = await expectCall(200, node, 'POST', '/api/v1/auth/email/otp/verify', {
    body: { email, code, purpose: 'email-verification' },
  });
  return { id: (data.user as { id: string }).id, email, token: data.auth_token as string, tribes: [] };
}

/** The server built as `npm start` runs it, into a folder of its own (no race with anyone's dist/). */
function buildServer(): string {
  mkdirSync(path.join(serverDir, 'node_modules/.cache'), { recursive: true });
  const outdir = mkdtempSync(path.join(serverDir, 'node_modules/.cache/soak-build-'));
  const build = spawnSync(process.execPath, ['build.mjs', '--outdir', outdir], { cwd: serverDir, encoding: 'utf8' });
  if (build.status !== 0) {
    rmSync(outdir, { recursive: true, force: true });
    throw new Error(`the server did not build:\n${build.stderr}${build.stdout}`);
  }
  return outdir;
}

interface Req {
  method: string;
  url: string;
  token: string;
  body?: unknown;
  /** An Idempotency-Key: a write sent again with it is applied once. */
  key?: string;
}

/** One request of the mix, and what to record once it is answered as it should be. */
interface Planned {
  req: Req;
  accept?(res: Answer, node: Node): void;
}

/** A kind of request of the mix; `ok` is the status it must answer (no other answer is expected). */
interface Op {
  name: string;
  weight: number;
  ok: number;
  plan(): Planned;
}

/** A recent public post (comments go on these; everyone may see them). */
interface PostRef {
  id: string;
}

interface SocketStats {
  joined: number;
  left: number;
  errors: { t: number; what: string }[];
  joinMs: number[];
  events: Map<string, number>;
  /** post.created received on the node that did not create the post: delivery through Redis. */
  crossNode: number;
}

export const soak: Scenario = {
  name: 'soak',
  description: 'two built nodes on PostgreSQL and Redis, mixed load for SOAK_MINUTES (10): errors, p99, RSS',
  onlyWhenNamed: true,
  async run(): Promise<Measurement> {
    const s = settings();
    const cleanups: (() => Promise<void> | void)[] = [];
    const cleanup = async () => {
      for (const c of cleanups.reverse()) await Promise.resolve(c()).catch((err: unknown) => console.error(err));
    };
    try {
      return await soakRun(s, cleanups);
    } finally {
      await cleanup();
    }
  },
};

async function soakRun(s: ReturnType<typeof settings>, cleanups: (() => Promise<void> | void)[]): Promise<Measurement> {
  const log = (line: string) => console.log(`\n    ${line}`);
  log(
    `soak: ${s.minutes} min after a ${s.warmupSec} s warm-up, ${s.rate} req/s over ${NODES} nodes, ${s.sockets} sockets churning; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const outdir = buildServer();
  cleanups.push(() => rmSync(outdir, { recursive: true, force: true }));
  const pgServer = await startPostgres();
  cleanups.push(() => pgServer.stop());
  const redisServer = await startRedis();
  cleanups.push(() => redisServer.stop());

  // Both nodes start at the same instant on the empty database (the start-up lock sorts them out).
  const shared = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: pgServer.url,
    REDIS_URL: redisServer.url,
    SMTP_URL: '',
    SEED_DEMO: 'false',
    PAYMENT_PROVIDER: 'sandbox',
    // Rate limits out of the way: 16 users make all the traffic.
    RATE_LIMIT_SCALE: '1000000',
    APP_SECRET: 'soak-app-secret-soak-app-secret-0123456789',
    REVERB_APP_ID: '737373',
    REVERB_APP_KEY: 'soak-key',
    REVERB_APP_SECRET: 'soak-secret-soak-secret',
    LOG_LEVEL: 'warn',
  };
  const dataDirs = Array.from({ length: NODES }, () => mkdtempSync(path.join(os.tmpdir(), 'tribes-soak-')));
  cleanups.push(() => dataDirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
  const started = await Promise.allSettled(
    dataDirs.map((dir) =>
      startServerProcess({ ...shared, DATA_DIR: dir, WEB_DIST_DIR: path.join(dir, 'no-web') }, [
        '--enable-source-maps',
        path.join(outdir, 'main.js'),
      ]),
    ),
  );
  const servers = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const stopServers = async () => {
    const codes: (number | null)[] = [];
    for (const server of servers) {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
      const killer = setTimeout(() => server.child.kill('SIGKILL'), 30_000);
      codes.push(await server.exited);
      clearTimeout(killer);
    }
    return codes;
  };
  let stopped: (number | null)[] | undefined;
  cleanups.push(async () => {
    stopped ??= await stopServers();
  });
  const failed = started.find((r) => r.status === 'rejected');
  if (failed) throw (failed as PromiseRejectedResult).reason;
  const nodes: Node[] = servers.map((server, index) => {
    const port = Number(new URL(server.baseUrl).port);
    return { index, port, base: `http://127.0.0.1:${port}`, server };
  });
  const nodeOf = (i: number) => nodes[i % NODES]!;

  // ---- Set-up through the API: users, tribes with a campaign each, memberships, tokens bought.
  const users: User[] = [];
  for (let i = 0; i < USERS; i++) users.push(await signUp(nodeOf(i), i));
  const tribes: Tribe[] = [];
  for (let t = 0; t < TRIBES; t++) {
    const leader = users[t]!;
    const node = nodeOf(t);
    await expectCall(200, node, 'PUT', '/api/v1/me/role', { token: leader.token, body: { role: 'leader' } });
    const tribe = (
      await expectCall(201, node, 'POST', '/api/v1/tribes', {
        token: leader.token,
        body: { name: `Soak tribe ${t + 1}`, description: 'Soaked.', lat: 10 + t, lng: 20 + t, region: 'Soak' },
      })
    ).tribe as { id: string; slug: string };
    const campaign = (
      await expectCall(201, node, 'POST', `/api/v1/tribes/${tribe.id}/campaigns`, {
        token: leader.token,
        body: {
          title: `Soak campaign ${t + 1}`,
          goal: 1_000_000_000,
          ends_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        },
      })
    ).campaign as { id: string };
    tribes.push({ id: tribe.id, slug: tribe.slug, campaignId: campaign.id });
    leader.tribes.push(t);
  }
  for (const [i, user] of users.entries()) {
    for (const t of [i % TRIBES, (i + 1) % TRIBES]) {
      if (user.tribes.includes(t)) continue;
      const res = await call(nodeOf(i + t), 'POST', `/api/v1/tribes/${tribes[t]!.id}/join`, { token: user.token });
      if (res.status >= 300) throw new Error(`join: ${res.status} ${JSON.stringify(res.body)}`);
      user.tribes.push(t);
    }
    const node = nodeOf(i);
    const purchase = await expectCall(201, node, 'POST', '/api/v1/wallet/purchases', {
      token: user.token,
      body: { tokens: BOUGHT },
      key: `soak-buy-${i}`,
    });
    const paid = await expectCall(
      200,
      nodeOf(i + 1),
      'POST',
      `/api/v1/payments/sandbox/${purchase.payment_id as string}/complete`,
      {
        token: user.token,
        body: { outcome: 'succeeded' },
      },
    );
    if (paid.balance !== BOUGHT) throw new Error(`purchase: balance ${String(paid.balance)}, expected ${BOUGHT}`);
  }
  log(`set up through the API: ${USERS} users, ${TRIBES} tribes with a campaign each, ${BOUGHT} tokens bought per user`);

  // ---- What the load records.
  const recentPublic: PostRef[] = [];
  const postsByNode = new Map<string, number>();
  const acknowledged = { donations: [] as string[], posts: 0, comments: 0 };
  const given = new Map<string, number>();
  let loadStart = 0;
  const latencies = new Map<number, number[]>();
  const httpErrors: { t: number; op: string; node: number; what: string }[] = [];
  const perOp = new Map<string, number[]>();
  const unsettled: { op: Op; planned: Planned; node: Node }[] = [];
  const minuteOf = (t: number) => Math.floor((t - loadStart) / 60_000);

  const who = () => pick(users);
  const read = (url: string): Planned => ({ req: { method: 'GET', url, token: who().token } });
  const ops: Op[] = [
    { name: 'feed', weight: 25, ok: 200, plan: () => read('/api/v1/feed') },
    { name: 'tribe', weight: 10, ok: 200, plan: () => read(`/api/v1/tribes/${pick(tribes).slug}`) },
    { name: 'tribe-posts', weight: 15, ok: 200, plan: () => read(`/api/v1/tribes/${pick(tribes).id}/posts`) },
    { name: 'me', weight: 10, ok: 200, plan: () => read('/api/v1/me') },
    { name: 'comments', weight: 5, ok: 200, plan: () => read(`/api/v1/posts/${pick(recentPublic).id}/comments`) },
    {
      name: 'post',
      weight: 12,
      ok: 201,
      plan() {
        const user = who();
        const tribe = tribes[pick(user.tribes)]!;
        const visibility = Math.random() < 0.5 ? 'public' : 'tribe';
        return {
          req: {
            method: 'POST',
            url: '/api/v1/posts',
            token: user.token,
            key: randomUUID(),
            body: { body: `Soak post at ${new Date().toISOString()}`, tribe_id: tribe.id, visibility },
          },
          accept(res, node) {
            const id = (res.body?.data?.post as { id: string }).id;
            acknowledged.posts++;
            postsByNode.set(id, node.index);
            if (visibility === 'public') {
              recentPublic.push({ id });
              if (recentPublic.length > 200) recentPublic.shift();
            }
          },
        };
      },
    },
    {
      name: 'comment',
      weight: 10,
      ok: 201,
      plan: () => ({
        req: {
          method: 'POST',
          url: `/api/v1/posts/${pick(recentPublic).id}/comments`,
          token: who().token,
          key: randomUUID(),
          body: { body: 'A soak comment.' },
        },
        accept: () => void acknowledged.comments++,
      }),
    },
    {
      name: 'donation',
      weight: 13,
      ok: 201,
      plan() {
        const user = who();
        const tribe = pick(tribes);
        const amount = 1 + Math.floor(Math.random() * 5);
        const toCampaign = Math.random() < 0.5;
        return {
          req: {
            method: 'POST',
            url: '/api/v1/donations',
            token: user.token,
            key: randomUUID(),
            body: { target_type: toCampaign ? 'campaign' : 'tribe', target_id: toCampaign ? tribe.campaignId : tribe.id, amount },
          },
          accept(res) {
            acknowledged.donations.push((res.body?.data?.donation as { id: string }).id);
            given.set(user.id, (given.get(user.id) ?? 0) + amount);
          },
        };
      },
    },
  ];
  const totalWeight = ops.reduce((a, o) => a + o.weight, 0);
  const chooseOp = () => {
    // Comments need a public post to go on: reads and posts until the first one exists.
    const usable = recentPublic.length ? ops : ops.filter((o) => o.name !== 'comment' && o.name !== 'comments');
    let r = Math.random() * (recentPublic.length ? totalWeight : usable.reduce((a, o) => a + o.weight, 0));
    for (const op of usable) if ((r -= op.weight) < 0) return op;
    return usable[0]!;
  };

  // ---- Realtime: sockets joining and leaving, alternating between the nodes.
  const sock: SocketStats = { joined: 0, left: 0, errors: [], joinMs: [], events: new Map(), crossNode: 0 };
  const joinsByMinute = new Map<number, number>();
  const leavesByMinute = new Map<number, number>();
  const bump = (m: Map<number, number>) => m.set(minuteOf(Date.now()), (m.get(minuteOf(Date.now())) ?? 0) + 1);
  const live = new Set<{ leave(): void }>();
  let socketCounter = 0;
  let churning = true;
  function openSocket() {
    const i = socketCounter++;
    const node = nodeOf(i);
    const user = users[i % USERS]!;
    const tribe = tribes[pick(user.tribes)]!;
    const client = new Pusher(shared.REVERB_APP_KEY, {
      cluster: '',
      wsHost: '127.0.0.1',
      wsPort: node.port,
      forceTLS: false,
      enabledTransports: ['ws'],
      disableStats: true,
      authEndpoint: `${node.base}/broadcasting/auth`,
      auth: { headers: { Authorization: `Bearer ${user.token}` } },
    });
    const t0 = performance.now();
    let leaving = false;
    const channels = [
      `private-App.Models.User.${user.id}`,
      `private-tribe.${tribe.id}`,
      `presence-tribe.${tribe.id}`,
      `campaign.${tribe.campaignId}`,
    ];
    let subscribed = 0;
    const fail = (what: string) => sock.errors.push({ t: Date.now(), what: `socket ${i} on node ${node.index + 1}: ${what}` });
    client.connection.bind('error', (e: unknown) => fail(`connection error ${JSON.stringify(e).slice(0, 200)}`));
    client.connection.bind('state_change', (st: { previous: string; current: string }) => {
      if (!leaving && st.previous === 'connected') fail(`connection went ${st.current}`);
    });
    for (const name of channels) {
      const ch = client.subscribe(name);
      ch.bind('pusher:subscription_succeeded', () => {
        if (++subscribed === channels.length) {
          sock.joined++;
          bump(joinsByMinute);
          sock.joinMs.push(performance.now() - t0);
        }
      });
      ch.bind('pusher:subscription_error', (e: { status?: number }) => fail(`${name} refused (${e.status ?? '?'})`));
    }
    client.bind_global((event: string, data: unknown) => {
      if (event.startsWith('pusher:') || event.startsWith('pusher_internal:')) return;
      sock.events.set(event, (sock.events.get(event) ?? 0) + 1);
      if (event === 'post.created') {
        const id = (data as { post?: { id?: string } }).post?.id;
        const from = id === undefined ? undefined : postsByNode.get(id);
        if (from !== undefined && from !== node.index) sock.crossNode++;
      }
    });
    const handle = {
      leave() {
        leaving = true;
        live.delete(handle);
        client.disconnect();
        sock.left++;
        bump(leavesByMinute);
      },
    };
    live.add(handle);
    const life = 10_000 + Math.random() * 50_000;
    setTimeout(() => {
      if (!live.has(handle)) return;
      handle.leave();
      if (churning) openSocket();
    }, life).unref();
  }
  // Joined a few at a time, so the first minute is not one burst of subscriptions.
  const opening = (async () => {
    for (let k = 0; k < s.sockets && churning; k++) {
      openSocket();
      await sleep(Math.min(250, (s.warmupSec * 1000) / Math.max(1, s.sockets)));
    }
  })();

  // ---- RSS of each node every few seconds.
  const rssSamples: RssSample[] = [];
  const cpuTicks = () => nodes.map((n) => readFileSync(`/proc/${n.server.child.pid!}/stat`, 'utf8').split(') ')[1]!.split(' '));
  const cpuStart = cpuTicks();
  const benchCpuStart = process.cpuUsage();
  const sampleRss = () =>
    rssSamples.push({
      t: (Date.now() - loadStart) / 1000,
      rss_mb: nodes.map((n) => rssMb(n.server.child.pid!)),
      load_avg: os.loadavg()[0]!,
    });

  // ---- The load: requests started on schedule (open loop), so a stall shows in the latencies
  // instead of slowing the load down; each latency counts from when its request was due.
  const warmupMs = s.warmupSec * 1000;
  const measuredMs = s.minutes * 60_000;
  const begin = Date.now();
  loadStart = begin + warmupMs;
  sampleRss();
  const rssTimer = setInterval(sampleRss, RSS_EVERY_MS);
  let issued = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  const pending = new Set<Promise<void>>();
  const end = loadStart + measuredMs;
  const progressEvery = 60_000;
  // A line at the end of the warm-up and of each measured minute.
  let nextProgress = warmupMs > 0 ? loadStart : loadStart + progressEvery;
  while (Date.now() < end) {
    const now = Date.now();
    const due = Math.floor(((now - begin) / 1000) * s.rate);
    while (issued < due && inFlight < MAX_IN_FLIGHT) {
      const dueAt = begin + (issued * 1000) / s.rate;
      const node = nodeOf(issued);
      issued++;
      const op = chooseOp();
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      const p = (async () => {
        const planned = op.plan();
        let what: string | undefined;
        let answered: Answer | undefined;
        try {
          answered = await call(node, planned.req.method, planned.req.url, planned.req);
          if (answered.status === op.ok) planned.accept?.(answered, node);
          else what = `${answered.status} ${JSON.stringify(answered.body).slice(0, 200)}`;
        } catch (err) {
          what = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
        }
        const ms = Date.now() - dueAt;
        if (what) {
          httpErrors.push({ t: dueAt, op: op.name, node: node.index + 1, what });
          // A write that got no answer, or a 5xx, is sent again after the load with its key, as a client would.
          if (planned.req.key && (!answered || answered.status >= 500)) unsettled.push({ op, planned, node });
        } else {
          const m = minuteOf(dueAt);
          const bucket = latencies.get(m) ?? [];
          bucket.push(ms);
          latencies.set(m, bucket);
          if (m >= 0) {
            const mine = perOp.get(op.name) ?? [];
            mine.push(ms);
            perOp.set(op.name, mine);
          }
        }
      })().finally(() => {
        inFlight--;
        pending.delete(p);
      });
      pending.add(p);
    }
    if (now >= nextProgress) {
      const m = minuteOf(now) - 1;
      const last = rssSamples[rssSamples.length - 1]!;
      const lat = latencies.get(m);
      console.log(
        `    ${m < 0 ? 'warm-up' : `minute ${m + 1}/${s.minutes}`}: ${lat?.length ?? 0} ok, p99 ${lat ? percentile(sortedCopy(lat), 99).toFixed(1) : '-'} ms, ${httpErrors.length} http errors, ${sock.errors.length} socket errors, RSS ${last.rss_mb.map((v) => v.toFixed(0)).join(' / ')} MB, load ${last.load_avg.toFixed(2)}`,
      );
      nextProgress += progressEvery;
    }
    await sleep(5);
  }
  await Promise.all(pending);
  clearInterval(rssTimer);
  sampleRss();
  const cpuEnd = cpuTicks();
  const benchCpu = process.cpuUsage(benchCpuStart);

  // Writes left without an answer are sent again with their key (to the other node first, as a
  // balancer would), until answered: each must then be applied exactly once, which the counts check.
  let settledByRetry = 0;
  const neverSettled: string[] = [];
  for (const { op, planned, node } of unsettled) {
    for (let attempt = 1; ; attempt++) {
      const target = nodeOf(node.index + attempt);
      const res = await call(target, planned.req.method, planned.req.url, planned.req).catch((err: unknown) => String(err));
      if (typeof res !== 'string' && res.status === op.ok) {
        planned.accept?.(res, target);
        settledByRetry++;
        break;
      }
      const last = typeof res === 'string' ? res : `${res.status} ${JSON.stringify(res.body).slice(0, 200)}`;
      if (attempt >= 10) {
        neverSettled.push(`${op.name} ${planned.req.key}: ${last}`);
        break;
      }
      await sleep(1000);
    }
  }
  churning = false;
  await opening;
  for (const h of [...live]) h.leave();

  // ---- After the load: nothing left behind, everything acknowledged is there, the ledger verifies.
  const checks: Check[] = [];
  const ticks = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
  const cpuSec = nodes.map((_, i) => {
    const a = cpuStart[i]!;
    const b = cpuEnd[i]!;
    return (Number(b[11]) + Number(b[12]) - Number(a[11]) - Number(a[12])) / ticks;
  });

  // Sockets: every node forgets its connections, and Redis holds no presence entry.
  const redis = new Redis(redisServer.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  let connections: number[];
  let presenceKeys: string[];
  const settleBy = Date.now() + 15_000;
  for (;;) {
    connections = await Promise.all(
      nodes.map(async (n) => {
        const health = await call(n, 'GET', '/api/v1/health');
        return ((health.body?.data?.realtime as { connections?: number } | undefined)?.connections ?? NaN) as number;
      }),
    );
    presenceKeys = await redis.keys('tribes:presence:*');
    if ((connections.every((c) => c === 0) && presenceKeys.length === 0) || Date.now() > settleBy) break;
    await sleep(200);
  }
  redis.disconnect();
  checks.push({
    name: 'sockets released',
    ok: connections.every((c) => c === 0) && presenceKeys.length === 0,
    detail: `connections per node after all left: ${connections.join(' / ')}; presence hashes in Redis: ${presenceKeys.length}`,
  });

  // The ledger's own invariant check (GET /api/v1/health/ledger runs ledger.checkInvariants), on each node.
  const ledgerAnswers = await Promise.all(nodes.map((n) => call(n, 'GET', '/api/v1/health/ledger')));
  checks.push({
    name: 'ledger verifies',
    ok: ledgerAnswers.every((a) => a.status === 200 && a.body?.data?.ok === true),
    detail: ledgerAnswers.map((a, i) => `node ${i + 1}: ${a.status} ${JSON.stringify(a.body?.data)}`).join('; '),
  });

  // Every acknowledged donation, post and comment is in the database, and nothing else was written.
  const db = new pg.Client({ connectionString: pgServer.url });
  await db.connect();
  const count = async (q: string, params: unknown[] = []) => Number((await db.query<{ n: string }>(q, params)).rows[0]!.n);
  const donationsFound = await count('SELECT count(*) AS n FROM donations WHERE id = ANY($1::uuid[])', [acknowledged.donations]);
  const donationsAll = await count('SELECT count(*) AS n FROM donations');
  const postsAll = await count('SELECT count(*) AS n FROM posts');
  const commentsAll = await count('SELECT count(*) AS n FROM comments');
  await db.end();
  checks.push({
    name: 'unanswered writes settled',
    ok: neverSettled.length === 0,
    detail: `${unsettled.length} writes got no answer or a 5xx; ${settledByRetry} answered when sent again with their key${neverSettled.length ? `; never: ${neverSettled.slice(0, 5).join('; ')}` : ''}`,
  });
  checks.push({
    name: 'donations acknowledged exist',
    ok: donationsFound === acknowledged.donations.length && donationsAll === acknowledged.donations.length,
    detail: `${acknowledged.donations.length} acknowledged, ${donationsFound} of them found, ${donationsAll} in the table`,
  });
  checks.push({
    name: 'posts and comments acknowledged exist',
    ok: postsAll === acknowledged.posts && commentsAll === acknowledged.comments,
    detail: `posts ${acknowledged.posts} acknowledged / ${postsAll} stored; comments ${acknowledged.comments} / ${commentsAll}`,
  });
  // Each wallet: what it bought, less what its acknowledged donations gave (read through the API).
  const wrongWallets: string[] = [];
  for (const [i, user] of users.entries()) {
    const wallet = await expectCall(200, nodeOf(i), 'GET', '/api/v1/wallet', { token: user.token });
    const expected = BOUGHT - (given.get(user.id) ?? 0);
    if (wallet.balance !== expected) wrongWallets.push(`${user.email}: ${String(wallet.balance)}, expected ${expected}`);
  }
  checks.push({
    name: 'wallets add up',
    ok: wrongWallets.length === 0,
    detail: wrongWallets.length ? wrongWallets.join('; ') : `${USERS} wallets hold what they bought less what they gave`,
  });

  // Server logs: an error logged by a node is an error of the soak.
  const serverErrors = nodes.flatMap((n) =>
    n.server
      .output()
      .split('\n')
      .filter((l) => /"level":\s*(50|60)/.test(l))
      .map((l) => `node ${n.index + 1}: ${l.slice(0, 300)}`),
  );
  const serverWarnings = nodes.flatMap((n) =>
    n.server
      .output()
      .split('\n')
      .filter((l) => /"level":\s*40/.test(l))
      .map((l) => `node ${n.index + 1}: ${l.slice(0, 300)}`),
  );

  stopped ??= await stopServers();
  checks.push({
    name: 'nodes stop cleanly',
    ok: stopped.every((c) => c === 0),
    detail: `exit codes after SIGTERM: ${stopped.map(String).join(' / ')}`,
  });

  // ---- Figures per minute and the judgement.
  const rows: SoakMinute[] = [];
  const byMinute: number[][] = [];
  for (let m = 0; m < s.minutes; m++) {
    const lat = sortedCopy(latencies.get(m) ?? []);
    byMinute.push([...lat]);
    const samples = rssSamples.filter((r) => r.t >= m * 60 && r.t < (m + 1) * 60);
    rows.push({
      minute: m + 1,
      requests: lat.length + httpErrors.filter((e) => minuteOf(e.t) === m).length,
      requests_per_sec: lat.length / 60,
      p50_ms: percentile(lat, 50),
      p99_ms: percentile(lat, 99),
      max_ms: lat.length ? lat[lat.length - 1]! : NaN,
      http_errors: httpErrors.filter((e) => minuteOf(e.t) === m).length,
      socket_errors: sock.errors.filter((e) => minuteOf(e.t) === m).length,
      sockets_joined: joinsByMinute.get(m) ?? 0,
      sockets_left: leavesByMinute.get(m) ?? 0,
      rss_mb: nodes.map((_, i) => median(samples.map((r) => r.rss_mb[i]!))),
      load_avg: samples[samples.length - 1]?.load_avg ?? NaN,
    });
  }
  const warmupErrors = httpErrors.filter((e) => minuteOf(e.t) < 0).length;
  checks.unshift(
    {
      name: 'no error',
      ok: httpErrors.length === 0 && sock.errors.length === 0 && serverErrors.length === 0,
      detail: `${httpErrors.length} unexpected HTTP answers or failed requests (${warmupErrors} in the warm-up), ${sock.errors.length} socket errors, ${serverErrors.length} errors in the nodes' logs`,
    },
    p99Check(byMinute),
    ...rssCheck(rssSamples, s.minutes, NODES),
    {
      name: 'cross-node realtime',
      ok: s.sockets === 0 || sock.crossNode > 0,
      detail: `${sock.crossNode} post.created events delivered on the node that did not create the post`,
    },
  );

  const measured = byMinute.flat();
  const all = sortedCopy(measured);
  const total = measured.length + httpErrors.filter((e) => minuteOf(e.t) >= 0).length;
  const opFigures = Object.fromEntries(
    [...perOp.entries()].map(([name, xs]) => {
      const sorted = sortedCopy(xs);
      return [name, { count: xs.length, p50_ms: percentile(sorted, 50), p99_ms: percentile(sorted, 99) }];
    }),
  );
  const joinSorted = sortedCopy(sock.joinMs);
  const verdict = checks.every((c) => c.ok) ? 'pass' : 'fail';

  console.log(`\n${minuteTable(rows, NODES)}\n`);
  console.log(
    `    per operation (measured minutes): ${Object.entries(opFigures)
      .map(([k, v]) => `${k} ${v.count} p99 ${v.p99_ms.toFixed(1)} ms`)
      .join(', ')}`,
  );
  console.log(
    `    sockets: ${sock.joined} joined (p99 join ${percentile(joinSorted, 99).toFixed(0)} ms), ${sock.left} left; events received: ${[...sock.events.entries()].map(([k, v]) => `${k} ${v}`).join(', ')}`,
  );
  console.log(
    `    CPU over the run: nodes ${cpuSec.map((c) => `${c.toFixed(1)} s`).join(' / ')}, the bench's own load and sockets ${((benchCpu.user + benchCpu.system) / 1e6).toFixed(1)} s; most requests in flight ${maxInFlight}`,
  );
  for (const e of httpErrors.slice(0, 10)) console.log(`    HTTP error: ${e.op} on node ${e.node}: ${e.what}`);
  for (const e of sock.errors.slice(0, 10)) console.log(`    socket error: ${e.what}`);
  for (const e of serverErrors.slice(0, 10)) console.log(`    server error: ${e}`);
  for (const e of serverWarnings.slice(0, 10)) console.log(`    server warning: ${e}`);
  for (const c of checks) console.log(`    ${c.ok ? 'ok  ' : 'FAIL'} ${c.name}: ${c.detail}`);
  console.log(`    soak: ${verdict.toUpperCase()}`);

  return {
    name: 'soak',
    description: soak.description,
    method: 'MIX',
    path: '/api/v1/*',
    connections: s.sockets,
    warmup_s: s.warmupSec,
    requests_per_sec: measured.length / (s.minutes * 60),
    p50_ms: percentile(all, 50),
    p99_ms: percentile(all, 99),
    mean_ms: measured.reduce((a, b) => a + b, 0) / Math.max(1, measured.length),
    max_ms: all.length ? all[all.length - 1]! : NaN,
    requests_total: total,
    ok_2xx: measured.length,
    non_2xx: httpErrors.filter((e) => /^\d{3} /.test(e.what)).length,
    errors: httpErrors.filter((e) => !/^\d{3} /.test(e.what)).length + sock.errors.length + serverErrors.length,
    timeouts: httpErrors.filter((e) => e.what.startsWith('TimeoutError')).length,
    duration_s: s.minutes * 60,
    ratio_to_hello: null,
    verdict,
    notes: checks.map((c) => `${c.name}: ${c.ok ? 'ok' : 'FAIL'}`).join('; '),
    details: {
      settings: { ...s, nodes: NODES, users: USERS, tribes: TRIBES, rules: RULES },
      mix: Object.fromEntries(ops.map((o) => [o.name, o.weight])),
      load_avg_start_end: [rssSamples[0]?.load_avg, rssSamples[rssSamples.length - 1]?.load_avg],
      minutes: rows,
      per_operation: opFigures,
      rss_samples: rssSamples,
      node_cpu_s: cpuSec,
      bench_cpu_s: (benchCpu.user + benchCpu.system) / 1e6,
      writes_resent: unsettled.length,
      max_in_flight: maxInFlight,
      sockets: {
        joined: sock.joined,
        left: sock.left,
        join_p50_ms: percentile(joinSorted, 50),
        join_p99_ms: percentile(joinSorted, 99),
        events: Object.fromEntries(sock.events),
        cross_node_post_created: sock.crossNode,
      },
      acknowledged: { donations: acknowledged.donations.length, posts: acknowledged.posts, comments: acknowledged.comments },
      checks,
      http_errors: httpErrors.slice(0, 50),
      socket_errors: sock.errors.slice(0, 50),
      server_errors: serverErrors.slice(0, 50),
      server_warnings: serverWarnings.slice(0, 50),
    },
  };
}
