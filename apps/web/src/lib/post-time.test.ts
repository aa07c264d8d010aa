import { afterEach, describe, expect, it } from 'vitest';
import { formatPostTime, preparePostTimeFormats } from './post-time';

describe('formatPostTime', () => {
  const now = new Date('2026-05-10T12:00:00Z');
  it('is relative within a week, in the reader language', () => {
    expect(formatPostTime('2026-05-10T09:00:00Z', 'en', now).short).toBe('3 hours ago');
    expect(formatPostTime('2026-05-10T09:00:00Z', 'fr', now).short).toBe('il y a 3 heures');
    expect(formatPostTime('2026-05-10T11:59:30Z', 'en', now).short).toBe('now');
  });
  it('is a date after a week, with the year only when it differs', () => {
    expect(formatPostTime('2026-04-01T09:00:00Z', 'en', now).short).toBe('Apr 1');
    expect(formatPostTime('2025-04-01T09:00:00Z', 'en', now).short).toBe('Apr 1, 2025');
  });
});

describe('preparePostTimeFormats', () => {
  const real = { DateTimeFormat: Intl.DateTimeFormat, RelativeTimeFormat: Intl.RelativeTimeFormat };
  afterEach(() => Object.assign(Intl, real));

  /** Counts the formatters built from now on (each one built loads locale data: the cost moved out of the first list). */
  function countBuilt() {
    const built = { count: 0 };
    const counting = <T extends object>(ctor: T): T =>
      new Proxy(ctor, { construct: (target, args) => (built.count++, Reflect.construct(target as never, args)) });
    Object.assign(Intl, { DateTimeFormat: counting(real.DateTimeFormat), RelativeTimeFormat: counting(real.RelativeTimeFormat) });
    return built;
  }

  it('builds ahead the formats of recent and older posts, so the first list builds none', () => {
    // Hebrew: a locale no other test of this file has formatted (the formats are cached for the page's life).
    const now = new Date('2026-05-10T12:00:00Z');
    const built = countBuilt();
    preparePostTimeFormats('he', now);
    expect(built.count).toBeGreaterThan(0);
    built.count = 0;
    formatPostTime('2026-05-10T09:00:00Z', 'he', now);
    formatPostTime('2026-05-08T09:00:00Z', 'he', now);
    formatPostTime('2026-03-02T09:00:00Z', 'he', now);
    expect(built.count).toBe(0);
  });
});
