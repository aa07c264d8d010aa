import { randomBytes } from 'node:crypto';
import {
  EVENT_ERRORS,
  EVENT_LIMITS,
  type AppEvent,
  type CreateEventData,
  type EventPlaceInput,
  type UpdateEventBody,
} from '@tribes/shared';
import type { Clock } from '#src/core/clock.js';
import type { Tx } from '#src/core/db/client.js';
import type { Transact } from '#src/core/db/transaction.js';
import { conflict, fieldError, forbidden, notFound } from '#src/core/errors.js';
import { openImage } from '#src/core/images.js';
import { PRIVATE_PREFIX, type Storage } from '#src/core/storage.js';
import { canModerate, isLeader, type TribeReads } from '../tribes/index.js';
import type { UserRow } from '../users/index.js';
import type { EventNotices } from './event-notices.js';
import type { EventReading } from './event-reading.js';
import type { MediaUrl } from './events.presenter.js';
import type { EventInsert, EventRow, EventsRepo } from './events.repo.js';
import { indexOfStart, keyAt, knownTimeZone, occurrenceAt, type Series } from './occurrences.js';
import { promoteWaiting } from './waitlist.js';

interface Deps {
  repo: EventsRepo;
  reading: EventReading;
  tribes: TribeReads;
  transact: Transact;
  clock: Clock;
  notices: EventNotices;
  storage: Pick<Storage, 'put' | 'delete'>;
  media: MediaUrl;
}

const DAY_MS = 86_400_000;

type PlaceColumns = Pick<EventInsert, 'placeKind' | 'villageId' | 'placeName' | 'lat' | 'lng' | 'onlineUrl'>;

/** What the effects after a commit need: who to tell of what. */
interface Told {
  event: EventRow;
  changed: { userIds: string[]; startsAt?: Date } | null;
  cancelled: { userIds: string[]; startsAt?: Date } | null;
  promoted: string[];
}

/** The end after the start, within the longest duration; both fields named as the body names them. */
function checkTimes(startsAt: Date, endsAt: Date): void {
  if (endsAt <= startsAt) throw fieldError('ends_at', 'validation.end_before_start');
  if (endsAt.getTime() - startsAt.getTime() > EVENT_LIMITS.durationMaxDays * DAY_MS)
    throw fieldError('ends_at', 'validation.event_too_long');
}

/**
 * Events of a tribe (DESIGN 11.3): created, edited and cancelled by its leaders and moderators; a change of
 * time or place tells everyone going, a cancellation too; a raised capacity moves the waiting line up.
 */
export function createEventsService({ repo, reading, tribes, transact, clock, notices, storage, media }: Deps) {
  /** The place's columns; a village must be one of the tribe's (and not rejected). */
  async function placeColumns(tribeId: string, place: EventPlaceInput): Promise<PlaceColumns> {
    if (place.village_id !== undefined) {
      const village = await repo.village(place.village_id);
      if (!village || village.tribeId !== tribeId || village.status === 'rejected')
        throw fieldError('place.village_id', 'validation.village_other_tribe');
      return { placeKind: 'village', villageId: village.id, placeName: null, lat: null, lng: null, onlineUrl: null };
    }
    if (place.online_url !== undefined)
      return {
        placeKind: 'online',
        onlineUrl: place.online_url,
        placeName: place.name ?? null,
        villageId: null,
        lat: null,
        lng: null,
      };
    return {
      placeKind: 'point',
      placeName: place.name ?? null,
      lat: place.lat ?? null,
      lng: place.lng ?? null,
      villageId: null,
      onlineUrl: null,
    };
  }

  function checkZone(zone: string | undefined): void {
    if (zone !== undefined && !knownTimeZone(zone)) throw fieldError('time_zone', 'validation.timezone');
  }

  /** Effects once committed: people told, reminders planned anew. */
  async function tellAfter(t: Told, actor: UserRow): Promise<void> {
    if (t.changed?.userIds.length) await notices.tell('event_changed', t.event, t.changed.userIds, actor, t.changed.startsAt);
    if (t.cancelled?.userIds.length)
      await notices.tell('event_cancelled', t.event, t.cancelled.userIds, actor, t.cancelled.startsAt);
    if (t.promoted.length) await notices.tell('event_promoted', t.event, t.promoted, null);
    await notices.plan(t.event.id);
  }

  /**
   * The answers of a series whose dates moved (a new first date, zone or rule) follow their date by its
   * position: the third date's answers stay with the third date; dates the new series lacks lose theirs.
   */
  async function rekeyAnswers(old: Series, next: Series, eventId: string, tx: Tx): Promise<void> {
    const keys = await repo.rsvpOccurrences(eventId, tx);
    const moves: { from: Date; to: Date }[] = [];
    for (const key of keys) {
      const index = indexOfStart(old, key);
      const to = index === undefined ? undefined : keyAt(next, index);
      if (!to) await repo.deleteRsvpsOf(eventId, key, tx);
      else if (to.getTime() !== key.getTime()) moves.push({ from: key, to });
    }
    // Through keys no date has (before the epoch), so two dates trading keys never collide.
    for (const [i, m] of moves.entries()) await repo.rekeyRsvps(eventId, m.from, new Date(-(i + 1) * 1000), tx);
    for (const [i, m] of moves.entries()) await repo.rekeyRsvps(eventId, new Date(-(i + 1) * 1000), m.to, tx);
  }

  const goingFrom = async (eventId: string, now: Date, tx: Tx) =>
    (await repo.goingUserIds(eventId, { from: now }, tx)).map((g) => g.userId);

  /** One date of a repeating event moved, cancelled or restored. */
  async function changeDate(event: EventRow, body: UpdateEventBody, now: Date, tx: Tx): Promise<Told> {
    if (!event.repeatFreq) throw fieldError('occurrence', 'validation.event_not_repeating');
    const key = new Date(body.occurrence!);
    const exceptions = await repo.exceptions([event.id], tx);
    const current = occurrenceAt(event, exceptions, key);
    if (!current) throw fieldError('occurrence', 'validation.occurrence_unknown');
    const startsAt = body.starts_at !== undefined ? new Date(body.starts_at) : current.startsAt;
    const endsAt =
      body.ends_at !== undefined
        ? new Date(body.ends_at)
        : body.starts_at !== undefined
          ? new Date(startsAt.getTime() + current.endsAt.getTime() - current.startsAt.getTime())
          : current.endsAt;
    checkTimes(startsAt, endsAt);
    const cancelled = body.cancelled ?? current.cancelled;
    const usual =
      startsAt.getTime() === key.getTime() &&
      endsAt.getTime() - startsAt.getTime() === event.endsAt.getTime() - event.startsAt.getTime();
    if (usual && !cancelled) await repo.deleteException(event.id, key, tx);
    else await repo.putException({ eventId: event.id, occurrence: key, startsAt, endsAt, cancelled }, tx);
    const updated = await repo.update(event.id, { sequence: event.sequence + 1, updatedAt: now }, tx);
    const going = (await repo.goingUserIds(event.id, { occurrence: key }, tx)).map((g) => g.userId);
    const moved = startsAt.getTime() !== current.startsAt.getTime() || endsAt.getTime() !== current.endsAt.getTime();
    return {
      event: updated,
      cancelled: cancelled && !current.cancelled ? { userIds: going, startsAt: current.startsAt } : null,
      changed: !cancelled && (moved || current.cancelled) ? { userIds: going, startsAt } : null,
      promoted: [],
    };
  }

  /** The whole event changed. */
  async function changeEvent(
    event: EventRow,
    body: UpdateEventBody,
    place: PlaceColumns | undefined,
    now: Date,
    tx: Tx,
  ): Promise<Told> {
    const startsAt = body.starts_at !== undefined ? new Date(body.starts_at) : event.startsAt;
    const endsAt =
      body.ends_at !== undefined
        ? new Date(body.ends_at)
        : body.starts_at !== undefined
          ? new Date(startsAt.getTime() + event.endsAt.getTime() - event.startsAt.getTime())
          : event.endsAt;
    checkTimes(startsAt, endsAt);
    const repeat =
      body.repeat === undefined
        ? {
            repeatFreq: event.repeatFreq,
            repeatInterval: event.repeatInterval,
            repeatCount: event.repeatCount,
            repeatUntil: event.repeatUntil,
          }
        : body.repeat === null
          ? { repeatFreq: null, repeatInterval: 1, repeatCount: null, repeatUntil: null }
          : {
              repeatFreq: body.repeat.freq,
              repeatInterval: body.repeat.interval ?? 1,
              repeatCount: body.repeat.count ?? null,
              repeatUntil: body.repeat.until !== undefined ? new Date(body.repeat.until) : null,
            };
    if (repeat.repeatUntil && repeat.repeatUntil < startsAt)
      throw fieldError('repeat.until', 'validation.repeat_until_before_start');
    const capacity = body.capacity !== undefined ? body.capacity : event.capacity;
    if (body.capacity !== undefined && capacity !== null && (await repo.maxGoing(event.id, now, tx)) > capacity)
      throw fieldError('capacity', 'validation.capacity_below_going');
    const timeZone = body.time_zone ?? event.timeZone;
    const next: Series = { startsAt, endsAt, timeZone, ...repeat };
    const seriesMoved =
      startsAt.getTime() !== event.startsAt.getTime() ||
      timeZone !== event.timeZone ||
      repeat.repeatFreq !== event.repeatFreq ||
      repeat.repeatInterval !== event.repeatInterval ||
      repeat.repeatCount !== event.repeatCount ||
      (repeat.repeatUntil?.getTime() ?? null) !== (event.repeatUntil?.getTime() ?? null);
    const timeChanged = seriesMoved || endsAt.getTime() !== event.endsAt.getTime();
    const placeChanged =
      place !== undefined &&
      (place.placeKind !== event.placeKind ||
        place.villageId !== event.villageId ||
        place.placeName !== event.placeName ||
        place.lat !== event.lat ||
        place.lng !== event.lng ||
        place.onlineUrl !== event.onlineUrl);
    // Who was going before the dates move: they hear of the change.
    const going = timeChanged || placeChanged ? await goingFrom(event.id, now, tx) : [];
    if (seriesMoved) {
      await rekeyAnswers(event, next, event.id, tx);
      await repo.clearExceptions(event.id, tx);
    }
    const updated = await repo.update(
      event.id,
      {
        ...(body.title !== undefined ? { title: body.title } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.visibility !== undefined ? { visibility: body.visibility } : {}),
        ...place,
        startsAt,
        endsAt,
        timeZone,
        capacity,
        ...repeat,
        sequence: event.sequence + 1,
        updatedAt: now,
      },
      tx,
    );
    // A raised (or lifted) capacity moves each date's waiting line up.
    const promoted: string[] = [];
    if (body.capacity !== undefined && (capacity === null || (event.capacity !== null && capacity > event.capacity)))
      for (const key of await repo.waitlistedOccurrences(event.id, tx))
        promoted.push(...(await promoteWaiting(repo, updated, key, now, tx)));
    return { event: updated, changed: going.length ? { userIds: going } : null, cancelled: null, promoted };
  }

  return {
    async create(ref: string, user: UserRow, body: CreateEventData): Promise<AppEvent> {
      const tribe = await tribes.findByRef(ref);
      if (!tribe) throw notFound();
      const member = await tribes.membership(tribe.id, user.id);
      if (tribe.suspendedAt && !isLeader(member)) throw notFound();
      if (!canModerate(member)) throw forbidden();
      checkZone(body.time_zone);
      const place = await placeColumns(tribe.id, body.place);
      const now = clock.now();
      const row = await transact((tx) =>
        repo.insert(
          {
            tribeId: tribe.id,
            title: body.title,
            description: body.description,
            startsAt: new Date(body.starts_at),
            endsAt: new Date(body.ends_at),
            timeZone: body.time_zone,
            ...place,
            capacity: body.capacity ?? null,
            visibility: body.visibility,
            repeatFreq: body.repeat?.freq ?? null,
            repeatInterval: body.repeat?.interval ?? 1,
            repeatCount: body.repeat?.count ?? null,
            repeatUntil: body.repeat?.until !== undefined ? new Date(body.repeat.until) : null,
            createdBy: user.id,
            createdAt: now,
            updatedAt: now,
          },
          tx,
        ),
      );
      await notices.plan(row.id);
      const found = await reading.reach(row.id, user);
      return reading.present(found, reading.dateOf(row, [], undefined, now), user);
    },

    /** A public event's link preview (Open Graph): anything else is 404, as to an anonymous reader. */
    async preview(id: string): Promise<{ title: string; description: string; cover_url: string | null; tribe_name: string }> {
      const refs = await repo.findWithRefs(id);
      if (!refs || refs.event.visibility !== 'public' || refs.tribe.suspendedAt) throw notFound();
      return {
        title: refs.event.title,
        description: refs.event.description,
        cover_url: refs.event.coverKey ? media(refs.event.coverKey) : null,
        tribe_name: refs.tribe.name,
      };
    },

    async get(id: string, user: UserRow, occurrence: string | undefined): Promise<AppEvent> {
      const found = await reading.reach(id, user);
      return reading.present(found, reading.dateOf(found.refs.event, found.exceptions, occurrence, clock.now()), user);
    },

    async update(id: string, user: UserRow, body: UpdateEventBody): Promise<AppEvent> {
      const found = await reading.editable(id, user);
      checkZone(body.time_zone);
      const place = body.place ? await placeColumns(found.refs.event.tribeId, body.place) : undefined;
      const now = clock.now();
      const told = await transact(async (tx) => {
        const event = await repo.lock(id, tx);
        if (!event) throw notFound();
        if (event.status === 'cancelled') throw conflict(EVENT_ERRORS.cancelled, 'events.already_cancelled');
        return body.occurrence !== undefined ? changeDate(event, body, now, tx) : changeEvent(event, body, place, now, tx);
      });
      await tellAfter(told, user);
      const fresh = await reading.reach(id, user);
      return reading.present(fresh, reading.dateOf(fresh.refs.event, fresh.exceptions, body.occurrence, now), user);
    },

    /** DELETE: the event is kept, cancelled (its calendars say so), and everyone going is told. */
    async cancel(id: string, user: UserRow): Promise<AppEvent> {
      await reading.editable(id, user);
      const now = clock.now();
      const told = await transact(async (tx): Promise<Told> => {
        const event = await repo.lock(id, tx);
        if (!event) throw notFound();
        if (event.status === 'cancelled') throw conflict(EVENT_ERRORS.cancelled, 'events.already_cancelled');
        const updated = await repo.update(
          id,
          { status: 'cancelled', cancelledAt: now, sequence: event.sequence + 1, updatedAt: now },
          tx,
        );
        return { event: updated, changed: null, cancelled: { userIds: await goingFrom(id, now, tx) }, promoted: [] };
      });
      await tellAfter(told, user);
      const fresh = await reading.reach(id, user);
      return reading.present(fresh, reading.dateOf(fresh.refs.event, fresh.exceptions, undefined, now), user);
    },

    /**
     * Sets the cover (who may edit): a 3:1 WebP without metadata, under a new name each time. A tribe-only
     * event's cover is private (served by signed links), a public one's public (link previews load it).
     */
    async setCover(id: string, user: UserRow, upload: Buffer): Promise<AppEvent> {
      const found = await reading.editable(id, user);
      if (found.refs.event.status === 'cancelled') throw conflict(EVENT_ERRORS.cancelled, 'events.already_cancelled');
      const opened = await openImage(upload, 'cover', 50_000_000);
      let webp: Buffer;
      try {
        webp = await opened.rotate().resize(1500, 500, { fit: 'cover', position: 'centre' }).webp({ quality: 82 }).toBuffer();
      } catch {
        throw fieldError('cover', 'validation.image_invalid');
      }
      const folder = found.refs.event.visibility === 'public' ? '' : PRIVATE_PREFIX;
      const key = `${folder}events/${id}/cover-${randomBytes(12).toString('hex')}.webp`;
      await storage.put(key, webp, 'image/webp');
      const now = clock.now();
      await transact((tx) => repo.update(id, { coverKey: key, sequence: found.refs.event.sequence + 1, updatedAt: now }, tx));
      const old = found.refs.event.coverKey;
      if (old && old !== key) await storage.delete(old).catch(() => undefined);
      const fresh = await reading.reach(id, user);
      return reading.present(fresh, reading.dateOf(fresh.refs.event, fresh.exceptions, undefined, now), user);
    },
  };
}

export type EventsService = ReturnType<typeof createEventsService>;
