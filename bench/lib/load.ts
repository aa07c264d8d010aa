import { Worker } from 'node:worker_threads';

/** One HTTP load to apply: autocannon options, no pipelining. */
export interface LoadSpec {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** A header given a fresh random value on every request (e.g. idempotency-key). */
  uniqueHeader?: string;
  connections: number;
  durationSec: number;
  /** An unmeasured run of the same load first (JIT, caches, connection pools). */
  warmupSec: number;
}

/** What the worker measured. */
export interface LoadFigures {
  /** Mean of autocannon's per-second request counts (all statuses): its "Req/Sec Avg". */
  requests_per_sec: number;
  /** Latency percentiles of 2xx responses, exact (not rounded to whole ms). */
  p50_ms: number;
  p99_ms: number;
  mean_ms: number;
  max_ms: number;
  requests_total: number;
  ok_2xx: number;
  non_2xx: number;
  errors: number;
  timeouts: number;
  duration_s: number;
}

/** Each figure divided by the hello-world's: req/s below 1 means slower, latency above 1 means slower. */
export interface Ratios {
  requests_per_sec: number;
  p50: number;
  p99: number;
}

/** One scenario's line in the table and in the JSON. */
export interface Measurement extends LoadFigures {
  name: string;
  description: string;
  method: string;
  path: string;
  connections: number;
  warmup_s: number;
  ratio_to_hello: Ratios | null;
  notes?: string;
  /** A scenario that judges itself (the soak): 'fail' makes the run exit non-zero. */
  verdict?: 'pass' | 'fail';
  /** A scenario's own figures beyond the table's (the soak's minutes, samples and checks), kept in the JSON. */
  details?: unknown;
}

/** The row of a scenario that applies no HTTP load (bundle sizes, Lighthouse): its figures live in `notes`. */
export function noLoadMeasurement(name: string, description: string, path: string, notes: string): Measurement {
  return {
    name,
    description,
    method: 'GET',
    path,
    connections: 0,
    warmup_s: 0,
    requests_per_sec: NaN,
    p50_ms: NaN,
    p99_ms: NaN,
    mean_ms: NaN,
    max_ms: NaN,
    requests_total: 0,
    ok_2xx: 0,
    non_2xx: 0,
    errors: 0,
    timeouts: 0,
    duration_s: 0,
    ratio_to_hello: null,
    notes,
  };
}

/** Applies a load with autocannon from a worker thread and returns the figures. */
export function applyLoad(spec: LoadSpec): Promise<LoadFigures> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), { workerData: spec });
    let settled = false;
    worker.once('message', (msg: { ok: true; figures: LoadFigures } | { ok: false; error: string }) => {
      settled = true;
      if (msg.ok) resolve(msg.figures);
      else reject(new Error(`load worker failed: ${msg.error}`));
    });
    worker.once('error', (err) => {
      settled = true;
      reject(err);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`load worker exited with code ${code} before reporting`));
    });
  });
}

/** Measures one scenario: warm-up, then the timed run; ratios are filled in by the orchestrator. */
export async function measure(name: string, description: string, spec: LoadSpec, notes?: string): Promise<Measurement> {
  const figures = await applyLoad(spec);
  return {
    name,
    description,
    method: spec.method ?? 'GET',
    path: new URL(spec.url).pathname,
    connections: spec.connections,
    warmup_s: spec.warmupSec,
    ...figures,
    ratio_to_hello: null,
    ...(notes ? { notes } : {}),
  };
}

/** Ratios of a measurement to the hello-world baseline. */
export function ratiosTo(m: LoadFigures, hello: LoadFigures): Ratios {
  return {
    requests_per_sec: m.requests_per_sec / hello.requests_per_sec,
    p50: m.p50_ms / hello.p50_ms,
    p99: m.p99_ms / hello.p99_ms,
  };
}
