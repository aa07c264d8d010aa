import { Temporal } from 'temporal-polyfill';
import type { EventRepeatFreq } from '@tribes/shared';

/*
 * The dates of an event (decision 025): a repeating event's dates are computed in its organiser's IANA
 * zone from its first date, so 19:00 Europe/Paris stays 19:00 local across a daylight-saving change (the
 * UTC instant moves instead). Monthly dates keep the day of the month; a month without it is skipped, as an
 * RRULE does. A date is keyed by its original start (`occurrence`): a moved or cancelled date is an
 * exception stored under that key.
 */

/** What the computation needs of an event. */
export interface Series {
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  repeatFreq: string | null;
  repeatInterval: number;
  repeatCount: number | null;
  repeatUntil: Date | null;
}

/** A moved or cancelled date, by its original start. */
export interface ExceptionLike {
  occurrence: Date;
  startsAt: Date;
  endsAt: Date;
  cancelled: boolean;
}

/** One date: its key (null for a single event), its times (moved ones included). */
export interface OccurrenceTimes {
  occurrence: Date | null;
  startsAt: Date;
  endsAt: Date;
  moved: boolean;
  cancelled: boolean;
}

/** The RSVP key of a single event's one date (the epoch): moving the event keeps its answers. */
export const SINGLE_OCCURRENCE = new Date(0);

const MAX_STEPS = 5000;

/** The original starts of a series' dates, in order, from the first; stops at `until` (inclusive) or after `limit`. */
function* originalStarts(s: Series, notBefore: number): Generator<Date> {
  if (!s.repeatFreq) {
    yield s.startsAt;
    return;
  }
  const first = Temporal.Instant.fromEpochMilliseconds(s.startsAt.getTime()).toZonedDateTimeISO(s.timeZone);
  const freq = s.repeatFreq as EventRepeatFreq;
  const interval = Math.max(1, s.repeatInterval);
  const until = s.repeatUntil?.getTime() ?? Infinity;
  let index = 0;
  let step = 0;
  // A weekly series without a count may jump ahead to just before `notBefore` (the count needs every date).
  if (freq === 'weekly' && s.repeatCount === null && notBefore > s.startsAt.getTime()) {
    const weekMs = 7 * 86_400_000 * interval;
    step = Math.max(0, Math.floor((notBefore - s.startsAt.getTime()) / weekMs) - 1);
  }
  for (let n = 0; n < MAX_STEPS; n++, step++) {
    let start: Temporal.ZonedDateTime;
    if (freq === 'weekly') {
      start = first.add({ weeks: step * interval });
    } else {
      // The same day of the month, at the same wall time; a month without that day has no date.
      const date = first.toPlainDate();
      let moved: Temporal.PlainDate;
      try {
        moved = date.add({ months: step * interval }, { overflow: 'reject' });
      } catch {
        continue;
      }
      start = moved.toZonedDateTime({ timeZone: s.timeZone, plainTime: first.toPlainTime() });
    }
    const at = start.epochMilliseconds;
    if (at > until) return;
    if (s.repeatCount !== null && index >= s.repeatCount) return;
    index++;
    yield new Date(at);
  }
}

/**
 * The dates of a series that overlap [from, to) (moved dates by their new times, cancelled ones marked),
 * in time order.
 */
export function occurrencesBetween(
  s: Series,
  exceptions: readonly ExceptionLike[],
  from: Date,
  to: Date,
  options: { includeCancelled?: boolean } = {},
): OccurrenceTimes[] {
  const duration = s.endsAt.getTime() - s.startsAt.getTime();
  if (!s.repeatFreq) {
    const hit = s.endsAt > from && s.startsAt < to;
    return hit ? [{ occurrence: null, startsAt: s.startsAt, endsAt: s.endsAt, moved: false, cancelled: false }] : [];
  }
  const byKey = new Map(exceptions.map((e) => [e.occurrence.getTime(), e]));
  const out: OccurrenceTimes[] = [];
  // Moved dates may come from far away: a window wide enough to catch any moved into [from, to).
  const slack = 400 * 86_400_000;
  for (const start of originalStarts(s, from.getTime() - duration - slack)) {
    if (start.getTime() >= to.getTime() + slack) break;
    const ex = byKey.get(start.getTime());
    const startsAt = ex ? ex.startsAt : start;
    const endsAt = ex ? ex.endsAt : new Date(start.getTime() + duration);
    if (!(endsAt > from && startsAt < to)) continue;
    const cancelled = ex?.cancelled ?? false;
    if (cancelled && !options.includeCancelled) continue;
    out.push({ occurrence: start, startsAt, endsAt, moved: ex !== undefined && !cancelled, cancelled });
  }
  return out.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

/** Whether `key` is the original start of one of the series' dates. */
export function isOriginalStart(s: Series, key: Date): boolean {
  if (!s.repeatFreq) return false;
  for (const start of originalStarts(s, key.getTime() - 1)) {
    if (start.getTime() === key.getTime()) return true;
    if (start.getTime() > key.getTime()) return false;
  }
  return false;
}

/** The date of a series under its key (with its exception applied), or undefined when it has none. */
export function occurrenceAt(s: Series, exceptions: readonly ExceptionLike[], key: Date): OccurrenceTimes | undefined {
  if (!isOriginalStart(s, key)) return undefined;
  const ex = exceptions.find((e) => e.occurrence.getTime() === key.getTime());
  const duration = s.endsAt.getTime() - s.startsAt.getTime();
  return {
    occurrence: key,
    startsAt: ex?.startsAt ?? key,
    endsAt: ex?.endsAt ?? new Date(key.getTime() + duration),
    moved: ex !== undefined && !ex.cancelled,
    cancelled: ex?.cancelled ?? false,
  };
}

/** The RRULE of a series (`FREQ=WEEKLY;INTERVAL=2;COUNT=10`), read in its zone from its first date. */
export function rruleOf(s: Pick<Series, 'repeatFreq' | 'repeatInterval' | 'repeatCount' | 'repeatUntil'>): string | null {
  if (!s.repeatFreq) return null;
  const parts = [`FREQ=${s.repeatFreq.toUpperCase()}`, `INTERVAL=${s.repeatInterval}`];
  if (s.repeatCount !== null) parts.push(`COUNT=${s.repeatCount}`);
  if (s.repeatUntil)
    parts.push(
      `UNTIL=${s.repeatUntil
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, '')}`,
    );
  return parts.join(';');
}

/** Whether a zone name is one the date computation knows. */
export function knownTimeZone(zone: string): boolean {
  try {
    Temporal.Now.zonedDateTimeISO(zone);
    return true;
  } catch {
    return false;
  }
}

/** The position (0 first) of a date's key in its series, or undefined when it is not one of its keys. */
export function indexOfStart(s: Series, key: Date): number | undefined {
  if (!s.repeatFreq) return key.getTime() === SINGLE_OCCURRENCE.getTime() ? 0 : undefined;
  let i = 0;
  for (const start of originalStarts(s, -Infinity)) {
    if (start.getTime() === key.getTime()) return i;
    if (start.getTime() > key.getTime()) return undefined;
    i++;
  }
  return undefined;
}

/** The key of a series' date at a position (0 first): the epoch for a single event's only date. */
export function keyAt(s: Series, index: number): Date | undefined {
  if (!s.repeatFreq) return index === 0 ? SINGLE_OCCURRENCE : undefined;
  let i = 0;
  for (const start of originalStarts(s, -Infinity)) {
    if (i === index) return start;
    i++;
  }
  return undefined;
}
