/** Date input rules of specification sections 5 and 9. */

export const DATE_PLACEHOLDER = 'mm/dd/yyyy';
export const YEARS_BACK = 100;
export const YEARS_FORWARD = 52;
export const CALENDAR_DAYS = 42;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Formats a local date as mm/dd/yyyy. */
export function formatMmDdYyyy(date: Date): string {
  return `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${pad(date.getFullYear(), 4)}`;
}

/** Inserts the slashes while the user types digits: "0315" → "03/15". */
export function maskDateText(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
}

/** Parses a complete mm/dd/yyyy into a local date; null when incomplete or not a real day (02/30). */
export function parseMmDdYyyy(text: string): Date | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  if (!m) return null;
  const [month, day, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(year, month - 1, day);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return date;
}

/** The selectable years: min and max when given, else 100 years back to 52 forward. */
export function yearRange(today: Date, min?: Date, max?: Date): { from: number; to: number } {
  return {
    from: min ? min.getFullYear() : today.getFullYear() - YEARS_BACK,
    to: max ? max.getFullYear() : today.getFullYear() + YEARS_FORWARD,
  };
}

/** True when a date is inside the range the picker offers. */
export function isWithinRange(date: Date, today: Date, min?: Date, max?: Date): boolean {
  const day = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  if (min && day(date) < day(min)) return false;
  if (max && day(date) > day(max)) return false;
  const { from, to } = yearRange(today, min, max);
  return date.getFullYear() >= from && date.getFullYear() <= to;
}

/** The static calendar's 42 days (6 weeks) for a month, starting on `weekStart` (0 = Sunday). */
export function calendarDays(year: number, month: number, weekStart = 0): Date[] {
  const first = new Date(year, month, 1);
  const offset = (first.getDay() - weekStart + 7) % 7;
  return Array.from({ length: CALENDAR_DAYS }, (_, i) => new Date(year, month, 1 - offset + i));
}

/** What is wrong with typed text, for the field's message: null when it is empty, a usable date, or still being typed. */
export type DateTextProblem = 'invalid' | 'outOfRange' | 'incomplete' | null;

/**
 * Judges typed text: a complete mm/dd/yyyy that is no real day (31/02/2026, 02/30/2026) is `invalid`, a real
 * day the picker does not offer is `outOfRange`, a partial text is `incomplete` once the user left the field.
 */
export function dateTextProblem(text: string, today: Date, min?: Date, max?: Date, left = false): DateTextProblem {
  if (text === '') return null;
  if (text.length < DATE_PLACEHOLDER.length) return left ? 'incomplete' : null;
  const date = parseMmDdYyyy(text);
  if (!date) return 'invalid';
  return isWithinRange(date, today, min, max) ? null : 'outOfRange';
}
