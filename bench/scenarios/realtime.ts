import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { WebSocket, WebSocketServer } from 'ws';
import { startServerProcess } from '../../apps/server/test/server-process.js';
import { bootApp } from '../lib/app.js';
import type { Measurement } from '../lib/load.js';
import type { Scenario } from '../lib/scenario.js';

const IDLE = Number(process.env.BENCH_IDLE_CONNECTIONS ?? 10_000);
const SUBSCRIBERS = 1000;
const ROUNDS = 30;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length))) - 1]!;
}

function figures(name: string, description: string, latencies: number[], extra: Partial<Measurement>): Measurement {
  const sorted = [...latencies].sort((a, b) => a - b);
  const mean = sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length);
  return {
    name,
    description,
    method: 'WS',
    path: '/app/{key}',
    connections: SUBSCRIBERS,
    warmup_s: 0,
    requests_per_sec: NaN,
    p50_ms: percentile(sorted, 50),
    p99_ms: percentile(sorted, 99),
    mean_ms: mean,
    max_ms: sorted[sorted.length - 1] ?? NaN,
    requests_total: sorted.length,
    ok_2xx: sorted.length,
    non_2xx: 0,
    errors: 0,
    timeouts: 0,
    duration_s: 0,
    ratio_to_hello: null,
    ...extra,
  };
}

/** Opens n websockets and resolves when each got its first frame. */
async function openSockets(url: string, n: number, onMessage?: (raw: string) => void): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  for (let start = 0; start < n; start += 250) {
    const batch = Array.from({ length: Math.min(250, n - start) }, () => {
      const ws = new WebSocket(url, { perMessageDeflate: false });
      sockets.push(ws);
      return new Promise<void>((resolve, reject) => {
        ws.once('message', () => resolve());
        ws.once('error', reject);
        if (onMessage) ws.on('message', (raw) => onMessage(raw.toString()));
      });
    });
    await Promise.all(batch);
  }
  return sockets;
}

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;

/** Idle connections held by one server process, and its memory (target: 10,000 under 1 GB). */
export const realtimeIdle: Scenario = {
  name: 'realtime-idle',
  description: `${IDLE} idle websockets on one node (target: under 1 GB)`,
  async run() {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tribes-bench-rt-'));
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      REVERB_APP_KEY: 'bench-key',
      REVERB_APP_ID: '1',
      REVERB_APP_SECRET: 'bench-secret-bench-secret',
      APP_SECRET: 'bench-app-secret-bench-app-secret-123',
      LOG_LEVEL: 'silent',
    });
    try {
      const pid = server.child.pid!;
      const before = rssMb(pid);
      const url = `${server.baseUrl.replace('http', 'ws').replace('localhost', '127.0.0.1')}/app/bench-key?protocol=7`;
      const t0 = performance.now();
      const sockets = await openSockets(url, IDLE);
      const opened = (performance.now() - t0) / 1000;
      await new Promise((r) => setTimeout(r, 2000));
      const after = rssMb(pid);
      for (const s of sockets) s.terminate();
      const verdict = after < 1024 ? 'within' : 'OVER';
      console.log(
        `\n    ${IDLE} connections opened in ${opened.toFixed(1)} s; server RSS ${before.toFixed(0)} MB -> ${after.toFixed(0)} MB (${(((after - before) * 1024) / IDLE).toFixed(1)} KB per connection): ${verdict} the 1 GB target`,
      );
      return figures(this.name, this.description, [], {
        connections: IDLE,
        notes: `rss_before_mb=${before.toFixed(0)} rss_after_mb=${after.toFixed(0)} kb_per_connection=${(((after - before) * 1024) / IDLE).toFixed(1)} target_1gb=${verdict}`,
      });
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};

/** Delivery latency of one event to 1,000 subscribers, against a bare `ws` broadcast in the same run. */
export const realtimeFanout: Scenario = {
  name: 'realtime-fanout',
  description: `one event to ${SUBSCRIBERS} subscribers, vs bare ws`,
  async run() {
    // Bare ws: a server that sends each message to every client.
    const bare = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
    await new Promise((r) => bare.once('listening', r));
    bare.on('connection', (ws) => ws.send('hello'));
    const bareLatencies: number[] = [];
    const bareUrl = `ws://127.0.0.1:${(bare.address() as AddressInfo).port}`;
    const bareClients = await openSockets(bareUrl, SUBSCRIBERS, (raw) => {
      if (raw !== 'hello') bareLatencies.push(performance.now() - Number(raw));
    });
    for (let i = 0; i < ROUNDS; i++) {
      const frame = String(performance.now());
      for (const c of bare.clients) c.send(frame);
      await until(() => bareLatencies.length >= (i + 1) * SUBSCRIBERS);
    }
    for (const c of bareClients) c.terminate();
    bare.close();

    const bench = await bootApp();
    try {
      const key = bench.app.ctx.realtime.appKey;
      const latencies: number[] = [];
      let subscribed = 0;
      const clients = await openSockets(`${bench.baseUrl.replace('http', 'ws')}/app/${key}?protocol=7`, SUBSCRIBERS, (raw) => {
        const msg = JSON.parse(raw) as { event: string; data?: string };
        if (msg.event === 'pusher_internal:subscription_succeeded') subscribed++;
        if (msg.event === 'bench.tick') latencies.push(performance.now() - (JSON.parse(msg.data!) as { t: number }).t);
      });
      for (const c of clients) c.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'campaign.bench' } }));
      await until(() => subscribed >= SUBSCRIBERS);
      for (let i = 0; i < ROUNDS; i++) {
        await bench.app.ctx.realtime.hub.publish('campaign.bench', 'bench.tick', { t: performance.now() });
        await until(() => latencies.length >= (i + 1) * SUBSCRIBERS);
      }
      for (const c of clients) c.terminate();
      const ours = figures(this.name, this.description, latencies, {});
      const base = figures('bare-ws', '', bareLatencies, {});
      const note = `bare_ws_p50_ms=${base.p50_ms.toFixed(2)} bare_ws_p99_ms=${base.p99_ms.toFixed(2)} p50_vs_bare=${(ours.p50_ms / base.p50_ms).toFixed(2)} p99_vs_bare=${(ours.p99_ms / base.p99_ms).toFixed(2)}`;
      console.log(
        `\n    delivery to ${SUBSCRIBERS}: p50 ${ours.p50_ms.toFixed(2)} ms, p99 ${ours.p99_ms.toFixed(2)} ms; bare ws p50 ${base.p50_ms.toFixed(2)} ms, p99 ${base.p99_ms.toFixed(2)} ms (${(ours.p50_ms / base.p50_ms).toFixed(2)}x / ${(ours.p99_ms / base.p99_ms).toFixed(2)}x)`,
      );
      return { ...ours, notes: note };
    } finally {
      await bench.close();
    }
  },
};

async function until(predicate: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for deliveries');
    await new Promise((r) => setImmediate(r));
  }
}
