import { describe, expect, it } from 'vitest';
import { quietUntil } from './quiet-hours.js';

describe('quietUntil', () => {
  const night = { from: '22:00', to: '07:00', tz: 'Africa/Casablanca' };

  it('holds a notification at 23:00 local time until 07:00 the next morning (a range over midnight)', () => {
    // Casablanca is UTC+1 in November 2026.
    expect(quietUntil(night, new Date('2026-11-23T22:00:00Z'))?.toISOString()).toBe('2026-11-24T06:00:00.000Z');
    expect(quietUntil(night, new Date('2026-11-24T05:59:30Z'))?.toISOString()).toBe('2026-11-24T06:00:00.000Z');
  });

  it('lets a notification through outside quiet hours, at the end minute itself, and without quiet hours', () => {
    expect(quietUntil(night, new Date('2026-11-23T12:00:00Z'))).toBeNull();
    expect(quietUntil(night, new Date('2026-11-24T06:00:00Z'))).toBeNull();
    expect(quietUntil(null, new Date('2026-11-23T22:00:00Z'))).toBeNull();
    expect(quietUntil({ from: '09:00', to: '09:00', tz: 'UTC' }, new Date('2026-11-23T09:00:00Z'))).toBeNull();
  });

  it('handles a same-day range', () => {
    const afternoon = { from: '13:00', to: '15:30', tz: 'Asia/Jerusalem' }; // UTC+2 in November
    expect(quietUntil(afternoon, new Date('2026-11-23T11:15:00Z'))?.toISOString()).toBe('2026-11-23T13:30:00.000Z');
    expect(quietUntil(afternoon, new Date('2026-11-23T10:59:00Z'))).toBeNull();
  });

  it('ends by the wall clock on a daylight-saving night', () => {
    // Paris goes from UTC+2 to UTC+1 at 03:00 local on 25 October 2026: 07:00 local is 06:00 UTC that day.
    const paris = { from: '22:00', to: '07:00', tz: 'Europe/Paris' };
    expect(quietUntil(paris, new Date('2026-10-24T21:00:00Z'))?.toISOString()).toBe('2026-10-25T06:00:00.000Z');
  });
});
