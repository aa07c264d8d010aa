import type { AppEvent } from '@tribes/shared';
import { fieldError, forbidden, notFound } from '#src/core/errors.js';
import { canModerate, isActive, isLeader, type TribeReads } from '../tribes/index.js';
import type { UserRow } from '../users/index.js';
import { presentEvent, type MediaUrl } from './events.presenter.js';
import type { EventRow, EventsRepo, EventWithRefs, ExceptionRow } from './events.repo.js';
import { occurrenceAt, occurrencesBetween, SINGLE_OCCURRENCE, type OccurrenceTimes } from './occurrences.js';

/** An event as a reader may see it: its row and references, their membership of its tribe, its exceptions. */
export interface EventInReach {
  refs: EventWithRefs;
  member: Awaited<ReturnType<TribeReads['membership']>>;
  exceptions: ExceptionRow[];
}

const YEAR_MS = 366 * 86_400_000;

/** The RSVP key of a date: a repeating event's original start, the epoch for a single event. */
export const keyOf = (times: OccurrenceTimes): Date => times.occurrence ?? SINGLE_OCCURRENCE;

/**
 * Who sees what, and which date a request means: shared by the events, RSVP and calendar services. A
 * tribe-only event is for the tribe's active members, a public one for anyone signed in; a suspended tribe's
 * events are for its leaders only. Anything out of reach is 404, as for other hidden things.
 */
export function createEventReading(deps: { repo: EventsRepo; tribes: TribeReads; media: MediaUrl }) {
  const { repo, tribes, media } = deps;

  const reading = {
    /** The event when the user may see it, else 404. */
    async reach(id: string, user: UserRow): Promise<EventInReach> {
      const refs = await repo.findWithRefs(id);
      if (!refs) throw notFound();
      const member = await tribes.membership(refs.event.tribeId, user.id);
      if (!reading.canSee(refs, member)) throw notFound();
      return { refs, member, exceptions: await repo.exceptions([id]) };
    },

    canSee(refs: Pick<EventWithRefs, 'event' | 'tribe'>, member: EventInReach['member']): boolean {
      if (refs.tribe.suspendedAt && !isLeader(member)) return false;
      return refs.event.visibility === 'public' || isActive(member);
    },

    /** The event when the user may change it (its tribe's leaders and moderators): 404 out of reach, else 403. */
    async editable(id: string, user: UserRow): Promise<EventInReach> {
      const found = await reading.reach(id, user);
      if (!canModerate(found.member)) throw forbidden();
      return found;
    },

    /**
     * The date a request means: `occurrence` (a repeating event's original start of a date; a single event's
     * own start is accepted too), or by default the next date not over, or the last one when all are.
     */
    dateOf(event: EventRow, exceptions: readonly ExceptionRow[], occurrence: string | undefined, now: Date): OccurrenceTimes {
      if (occurrence !== undefined) {
        const key = new Date(occurrence);
        if (!event.repeatFreq) {
          if (key.getTime() !== event.startsAt.getTime()) throw fieldError('occurrence', 'validation.event_not_repeating');
          return { occurrence: null, startsAt: event.startsAt, endsAt: event.endsAt, moved: false, cancelled: false };
        }
        const times = occurrenceAt(event, exceptions, key);
        if (!times) throw fieldError('occurrence', 'validation.occurrence_unknown');
        return times;
      }
      if (!event.repeatFreq)
        return { occurrence: null, startsAt: event.startsAt, endsAt: event.endsAt, moved: false, cancelled: false };
      const next = occurrencesBetween(event, exceptions, now, new Date(now.getTime() + 2 * YEAR_MS))[0];
      if (next) return next;
      const past = occurrencesBetween(event, exceptions, event.startsAt, now);
      return (
        past[past.length - 1] ?? {
          occurrence: event.startsAt,
          startsAt: event.startsAt,
          endsAt: event.endsAt,
          moved: false,
          cancelled: false,
        }
      );
    },

    /** The event presented for one date, with its counts and the reader's answer. */
    async present(found: EventInReach, times: OccurrenceTimes, user: UserRow): Promise<AppEvent> {
      const { event } = found.refs;
      const key = keyOf(times);
      const counts = (await repo.counts([event.id])).find((c) => c.occurrence.getTime() === key.getTime());
      const mine = await repo.rsvp(event.id, key, user.id);
      const position = mine?.status === 'waitlisted' ? await repo.waitlistPosition(event.id, key, mine.turn) : null;
      return presentEvent(
        found.refs,
        found.exceptions,
        { times, going: counts?.going ?? 0, waitlisted: counts?.waitlisted ?? 0, mine, position },
        canModerate(found.member),
        media,
      );
    },
  };
  return reading;
}

export type EventReading = ReturnType<typeof createEventReading>;
