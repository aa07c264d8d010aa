import { describe, expect, it } from 'vitest';
import { isoToWall, wallToIso, zoneOffsetMinutes } from './zoned-time';

describe('wall times in a named zone', () => {
  it('gives a wall time the offset its zone has on that day, on both sides of a daylight-saving change', () => {
    expect(wallToIso('2026-03-28T19:00', 'Europe/Paris')).toBe('2026-03-28T19:00:00+01:00');
    expect(wallToIso('2026-03-30T19:00', 'Europe/Paris')).toBe('2026-03-30T19:00:00+02:00');
    expect(wallToIso('2026-11-06T19:00', 'America/New_York')).toBe('2026-11-06T19:00:00-05:00');
    expect(wallToIso('2026-07-01T09:30', 'Asia/Kolkata')).toBe('2026-07-01T09:30:00+05:30');
  });

  it('reads an instant back as the wall time of a zone, and refuses what is not a time', () => {
    expect(isoToWall('2026-03-30T17:00:00Z', 'Europe/Paris')).toBe('2026-03-30T19:00');
    expect(isoToWall(wallToIso('2026-12-24T20:15', 'Africa/Casablanca')!, 'Africa/Casablanca')).toBe('2026-12-24T20:15');
    expect(wallToIso('', 'Europe/Paris')).toBeNull();
    expect(zoneOffsetMinutes(Date.parse('2026-01-01T00:00:00Z'), 'UTC')).toBe(0);
  });
});
