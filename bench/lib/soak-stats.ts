/**
 * Figures and judgement of the soak scenario (bench/scenarios/soak.ts), apart from the processes
 * and the load so the rules can be read (and checked) on their own.
 */

/** Nearest-rank percentile of values sorted ascending. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export const sortedCopy = (xs: Iterable<number>) => Float64Array.from(xs).sort();

export const median = (xs: number[]) => percentile(sortedCopy(xs), 50);

/** One measured minute (after the warm-up) of the soak. */
export interface SoakMinute {
  minute: number;
  requests: number;
  requests_per_sec: number;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
  /** Unexpected HTTP answers and failed requests (network errors, time-outs) due in this minute. */
  http_errors: number;
  /** Socket errors seen in this minute (connection errors, refused subscriptions, unexpected closes). */
  socket_errors: number;
  sockets_joined: number;
  sockets_left: number;
  /** Median of the RSS samples taken in this minute, per node, in MB. */
  rss_mb: number[];
  /** The 1-minute load average of the machine at the end of the minute. */
  load_avg: number;
}

/** One RSS sample of the nodes. */
export interface RssSample {
  /** Seconds since the load started (negative: during the warm-up). */
  t: number;
  rss_mb: number[];
  load_avg: number;
}

/** The rules, fixed here so the README and the printout say the same thing. */
export const RULES = {
  /** The late p99 may be at most this many times the early p99. */
  p99Ratio: 1.5,
  /** Minutes pooled at each end for the p99 and RSS comparisons (fewer when the run is short). */
  p99WindowMinutes: 3,
  /** RSS at the end may be at most this much above RSS at the start of the measured run. */
  rssGrowth: 0.1,
} as const;

/** How many minutes each end of a run of `minutes` pools for the p99 rule: up to 3, never overlapping. */
export const p99Window = (minutes: number) => Math.max(1, Math.min(RULES.p99WindowMinutes, Math.floor(minutes / 2)));

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

/**
 * p99 steady: the p99 of every request due in the last `w` measured minutes, pooled, is at most 1.5
 * times that of the first `w` measured minutes, pooled (w = 3 for a run of 6 minutes or more).
 * Pooling a few minutes at each end, rather than comparing one minute with one minute, keeps a
 * single busy minute of a shared machine from deciding the verdict either way.
 */
export function p99Check(latenciesByMinute: number[][]): Check {
  const n = latenciesByMinute.length;
  if (n < 2) return { name: 'p99 steady', ok: true, detail: 'one measured minute: nothing to compare (not judged)' };
  const w = p99Window(n);
  const early = percentile(sortedCopy(latenciesByMinute.slice(0, w).flat()), 99);
  const late = percentile(sortedCopy(latenciesByMinute.slice(n - w).flat()), 99);
  const ratio = late / early;
  return {
    name: 'p99 steady',
    ok: ratio <= RULES.p99Ratio,
    detail: `p99 of minutes ${n - w + 1}-${n} ${late.toFixed(1)} ms vs minutes 1-${w} ${early.toFixed(1)} ms: ${ratio.toFixed(2)}x (limit ${RULES.p99Ratio}x)`,
  };
}

/**
 * RSS not growing: per node, the median of the samples of the last `w` measured minutes is at most
 * 10 % above the median of the samples of the first `w` measured minutes (the same windows as the
 * p99 rule: 3 minutes for a run of 6 or more). Medians over a few minutes, not one sample or one
 * minute, because the heap breathes: a garbage collection that hands memory back can take a node
 * 10 % down for a minute, and one such minute at either end would decide the verdict.
 */
export function rssCheck(samples: RssSample[], minutes: number, nodes: number): Check[] {
  const w = p99Window(minutes);
  const measured = samples.filter((s) => s.t >= 0 && s.t < minutes * 60);
  const first = measured.filter((s) => s.t < w * 60);
  const last = measured.filter((s) => s.t >= (minutes - w) * 60);
  const span = (from: number, to: number) => (from === to ? `minute ${from}` : `minutes ${from}-${to}`);
  return Array.from({ length: nodes }, (_, i) => {
    const start = median(first.map((s) => s.rss_mb[i]!));
    const end = median(last.map((s) => s.rss_mb[i]!));
    const growth = end / start - 1;
    return {
      name: `RSS node ${i + 1}`,
      ok: Number.isFinite(growth) && growth <= RULES.rssGrowth,
      detail: `median ${start.toFixed(0)} MB in ${span(1, w)} -> ${end.toFixed(0)} MB in ${span(minutes - w + 1, minutes)} (${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)} %, limit +${RULES.rssGrowth * 100} %)`,
    };
  });
}

/** The per-minute table printed at the end. */
export function minuteTable(rows: SoakMinute[], nodes: number): string {
  const header = [
    'minute',
    'requests',
    'req/s',
    'p50 ms',
    'p99 ms',
    'max ms',
    'http err',
    'sock err',
    'joined',
    'left',
    ...Array.from({ length: nodes }, (_, i) => `RSS ${i + 1} MB`),
    'load',
  ];
  const body = rows.map((r) => [
    String(r.minute),
    String(r.requests),
    r.requests_per_sec.toFixed(1),
    r.p50_ms.toFixed(1),
    r.p99_ms.toFixed(1),
    r.max_ms.toFixed(0),
    String(r.http_errors),
    String(r.socket_errors),
    String(r.sockets_joined),
    String(r.sockets_left),
    ...r.rss_mb.map((v) => v.toFixed(0)),
    r.load_avg.toFixed(2),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padStart(widths[i]!)).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}
