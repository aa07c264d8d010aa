import { describe, expect, it } from 'vitest';
import { isOriginalStart, occurrencesBetween, rruleOf, type Series } from './occurrences.js';

const weekly = (over: Partial<Series> = {}): Series => ({
  // 19:00 in Paris on Thursday 22 October 2026 (summer time, UTC+2).
  startsAt: new Date('2026-10-22T17:00:00Z'),
  endsAt: new Date('2026-10-22T19:00:00Z'),
  timeZone: 'Europe/Paris',
  repeatFreq: 'weekly',
  repeatInterval: 1,
  repeatCount: null,
  repeatUntil: null,
  ...over,
});

const parisTime = (d: Date) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit' }).format(d);

describe('occurrences', () => {
  it('keeps 19:00 local across the end of daylight saving (the UTC hour moves)', () => {
    const dates = occurrencesBetween(weekly(), [], new Date('2026-10-20T00:00:00Z'), new Date('2026-11-10T00:00:00Z'));
    expect(dates.map((d) => d.startsAt.toISOString())).toEqual([
      '2026-10-22T17:00:00.000Z',
      '2026-10-29T18:00:00.000Z',
      '2026-11-05T18:00:00.000Z',
    ]);
    expect(dates.map((d) => parisTime(d.startsAt))).toEqual(['19:00', '19:00', '19:00']);
  });

  it('stops after count dates or at until, and steps by the interval', () => {
    const counted = occurrencesBetween(
      weekly({ repeatCount: 2, repeatInterval: 2 }),
      [],
      new Date(0),
      new Date('2027-06-01T00:00:00Z'),
    );
    expect(counted.map((d) => d.startsAt.toISOString())).toEqual(['2026-10-22T17:00:00.000Z', '2026-11-05T18:00:00.000Z']);
    const until = occurrencesBetween(
      weekly({ repeatUntil: new Date('2026-10-29T18:00:00Z') }),
      [],
      new Date(0),
      new Date('2027-01-01'),
    );
    expect(until).toHaveLength(2);
  });

  it('skips months without the day, as an RRULE does', () => {
    const s = weekly({
      repeatFreq: 'monthly',
      startsAt: new Date('2027-01-31T18:00:00Z'),
      endsAt: new Date('2027-01-31T19:00:00Z'),
    });
    const dates = occurrencesBetween(s, [], new Date('2027-01-01'), new Date('2027-06-01'));
    expect(dates.map((d) => d.startsAt.toISOString().slice(0, 10))).toEqual(['2027-01-31', '2027-03-31', '2027-05-31']);
  });

  it('applies a moved date and leaves out a cancelled one', () => {
    const s = weekly();
    const exceptions = [
      {
        occurrence: new Date('2026-10-29T18:00:00Z'),
        startsAt: new Date('2026-10-30T18:00:00Z'),
        endsAt: new Date('2026-10-30T19:00:00Z'),
        cancelled: false,
      },
      {
        occurrence: new Date('2026-11-05T18:00:00Z'),
        startsAt: new Date('2026-11-05T18:00:00Z'),
        endsAt: new Date('2026-11-05T20:00:00Z'),
        cancelled: true,
      },
    ];
    const dates = occurrencesBetween(s, exceptions, new Date('2026-10-25T00:00:00Z'), new Date('2026-11-10T00:00:00Z'));
    expect(dates).toEqual([
      {
        occurrence: new Date('2026-10-29T18:00:00Z'),
        startsAt: new Date('2026-10-30T18:00:00Z'),
        endsAt: new Date('2026-10-30T19:00:00Z'),
        moved: true,
        cancelled: false,
      },
    ]);
  });

  it('knows the keys of its dates, and its rule', () => {
    expect(isOriginalStart(weekly(), new Date('2026-11-05T18:00:00Z'))).toBe(true);
    expect(isOriginalStart(weekly(), new Date('2026-11-05T17:00:00Z'))).toBe(false);
    expect(rruleOf(weekly({ repeatInterval: 2, repeatCount: 5 }))).toBe('FREQ=WEEKLY;INTERVAL=2;COUNT=5');
    expect(rruleOf(weekly({ repeatUntil: new Date('2027-01-01T00:00:00Z') }))).toBe(
      'FREQ=WEEKLY;INTERVAL=1;UNTIL=20270101T000000Z',
    );
  });
});
