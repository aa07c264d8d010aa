import {
  DEFAULT_LOCALE,
  EVENT_REMINDER_HOURS,
  isLocale,
  readNotificationSettings,
  translate,
  type AppNotification,
  type Locale,
} from '@tribes/shared';
import type { Clock } from '#src/core/clock.js';
import type { Jobs } from '#src/core/jobs/jobs.js';
import type { NotificationsService } from '../notifications/index.js';
import type { UserAccounts, UserRow } from '../users/index.js';
import type { EventRow, EventsRepo } from './events.repo.js';
import { occurrencesBetween } from './occurrences.js';

/** The queue of one event's next reminder (a job held until its time) and of the minute's sweep. */
export const EVENT_REMINDER_QUEUE = 'event-reminder';
export const EVENT_REMINDERS_SWEEP_QUEUE = 'event-reminders-sweep';

const HOUR_MS = 3_600_000;
const LOOKAHEAD_MS = 400 * 86_400_000;
/** A job may start a moment before its time by the database's clock: within this, it counts as on time. */
const CLOCK_SKEW_MS = 2000;

type Kind = Extract<AppNotification['kind'], `event_${string}`>;

/**
 * What people going are told (DESIGN 11.3): changes, cancellations, a freed place, and reminders 24 h and
 * 1 h before each date, through the notifications module (their `events` switches, blocks, quiet hours),
 * in their language; a reminder names the time in their zone (their quiet hours' zone, else the event's).
 */
export function createEventNotices(deps: {
  repo: EventsRepo;
  users: Pick<UserAccounts, 'findById'>;
  notifications?: Pick<NotificationsService, 'notify'>;
  clock: Clock;
  jobs?: Pick<Jobs, 'enabled' | 'define' | 'send'>;
}) {
  const { repo, users, notifications, clock, jobs } = deps;

  /** "Harvest day, Sat 14 Dec 2026, 19:00 CET" in the reader's language and zone. */
  const titleWithTime = (event: EventRow, startsAt: Date, user: UserRow | undefined): string => {
    const locale: Locale = user && isLocale(user.locale) ? user.locale : DEFAULT_LOCALE;
    const zone = (user && readNotificationSettings(user.notificationSettings).quiet_hours?.tz) || event.timeZone;
    const when = new Intl.DateTimeFormat(locale, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: zone,
      timeZoneName: 'short',
    }).format(startsAt);
    return translate(locale, 'events.title_when', { title: event.title, when });
  };

  const notices = {
    /** Tells these people about the event (each once, by their own switches); one failure does not stop the rest. */
    async tell(kind: Kind, event: EventRow, userIds: Iterable<string>, actor: UserRow | null, startsAt?: Date): Promise<void> {
      if (!notifications) return;
      for (const userId of new Set(userIds)) {
        try {
          const reader = startsAt ? await users.findById(userId) : undefined;
          const title = startsAt ? titleWithTime(event, startsAt, reader) : event.title;
          await notifications.notify(userId, kind, actor, { type: 'event', id: event.id, title, tribe_id: event.tribeId });
        } catch {
          // One reader's failure (a deleted account, a mail queue hiccup) does not keep the others from hearing.
        }
      }
    },

    /**
     * Sends the reminders due at `now` (of one event, or of all with people going): for each date starting
     * after now, the 24 h one from 24 h before and the 1 h one from 1 h before (a date already within the hour
     * gets only the 1 h one). Each is marked once, keyed by the date's current start, so a moved date is
     * reminded anew and nothing is sent twice, whatever the nodes or retries. Answers how many were sent.
     */
    async remind(now: Date, eventId?: string): Promise<number> {
      const list = eventId
        ? [await repo.findById(eventId)].filter((e): e is EventRow => !!e && e.status === 'scheduled')
        : await repo.withPeopleGoing(new Date(now.getTime() + 25 * HOUR_MS));
      let sent = 0;
      for (const event of list) {
        const exceptions = await repo.exceptions([event.id]);
        const dates = occurrencesBetween(event, exceptions, now, new Date(now.getTime() + 25 * HOUR_MS));
        for (const date of dates) {
          const start = date.startsAt.getTime();
          if (start <= now.getTime()) continue;
          const due = EVENT_REMINDER_HOURS.filter((h) => start - h * HOUR_MS <= now.getTime());
          if (due.length === 0) continue;
          // Only the nearest reminder due: an event within the hour gets the 1 h one, not a late 24 h one too.
          const hours = Math.min(...due);
          const key = `event-reminder:${event.id}:${(date.occurrence ?? new Date(0)).getTime()}:${hours}:${start}`;
          const going = await repo.goingUserIds(event.id, { occurrence: date.occurrence ?? new Date(0) });
          // Nobody going yet: nothing marked, so whoever says going before the date is still reminded.
          if (going.length === 0 || !(await repo.markOnce(key, now))) continue;
          await notices.tell(
            'event_reminder',
            event,
            going.map((g) => g.userId),
            null,
            date.startsAt,
          );
          sent += 1;
        }
      }
      return sent;
    },

    /** The next moment a reminder of the event falls due after `now`, if any within the look-ahead. */
    nextReminderAt(
      event: EventRow,
      exceptions: Parameters<typeof occurrencesBetween>[1],
      now: Date,
      dueNow: boolean,
    ): Date | undefined {
      if (event.status !== 'scheduled') return undefined;
      const dates = occurrencesBetween(event, exceptions, now, new Date(now.getTime() + LOOKAHEAD_MS));
      let best: number | undefined;
      for (const date of dates.slice(0, 50)) {
        const start = date.startsAt.getTime();
        if (start <= now.getTime()) continue;
        for (const h of EVENT_REMINDER_HOURS) {
          // A reminder already due (an event made or moved within the hour) is due now, when planning anew.
          let at = start - h * HOUR_MS;
          if (at <= now.getTime()) {
            if (!dueNow) continue;
            at = now.getTime();
          }
          if (best === undefined || at < best) best = at;
        }
      }
      return best === undefined ? undefined : new Date(best);
    },

    /**
     * Plans the event's next reminder as a job held until its time. A change plans anew; a job that finds the
     * event changed or cancelled when it runs sends only what is due then (often nothing) and plans the next.
     */
    async plan(eventId: string, { dueNow = true }: { dueNow?: boolean } = {}): Promise<void> {
      if (!jobs?.enabled) return;
      const event = await repo.findById(eventId);
      if (!event) return;
      const at = notices.nextReminderAt(event, await repo.exceptions([eventId]), clock.now(), dueNow);
      if (!at) return;
      await jobs.send(
        EVENT_REMINDER_QUEUE,
        { event_id: eventId, at: at.toISOString() },
        { startAfter: at, singletonKey: `${eventId}:${at.getTime()}` },
      );
    },

    /** Declares the queues: each event's next reminder, and a sweep every minute that catches any job lost. */
    defineJobs(): void {
      if (!jobs?.enabled) return;
      jobs.define<{ event_id: string; at: string }>(EVENT_REMINDER_QUEUE, {
        retryLimit: 3,
        retryDelaySeconds: 5,
        handler: async ({ event_id, at }) => {
          const planned = Date.parse(at);
          const now = clock.now();
          const effective = planned > now.getTime() && planned - now.getTime() < CLOCK_SKEW_MS ? new Date(planned) : now;
          await notices.remind(effective, event_id);
          await notices.plan(event_id, { dueNow: false });
        },
      });
      jobs.define(EVENT_REMINDERS_SWEEP_QUEUE, {
        cron: '* * * * *',
        handler: async () => void (await notices.remind(clock.now())),
      });
    },
  };
  return notices;
}

export type EventNotices = ReturnType<typeof createEventNotices>;
