import { dateTimeFormat, relativeTimeFormat } from './intl';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['minute', 60],
  ['hour', 60 * 60],
  ['day', 24 * 60 * 60],
];

/**
 * When a post was written, in the reader's language: relative within a week ("3 hours ago",
 * "منذ 3 ساعات"), then a date; the full date and time go in the title/dateTime.
 */
export function formatPostTime(iso: string, locale: string, now: Date = new Date()): { short: string; full: string } {
  const at = new Date(iso);
  const full = dateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(at);
  const seconds = Math.round((at.getTime() - now.getTime()) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 60) return { short: relativeTimeFormat(locale, { numeric: 'auto' }).format(0, 'second'), full };
  if (abs < 7 * 24 * 60 * 60) {
    const [unit, size] = [...UNITS].reverse().find(([, s]) => abs >= s) ?? UNITS[0]!;
    return { short: relativeTimeFormat(locale, { numeric: 'auto' }).format(Math.round(seconds / size), unit), full };
  }
  const sameYear = at.getFullYear() === now.getFullYear();
  return {
    short: dateTimeFormat(locale, { day: 'numeric', month: 'short', ...(sameYear ? {} : { year: 'numeric' }) }).format(at),
    full,
  };
}

/**
 * Builds, ahead of the first list, the formats `formatPostTime` asks for: the first one loads the
 * locale's calendar data, tens of ms on a phone, better spent while the page's code is still downloading
 * than inside the task that draws the first post.
 */
export function preparePostTimeFormats(locale: string, now: Date = new Date()): void {
  for (const daysAgo of [1, 30]) formatPostTime(new Date(now.getTime() - daysAgo * 86_400_000).toISOString(), locale, now);
}
