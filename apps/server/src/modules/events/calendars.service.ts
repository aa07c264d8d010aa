import type { CalendarUrl } from '@tribes/shared';
import { DEFAULT_LOCALE, isLocale, translate } from '@tribes/shared';
import type { Clock } from '#src/core/clock.js';
import { hmac, safeEqualHex } from '#src/core/crypto.js';
import { notFound } from '#src/core/errors.js';
import { lazy } from '#src/core/lazy.js';
import type { UserAccounts, UserRow } from '../users/index.js';
import type { EventReading } from './event-reading.js';
import type { EventsRepo, EventWithRefs, ExceptionRow } from './events.repo.js';

const loadIcal = lazy(() => import('ical-generator'));

interface Deps {
  repo: EventsRepo;
  reading: EventReading;
  users: Pick<UserAccounts, 'findById'>;
  clock: Clock;
  publicUrl: URL;
  appSecret: string;
}

/** A private feed's token: `<user id>_<generation>_<signature>`; rotating the generation revokes older ones. */
const TOKEN = /^([0-9a-f-]{36})_(\d{1,9})_([0-9a-f]{64})$/;

/**
 * Calendars (DESIGN 11.3): an event's .ics and each member's private feed (the events they answered and their
 * tribes' events), through ical-generator. The UID (`<id>@<host>`) never changes; SEQUENCE is the event's
 * `sequence`, raised on every change; a repeating event carries its RRULE with its zone (TZID), EXDATE for
 * its cancelled dates and a VEVENT with RECURRENCE-ID for each moved one; a cancelled event is
 * STATUS:CANCELLED, so subscribed calendars drop it.
 */
export function createCalendarsService({ repo, reading, users, clock, publicUrl, appSecret }: Deps) {
  const sign = (userId: string, generation: number) => hmac(appSecret, `event-calendar:${userId}:${generation}`);
  const urlOf = (userId: string, generation: number): string =>
    new URL(
      `ical/${userId}_${generation}_${sign(userId, generation)}.ics`,
      publicUrl.href.endsWith('/') ? publicUrl : `${publicUrl.href}/`,
    ).href;

  async function calendar(name: string, items: { refs: EventWithRefs; exceptions: ExceptionRow[] }[]): Promise<string> {
    const { default: ical, ICalEventStatus, ICalEventRepeatingFreq } = await loadIcal();
    const cal = ical({ name, prodId: { company: 'Tribes', product: 'events', language: 'EN' } });
    for (const { refs, exceptions } of items) {
      const { event } = refs;
      const base = {
        id: `${event.id}@${publicUrl.hostname}`,
        timezone: event.timeZone,
        summary: event.title,
        description: event.description || null,
        location:
          event.placeKind === 'village'
            ? (refs.village?.name ?? null)
            : event.placeKind === 'online'
              ? (event.onlineUrl ?? null)
              : (event.placeName ?? null),
        url: new URL(`events/${event.id}`, publicUrl.href.endsWith('/') ? publicUrl : `${publicUrl.href}/`).href,
        sequence: event.sequence,
        status: event.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
        stamp: event.updatedAt,
        lastModified: event.updatedAt,
        created: event.createdAt,
      };
      const cancelledDates = exceptions.filter((x) => x.cancelled).map((x) => x.occurrence);
      cal.createEvent({
        ...base,
        start: event.startsAt,
        end: event.endsAt,
        repeating: event.repeatFreq
          ? {
              freq: event.repeatFreq === 'monthly' ? ICalEventRepeatingFreq.MONTHLY : ICalEventRepeatingFreq.WEEKLY,
              interval: event.repeatInterval,
              ...(event.repeatCount !== null ? { count: event.repeatCount } : {}),
              ...(event.repeatUntil ? { until: event.repeatUntil } : {}),
              ...(cancelledDates.length ? { exclude: cancelledDates } : {}),
            }
          : null,
      });
      if (event.repeatFreq)
        for (const moved of exceptions.filter((x) => !x.cancelled))
          cal.createEvent({ ...base, start: moved.startsAt, end: moved.endsAt, recurrenceId: moved.occurrence });
    }
    return cal.toString();
  }

  return {
    /** GET /v1/events/{id}/ics. */
    async ics(id: string, user: UserRow): Promise<{ body: string; filename: string }> {
      const found = await reading.reach(id, user);
      return { body: await calendar(found.refs.event.title, [found]), filename: `event-${id}.ics` };
    },

    async calendarUrl(user: UserRow): Promise<CalendarUrl> {
      return { url: urlOf(user.id, await repo.calendarGeneration(user.id)) };
    },

    /** A new feed address; the old one answers 404 from now on. */
    async rotateCalendarUrl(user: UserRow): Promise<CalendarUrl> {
      return { url: urlOf(user.id, await repo.rotateCalendar(user.id, clock.now())) };
    },

    /** GET /ical/{token}.ics, without a session: a wrong, tampered or rotated token is 404. */
    async feed(token: string): Promise<string> {
      const m = TOKEN.exec(token);
      if (!m) throw notFound();
      const [, userId, gen, sig] = m as unknown as [string, string, string, string];
      if (!safeEqualHex(sig, sign(userId, Number(gen)))) throw notFound();
      if (Number(gen) !== (await repo.calendarGeneration(userId))) throw notFound();
      const user = await users.findById(userId);
      if (!user) throw notFound();
      const now = clock.now();
      const mine = new Set(await repo.activeTribeIds(userId));
      // Suspended tribes' events are already left out; a tribe-only event needs the membership still.
      const rows = (await repo.forFeed(userId, new Date(now.getTime() - 90 * 86_400_000))).filter(
        (r) => r.event.visibility === 'public' || mine.has(r.event.tribeId),
      );
      const exceptions = await repo.exceptions(rows.map((r) => r.event.id));
      return calendar(
        translate(isLocale(user.locale) ? user.locale : DEFAULT_LOCALE, 'events.calendar_name'),
        rows.map((refs) => ({ refs, exceptions: exceptions.filter((x) => x.eventId === refs.event.id) })),
      );
    },
  };
}

export type CalendarsService = ReturnType<typeof createCalendarsService>;
