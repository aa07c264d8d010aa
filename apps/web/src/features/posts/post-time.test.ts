import { describe, expect, it } from 'vitest';
import { formatPostTime } from './post-time';

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
