import { EVENT_LIMITS, type Occurrence, type Page, type RsvpStatus } from '@tribes/shared';
import type { Clock } from '#src/core/clock.js';
import { encodeCursor, readCursor } from '#src/core/cursor.js';
import { fieldError, notFound } from '#src/core/errors.js';
import { isActive, isLeader, type TribeReads } from '../tribes/index.js';
import type { UserRow } from '../users/index.js';
import { presentOccurrence, presentPlace, type MediaUrl } from './events.presenter.js';
import type { EventsRepo, EventWithRefs, ExceptionRow } from './events.repo.js';
import { occurrencesBetween, SINGLE_OCCURRENCE, type OccurrenceTimes } from './occurrences.js';

interface Deps {
  repo: EventsRepo;
  tribes: TribeReads;
  clock: Clock;
  media: MediaUrl;
}

const DAY_MS = 86_400_000;

interface Window {
  from?: string;
  to?: string;
  cursor?: string;
  limit: number;
}

/** Kilometres between two points on the Earth (haversine). */
function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** `near=lat,lng` read, or a 400 on `near`. */
function readNear(near: string): { lat: number; lng: number } {
  const [lat, lng] = near.split(',').map((v) => Number(v.trim()));
  if (lat === undefined || lng === undefined || !(Math.abs(lat) <= 90) || !(Math.abs(lng) <= 180))
    throw fieldError('near', 'validation.near');
  return { lat, lng };
}

/**
 * Lists of event dates (DESIGN 11.3): a tribe's, and the public ones plus my tribes' (the map and /events),
 * each repeating event giving one item per date in the window, at its local time in its zone.
 */
export function createEventListsService({ repo, tribes, clock, media }: Deps) {
  function windowOf(q: Window): { from: Date; to: Date } {
    const from = q.from !== undefined ? new Date(q.from) : clock.now();
    const to = q.to !== undefined ? new Date(q.to) : new Date(from.getTime() + EVENT_LIMITS.windowDefaultDays * DAY_MS);
    if (to <= from || to.getTime() - from.getTime() > EVENT_LIMITS.windowMaxDays * DAY_MS)
      throw fieldError('to', 'validation.window');
    return { from, to };
  }

  async function page(
    rows: EventWithRefs[],
    user: UserRow,
    q: Window,
    near?: { lat: number; lng: number },
  ): Promise<Page<Occurrence>> {
    const { from, to } = windowOf(q);
    const ids = rows.map((r) => r.event.id);
    const exceptions = new Map<string, ExceptionRow[]>();
    for (const x of await repo.exceptions(ids)) exceptions.set(x.eventId, [...(exceptions.get(x.eventId) ?? []), x]);
    const k = (eventId: string, key: Date) => `${eventId}|${key.getTime()}`;
    const counts = new Map((await repo.counts(ids)).map((c) => [k(c.eventId, c.occurrence), c]));
    const mine = new Map((await repo.myRsvps(user.id, ids)).map((r) => [k(r.eventId, r.occurrence), r.status as RsvpStatus]));
    const items: { refs: EventWithRefs; times: OccurrenceTimes; distance: number | null }[] = [];
    for (const refs of rows) {
      let distance: number | null = null;
      if (near) {
        const place = presentPlace(refs);
        if (place.lat === undefined || place.lng === undefined) continue;
        distance = distanceKm(near, { lat: place.lat, lng: place.lng });
        if (distance > EVENT_LIMITS.nearRadiusKm) continue;
      }
      for (const times of occurrencesBetween(refs.event, exceptions.get(refs.event.id) ?? [], from, to))
        items.push({ refs, times, distance });
    }
    const keyMs = (t: OccurrenceTimes) => (t.occurrence ?? SINGLE_OCCURRENCE).getTime();
    const byTime = (a: (typeof items)[number], b: (typeof items)[number]) =>
      a.times.startsAt.getTime() - b.times.startsAt.getTime() ||
      a.refs.event.id.localeCompare(b.refs.event.id) ||
      keyMs(a.times) - keyMs(b.times);
    let rest: typeof items;
    let nextCursor: (last: (typeof items)[number], offset: number) => string;
    if (near) {
      items.sort((a, b) => a.distance! - b.distance! || byTime(a, b));
      const offset = Number(readCursor(q.cursor, { n: 'int' })?.n ?? 0);
      rest = items.slice(offset);
      nextCursor = (_last, n) => encodeCursor({ n: String(offset + n) });
    } else {
      items.sort(byTime);
      const after = readCursor(q.cursor, { at: 'date', id: 'uuid', k: 'text' });
      rest = after
        ? items.filter((i) => {
            const at = new Date(after.at).getTime();
            const d =
              i.times.startsAt.getTime() - at || i.refs.event.id.localeCompare(after.id) || keyMs(i.times) - Number(after.k);
            return d > 0;
          })
        : items;
      nextCursor = (last) =>
        encodeCursor({ at: last.times.startsAt.toISOString(), id: last.refs.event.id, k: String(keyMs(last.times)) });
    }
    const shown = rest.slice(0, q.limit);
    const last = shown[shown.length - 1];
    return {
      items: shown.map(({ refs, times, distance }) => {
        const key = k(refs.event.id, times.occurrence ?? SINGLE_OCCURRENCE);
        const c = counts.get(key);
        return presentOccurrence(
          refs,
          times,
          { going: c?.going ?? 0, waitlisted: c?.waitlisted ?? 0 },
          mine.get(key) ?? null,
          distance,
          media,
        );
      }),
      next_cursor: rest.length > q.limit && last ? nextCursor(last, q.limit) : null,
    };
  }

  return {
    /** A tribe's dates: all of them for its active members, its public ones for anyone else signed in. */
    async tribeEvents(ref: string, user: UserRow, q: Window): Promise<Page<Occurrence>> {
      const tribe = await tribes.findByRef(ref);
      if (!tribe) throw notFound();
      const member = await tribes.membership(tribe.id, user.id);
      if (tribe.suspendedAt && !isLeader(member)) throw notFound();
      const { from, to } = windowOf(q);
      const rows = await repo.candidates({
        tribeId: tribe.id,
        publicToo: true,
        tribeIds: isActive(member) ? [tribe.id] : [],
        from,
        to,
      });
      return page(rows, user, q);
    },

    /** A tribe's dates in [from, to), for its members' weekly digest (cancelled ones left out). */
    async datesOf(
      tribeId: string,
      from: Date,
      to: Date,
    ): Promise<{ id: string; title: string; startsAt: Date; timeZone: string }[]> {
      const rows = await repo.candidates({ tribeId, publicToo: true, tribeIds: [tribeId], from, to });
      const exceptions = await repo.exceptions(rows.map((r) => r.event.id));
      return rows
        .flatMap(({ event }) =>
          occurrencesBetween(
            event,
            exceptions.filter((x) => x.eventId === event.id),
            from,
            to,
          )
            .filter((d) => d.startsAt >= from)
            .map((d) => ({ id: event.id, title: event.title, startsAt: d.startsAt, timeZone: event.timeZone })),
        )
        .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())
        .slice(0, 10);
    },

    /** Public dates and my tribes' (or only the events I answered or organised), in time order or nearest first. */
    async list(user: UserRow, q: Window & { near?: string; scope: 'all' | 'mine' }): Promise<Page<Occurrence>> {
      const near = q.near !== undefined ? readNear(q.near) : undefined;
      const { from, to } = windowOf(q);
      const tribeIds = await repo.activeTribeIds(user.id);
      const onlyIds = q.scope === 'mine' ? await repo.myEventIds(user.id) : undefined;
      const rows = await repo.candidates({ publicToo: true, tribeIds, from, to, onlyIds });
      return page(rows, user, q, near);
    },
  };
}

export type EventListsService = ReturnType<typeof createEventListsService>;
