import type { QuietHours } from '@tribes/shared';

const minutes = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return h * 60 + m;
};

/** The wall-clock minute of the day at `at` in `tz`. */
function localMinute(at: Date, tz: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: tz,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return get('hour') * 60 + get('minute');
}

/** Whether a local minute of the day falls in [from, to) — a range may run over midnight (22:00–07:00). */
function inRange(minute: number, from: number, to: number): boolean {
  if (from === to) return false;
  return from < to ? minute >= from && minute < to : minute >= from || minute < to;
}

/**
 * When quiet hours end, if `now` is inside them, else null. Mail and push wait until then; the bell
 * does not. Found by stepping minute by minute in the member's zone (at most a day), so a daylight-saving
 * change inside the quiet hours moves the end with the clock on the wall.
 */
export function quietUntil(quiet: QuietHours | null, now: Date): Date | null {
  if (!quiet) return null;
  const from = minutes(quiet.from);
  const to = minutes(quiet.to);
  if (!inRange(localMinute(now, quiet.tz), from, to)) return null;
  const start = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  for (let step = 1; step <= 26 * 60; step++) {
    const at = new Date(start.getTime() + step * 60_000);
    if (!inRange(localMinute(at, quiet.tz), from, to)) return at;
  }
  return null;
}
