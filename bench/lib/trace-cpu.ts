/**
 * Lighthouse's total blocking time from its own trace, counted in CPU time rather than wall time.
 *
 * Lighthouse simulates a phone by multiplying each observed task's wall time by its CPU slowdown (4 on the
 * mobile preset). On a shared machine a task's wall time includes the time its thread waited for a core, so
 * the same build scored 60 in one run and 76 in the next. A task's thread time (`tdur`) barely moves with the
 * load. The sum over the tasks after the first contentful paint of max(0, slowdown x CPU time - 50 ms) is not
 * Lighthouse's figure: on /home it came to about half of it (November 2026), because Lighthouse re-times the
 * whole load. It moves with the page's own work, though, and tells a real change from the noise in a few runs.
 */
interface TraceEvent {
  name: string;
  ph?: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { documentLoaderURL?: string } };
}

export interface CpuBlocking {
  /** The sum described above, ms. */
  blockingMs: number;
  /** Tasks after the first contentful paint that block (slowdown x CPU time over 50 ms). */
  longTasks: number;
  /** CPU time of the main thread's tasks from the navigation on, ms. */
  cpuMs: number;
}

export function cpuBlocking(trace: { traceEvents: TraceEvent[] }, slowdown: number): CpuBlocking | undefined {
  const events = trace.traceEvents;
  const thread = (e: TraceEvent) => `${e.pid}:${e.tid}`;
  const mains = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map(thread));
  const busy = new Map<string, number>();
  for (const e of events)
    if (e.name === 'RunTask' && e.ph === 'X' && mains.has(thread(e)))
      busy.set(thread(e), (busy.get(thread(e)) ?? 0) + (e.dur ?? 0));
  // The page's main thread: the renderer main thread with the most task time.
  const main = [...busy.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (!main) return undefined;
  const pid = Number(main.split(':')[0]);
  const start = events.find(
    (e) => e.name === 'navigationStart' && e.pid === pid && e.args?.data?.documentLoaderURL?.startsWith('http'),
  )?.ts;
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === pid)?.ts;
  if (start === undefined || fcp === undefined) return undefined;
  let blockingMs = 0;
  let longTasks = 0;
  let cpuMs = 0;
  for (const e of events) {
    if (e.name !== 'RunTask' || e.ph !== 'X' || thread(e) !== main || e.ts < start) continue;
    const cpu = (e.tdur ?? e.dur ?? 0) / 1000;
    cpuMs += cpu;
    const over = slowdown * cpu - 50;
    if (e.ts >= fcp && over > 0) {
      blockingMs += over;
      longTasks++;
    }
  }
  return { blockingMs: Math.round(blockingMs), longTasks, cpuMs: Math.round(cpuMs) };
}
