// @ts-check
/**
 * Runs autocannon in a worker thread, so the load generator does not share the event loop of the
 * server under test (which lives in the main thread of the bench process).
 *
 * Plain JavaScript on purpose: on Node 20 the tsx hooks that `npm run bench` installs with
 * `--import tsx` do not reach worker threads, so a .ts worker fails with ERR_UNKNOWN_FILE_EXTENSION.
 * It is still type-checked (checkJs) by `tsc -p bench`.
 *
 * Latency percentiles are computed here from the exact response times autocannon reports per
 * response: autocannon's own histogram keeps whole milliseconds, too coarse for a hello-world
 * whose p50 is about 1 ms (a 0 or 1 ms baseline would make the ratios meaningless).
 */
/** @import { LoadSpec, LoadFigures } from './load.js' */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

const spec = /** @type {LoadSpec} */ (workerData);

/** @param {number} durationSec @returns {autocannon.Options} */
function options(durationSec) {
  return {
    url: spec.url,
    method: spec.method ?? 'GET',
    headers: spec.headers,
    body: spec.body,
    // A header that must differ on every request (an Idempotency-Key): set per request.
    ...(spec.uniqueHeader
      ? {
          requests: [
            {
              setupRequest: (/** @type {any} */ req) => ({
                ...req,
                headers: {
                  ...req.headers,
                  [/** @type {string} */ (spec.uniqueHeader)]: `${Date.now()}-${Math.random().toString(36).slice(2)}`,
                },
              }),
            },
          ],
        }
      : {}),
    connections: spec.connections,
    pipelining: 1,
    duration: durationSec,
    timeout: 10,
  };
}

/** Nearest-rank percentile of sorted values. @param {Float64Array} sorted @param {number} p */
function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return /** @type {number} */ (sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]);
}

/** @returns {Promise<LoadFigures>} */
async function main() {
  if (spec.warmupSec > 0) await autocannon(options(spec.warmupSec));

  let samples = new Float64Array(1 << 16);
  let count = 0;
  const opts = options(spec.durationSec);
  /** @type {autocannon.Result} */
  const raw = await new Promise((resolve, reject) => {
    const instance = autocannon(opts, (err, res) => (err ? reject(err) : resolve(res)));
    // The instance emits (client, statusCode, resBytes, responseTime); @types/autocannon types it
    // with the client's own three-argument 'response' event, hence the plain EventEmitter view.
    /** @type {import('node:events').EventEmitter} */ (instance).on(
      'response',
      /** @param {unknown} _client @param {number} statusCode @param {number} _bytes @param {number} responseTime */
      (_client, statusCode, _bytes, responseTime) => {
        if (statusCode < 200 || statusCode >= 300) return; // as autocannon: latency of 2xx only
        if (count === samples.length) {
          const bigger = new Float64Array(samples.length * 2);
          bigger.set(samples);
          samples = bigger;
        }
        samples[count++] = responseTime;
      },
    );
  });

  // Off the main thread autocannon hands back its raw result (encoded histograms, no averages)
  // because it takes itself for one of its own workers; its exported aggregateResult, which
  // @types/autocannon does not declare, turns that into the usual result.
  /** @type {(results: unknown[], opts: autocannon.Options) => autocannon.Result} */
  const aggregateResult = /** @type {any} */ (autocannon).aggregateResult;
  const result = isMainThread ? raw : aggregateResult([raw], opts);
  /** Per-second samples taken (present at run time, missing from @types/autocannon). */
  const perSecondSamples = /** @type {{ samples?: number }} */ (/** @type {unknown} */ (result)).samples ?? 0;

  const sorted = samples.subarray(0, count).sort();
  let sum = 0;
  for (const v of sorted) sum += v;
  return {
    // autocannon's "Req/Sec Avg", i.e. the mean of its per-second counts. Its requests histogram
    // stays empty off the main thread (its own worker manager would fill it), so from the totals.
    requests_per_sec: perSecondSamples > 0 ? result.requests.total / perSecondSamples : NaN,
    p50_ms: percentile(sorted, 50),
    p99_ms: percentile(sorted, 99),
    mean_ms: count ? sum / count : NaN,
    max_ms: count ? /** @type {number} */ (sorted[count - 1]) : NaN,
    requests_total: result.requests.total,
    ok_2xx: result['2xx'],
    non_2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    duration_s: result.duration,
  };
}

main().then(
  (figures) => parentPort?.postMessage({ ok: true, figures }),
  (err) => parentPort?.postMessage({ ok: false, error: err instanceof Error ? (err.stack ?? err.message) : String(err) }),
);
