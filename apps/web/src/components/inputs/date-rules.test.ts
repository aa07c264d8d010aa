import { describe, expect, it } from 'vitest';
import {
  calendarDays,
  DATE_PLACEHOLDER,
  formatMmDdYyyy,
  isWithinRange,
  maskDateText,
  parseMmDdYyyy,
  yearRange,
} from './date-rules';

describe('date input rules', () => {
  it('uses the mm/dd/yyyy placeholder and format', () => {
    expect(DATE_PLACEHOLDER).toBe('mm/dd/yyyy');
    expect(formatMmDdYyyy(new Date(2026, 2, 5))).toBe('03/05/2026');
    expect(maskDateText('03052026')).toBe('03/05/2026');
    expect(maskDateText('0305')).toBe('03/05');
    expect(parseMmDdYyyy('02/29/2024')?.getDate()).toBe(29);
    expect(parseMmDdYyyy('02/30/2024')).toBeNull();
    expect(parseMmDdYyyy('2/3/2024')).toBeNull();
  });

  it('offers 100 years back to 52 forward unless bounded', () => {
    const today = new Date(2026, 5, 1);
    expect(yearRange(today)).toEqual({ from: 1926, to: 2078 });
    expect(yearRange(today, new Date(2020, 0, 1), new Date(2030, 0, 1))).toEqual({ from: 2020, to: 2030 });
    expect(isWithinRange(new Date(1925, 11, 31), today)).toBe(false);
    expect(isWithinRange(new Date(2078, 11, 31), today)).toBe(true);
    expect(isWithinRange(new Date(2026, 0, 1), today, new Date(2026, 0, 2))).toBe(false);
  });

  it('shows 6 weeks (42 days) per month', () => {
    const days = calendarDays(2026, 1);
    expect(days).toHaveLength(42);
    expect(days[0]!.getDay()).toBe(0);
    expect(days.some((d) => d.getMonth() === 1 && d.getDate() === 1)).toBe(true);
  });
});
