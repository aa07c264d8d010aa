import type { Attendee, AttendeeStatus, Page, Rsvp, RsvpBody, RsvpStatus } from '@tribes/shared';
import { ATTENDEE_STATUSES } from '@tribes/shared';
import type { Clock } from '#src/core/clock.js';
import { encodeCursor, readCursor } from '#src/core/cursor.js';
import type { Transact } from '#src/core/db/transaction.js';
import { fieldError, notFound } from '#src/core/errors.js';
import type { BlockSource } from '#src/realtime/blocks.js';
import { refuseBanned, type TribeReads } from '../tribes/index.js';
import type { UserRow } from '../users/index.js';
import type { EventNotices } from './event-notices.js';
import { keyOf, type EventReading } from './event-reading.js';
import type { MediaUrl } from './events.presenter.js';
import type { EventsRepo, RsvpRow } from './events.repo.js';
import { promoteWaiting } from './waitlist.js';

interface Deps {
  repo: EventsRepo;
  reading: EventReading;
  tribes: TribeReads;
  transact: Transact;
  clock: Clock;
  notices: EventNotices;
  blocks: BlockSource;
  media: MediaUrl;
}

/**
 * Answers to events (DESIGN 11.3): going, interested, not going, with guests. Every answer to an event takes
 * its turn on the event's locked row, so the capacity (guests included) is never exceeded however many
 * answer at once; `going` past it joins the waiting line, and a freed place moves the first in line.
 */
export function createRsvpsService({ repo, reading, tribes, transact, clock, notices, blocks, media }: Deps) {
  return {
    async rsvp(id: string, user: UserRow, body: RsvpBody): Promise<Rsvp> {
      const found = await reading.reach(id, user);
      await refuseBanned(tribes, found.refs.event.tribeId, user.id);
      const now = clock.now();
      const { answer, promoted, key } = await transact(async (tx) => {
        const event = await repo.lock(id, tx);
        if (!event) throw notFound();
        const field = event.repeatFreq ? 'occurrence' : 'status';
        if (event.repeatFreq && body.occurrence === undefined) throw fieldError('occurrence', 'validation.occurrence_required');
        if (event.status === 'cancelled') throw fieldError(field, 'validation.event_cancelled');
        const exceptions = await repo.exceptions([id], tx);
        const times = reading.dateOf(event, exceptions, body.occurrence, now);
        if (times.cancelled) throw fieldError(field, 'validation.event_cancelled');
        if (times.endsAt <= now) throw fieldError(field, 'validation.event_past');
        const key = keyOf(times);
        const before = await repo.rsvp(id, key, user.id, tx);
        const guests = body.status === 'going' ? (body.guests ?? before?.guests ?? 0) : 0;
        let status: RsvpStatus = body.status;
        let newTurn = false;
        if (body.status === 'going') {
          const going = await repo.goingCount(id, key, tx);
          if (before?.status === 'going') {
            const others = going - 1 - before.guests;
            if (event.capacity !== null && others + 1 + guests > event.capacity)
              throw fieldError('guests', 'validation.no_room_for_guests');
          } else if (before?.status === 'waitlisted') {
            status = 'waitlisted';
          } else if (event.capacity !== null && going + 1 + guests > event.capacity) {
            status = 'waitlisted';
            newTurn = true;
          }
        }
        const answer = await repo.putRsvp(
          { eventId: id, occurrence: key, userId: user.id, status, guests, at: now },
          newTurn,
          tx,
        );
        // A place freed (not going any more, or fewer guests): the first in line moves up.
        const freed = before?.status === 'going' && (status !== 'going' || guests < before.guests);
        const promoted = freed ? await promoteWaiting(repo, event, key, now, tx) : [];
        return { answer, promoted, key };
      });
      if (promoted.length) await notices.tell('event_promoted', found.refs.event, promoted, null);
      // Someone newly going to a date whose reminder is already due is reminded now, not at the next sweep.
      if (answer.status === 'going' || promoted.length) await notices.plan(id);
      return present(id, key, answer);
    },

    /** Who answers one date: going first, then interested, then the waiting line; blocks hold both ways. */
    async attendees(
      id: string,
      user: UserRow,
      q: { occurrence?: string; status?: AttendeeStatus; cursor?: string; limit: number },
    ): Promise<Page<Attendee>> {
      const found = await reading.reach(id, user);
      const key = keyOf(reading.dateOf(found.refs.event, found.exceptions, q.occurrence, clock.now()));
      const offset = Number(readCursor(q.cursor, { n: 'int' })?.n ?? 0);
      const rows = await repo.attendees({
        eventId: id,
        occurrence: key,
        statuses: q.status ? [q.status] : [...ATTENDEE_STATUSES],
        hidden: await blocks.blockPartners(user.id),
        offset,
        limit: q.limit + 1,
      });
      const items = rows.slice(0, q.limit).map((r): Attendee => ({
        user: { id: r.user.id, name: r.user.name, avatar_url: r.user.avatarKey ? media(r.user.avatarKey) : null },
        status: r.rsvp.status as AttendeeStatus,
        guests: r.rsvp.guests,
        responded_at: r.rsvp.updatedAt.toISOString(),
      }));
      return { items, next_cursor: rows.length > q.limit ? encodeCursor({ n: String(offset + q.limit) }) : null };
    },
  };

  async function present(id: string, key: Date, row: RsvpRow): Promise<Rsvp> {
    const counts = (await repo.counts([id])).find((c) => c.occurrence.getTime() === key.getTime());
    const fresh = (await repo.rsvp(id, key, row.userId)) ?? row;
    return {
      status: fresh.status as RsvpStatus,
      guests: fresh.guests,
      occurrence: key.getTime() === 0 ? null : key.toISOString(),
      waitlist_position: fresh.status === 'waitlisted' ? await repo.waitlistPosition(id, key, fresh.turn) : null,
      going_count: counts?.going ?? 0,
      waitlist_count: counts?.waitlisted ?? 0,
    };
  }
}

export type RsvpsService = ReturnType<typeof createRsvpsService>;
