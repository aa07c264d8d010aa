import type { AppEvent, EventPlace, EventRepeatFreq, EventStatus, EventVisibility, Occurrence, RsvpStatus } from '@tribes/shared';
import { renderMarkdown } from '#src/core/markdown.js';
import type { ExceptionRow, EventWithRefs, RsvpRow } from './events.repo.js';
import { rruleOf, type OccurrenceTimes } from './occurrences.js';

/** How presenting reaches media (covers, avatars). */
export type MediaUrl = (key: string) => string;

/** An event's place: the fields of its kind (a village's name and position with it). */
export function presentPlace({ event, village }: Pick<EventWithRefs, 'event' | 'village'>): EventPlace {
  switch (event.placeKind) {
    case 'village':
      return {
        kind: 'village',
        ...(event.villageId ? { village_id: event.villageId } : {}),
        ...(village?.name ? { name: village.name } : {}),
        ...(village?.lat !== null && village?.lat !== undefined ? { lat: village.lat, lng: village.lng! } : {}),
      };
    case 'online':
      return { kind: 'online', online_url: event.onlineUrl ?? '', ...(event.placeName ? { name: event.placeName } : {}) };
    default:
      return { kind: 'point', name: event.placeName ?? '', lat: event.lat ?? 0, lng: event.lng ?? 0 };
  }
}

/** What an event's page shows for one of its dates. */
export interface DateView {
  times: OccurrenceTimes;
  going: number;
  waitlisted: number;
  mine: RsvpRow | undefined;
  position: number | null;
}

/** An event as GET /v1/events/{id} answers it, for one date. */
export function presentEvent(
  refs: EventWithRefs,
  exceptions: readonly ExceptionRow[],
  date: DateView,
  canEdit: boolean,
  media: MediaUrl,
): AppEvent {
  const { event, tribe, organiser } = refs;
  const rrule = rruleOf(event);
  return {
    id: event.id,
    tribe_id: event.tribeId,
    tribe: { id: tribe.id, slug: tribe.slug, name: tribe.name },
    title: event.title,
    description: event.description,
    description_html: renderMarkdown(event.description),
    starts_at: event.startsAt.toISOString(),
    ends_at: event.endsAt.toISOString(),
    time_zone: event.timeZone,
    place: presentPlace(refs),
    capacity: event.capacity,
    visibility: event.visibility as EventVisibility,
    repeat:
      event.repeatFreq && rrule
        ? {
            freq: event.repeatFreq as EventRepeatFreq,
            interval: event.repeatInterval,
            count: event.repeatCount,
            until: event.repeatUntil?.toISOString() ?? null,
            rrule,
          }
        : null,
    exceptions: exceptions.map((x) => ({
      occurrence: x.occurrence.toISOString(),
      starts_at: x.startsAt.toISOString(),
      ends_at: x.endsAt.toISOString(),
      cancelled: x.cancelled,
    })),
    cover_url: event.coverKey ? media(event.coverKey) : null,
    status: event.status as EventStatus,
    sequence: event.sequence,
    occurrence: date.times.occurrence?.toISOString() ?? null,
    occurrence_starts_at: date.times.startsAt.toISOString(),
    occurrence_ends_at: date.times.endsAt.toISOString(),
    going_count: date.going,
    waitlist_count: date.waitlisted,
    my_rsvp: (date.mine?.status as RsvpStatus | undefined) ?? null,
    my_guests: date.mine?.guests ?? 0,
    my_waitlist_position: date.position,
    can_edit: canEdit,
    organiser: organiser?.id
      ? { id: organiser.id, name: organiser.name ?? '', avatar_url: organiser.avatarKey ? media(organiser.avatarKey) : null }
      : null,
    created_at: event.createdAt.toISOString(),
    updated_at: event.updatedAt.toISOString(),
  };
}

/** One date of an event in a list. */
export function presentOccurrence(
  refs: EventWithRefs,
  times: OccurrenceTimes,
  counts: { going: number; waitlisted: number },
  mine: RsvpStatus | null,
  distanceKm: number | null,
  media: MediaUrl,
): Occurrence {
  const { event, tribe } = refs;
  return {
    event_id: event.id,
    occurrence: times.occurrence?.toISOString() ?? null,
    starts_at: times.startsAt.toISOString(),
    ends_at: times.endsAt.toISOString(),
    time_zone: event.timeZone,
    title: event.title,
    place: presentPlace(refs),
    tribe: { id: tribe.id, slug: tribe.slug, name: tribe.name },
    visibility: event.visibility as EventVisibility,
    cover_url: event.coverKey ? media(event.coverKey) : null,
    capacity: event.capacity,
    going_count: counts.going,
    waitlist_count: counts.waitlisted,
    my_rsvp: mine,
    repeating: event.repeatFreq !== null,
    moved: times.moved,
    distance_km: distanceKm === null ? null : Math.round(distanceKm * 10) / 10,
  };
}
