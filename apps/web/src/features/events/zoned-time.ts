import { dateTimeFormat } from '../../lib/intl';

// Wall times in a named time zone, with the browser's Intl only: a date-time input shows the organiser's
// local time ("2026-03-28T19:00" in Africa/Casablanca) and the API takes ISO 8601 with an offset.

const partsFormat = new Map<string, Intl.DateTimeFormat>();

function formatFor(zone: string): Intl.DateTimeFormat {
  let f = partsFormat.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormat.set(zone, f);
  }
  return f;
}

/** The wall clock of an instant in a zone, as numbers. */
function wallParts(ms: number, zone: string) {
  const parts = Object.fromEntries(
    formatFor(zone)
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The zone's offset from UTC at an instant, in minutes (Casablanca in winter: 60). */
export function zoneOffsetMinutes(ms: number, zone: string): number {
  const w = wallParts(ms, zone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60_000);
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

/** "2026-03-28T19:00" (an input's value) read in `zone` → "2026-03-28T19:00:00+01:00"; null when not a time. */
export function wallToIso(wall: string, zone: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(wall);
  if (!m) return null;
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  const guess = Date.UTC(y, mo - 1, d, h, mi);
  // The offset at the guess, then at the instant it gives: they differ only around a daylight-saving change.
  let offset = zoneOffsetMinutes(guess, zone);
  const second = zoneOffsetMinutes(guess - offset * 60_000, zone);
  if (second !== offset) offset = second;
  const sign = offset < 0 ? '-' : '+';
  return `${wall}:00${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
}

/** An ISO instant → the wall time in `zone` as an input's value ("2026-03-28T19:00"). */
export function isoToWall(iso: string, zone: string): string {
  const w = wallParts(Date.parse(iso), zone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/** The browser's own IANA zone (the default for an organiser and for "my time"). */
export const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Every IANA zone the browser knows, for the organiser's choice (the browser's own first). */
export function knownZones(): string[] {
  const own = browserZone();
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [own, ...all.filter((z) => z !== own)];
}

/** Whether two zones show the same wall time at this instant (then one "when" is enough). */
export const sameWallTime = (iso: string, a: string, b: string): boolean =>
  zoneOffsetMinutes(Date.parse(iso), a) === zoneOffsetMinutes(Date.parse(iso), b);

/** "Sat, 28 Mar, 19:00 – 21:00" in a zone and language; the end's date only when it differs. */
export function formatRange(startIso: string, endIso: string, zone: string, locale: string): string {
  const day = dateTimeFormat(locale, {
    timeZone: zone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  });
  const sameDay = isoToWall(startIso, zone).slice(0, 10) === isoToWall(endIso, zone).slice(0, 10);
  const time = dateTimeFormat(locale, { timeZone: zone, hour: 'numeric', minute: '2-digit' });
  return `${day.format(new Date(startIso))} – ${(sameDay ? time : day).format(new Date(endIso))}`;
}
